import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { reachableSteps } from '@machines/registration/business-wizard.machine';
import { WIZARD_STEPS, type WizardStep } from '@machines/registration/registration-draft';
import { focusFirstInvalidSoon, uiMessageText } from '@/shared/lib';
import { Button, ConfirmButton, Dialog, FormAlert } from '@/shared/ui';
import { DueDiligenceStep, FinancialStep, GeneralStep, LegalStep } from './form-steps';
import { DirectorsHub, ShareholdersHub, UsersHub } from './hubs';
import { CompanyForm, PersonForm } from './node-forms';
import { Summary } from './summary';
import { STEP_TITLES } from './wizard-texts';
import type { BusinessWizardActor, WizardLists } from './wizard-parts';
import styles from './business-wizard.module.css';

export interface BusinessWizardProps {
  actor: BusinessWizardActor;
  lists: WizardLists;
  /** The captcha widget (pluggable), shown on the summary. */
  captcha: ReactNode;
  /** Leaves the completion popup (the page goes to the root). */
  onDone: () => void;
}

const STEP_VIEWS = {
  generalForm: GeneralStep,
  financialInfoForm: FinancialStep,
  dueDilligenceForm: DueDiligenceStep,
  legalForm: LegalStep,
  directorsHub: DirectorsHub,
  shareholdersHub: ShareholdersHub,
  usersHub: UsersHub,
  summary: Summary,
} as const;

/** The step the wizard shows (the summary while it submits and after). */
const stepOf = (value: unknown): WizardStep => (typeof value === 'object' && value && 'steps' in value ? ((value as { steps: WizardStep }).steps ?? 'summary') : 'summary');

/**
 * /register/business (002 s2, s4): the wizard statechart's view. The steps in order, each finished
 * one a button (free movement), the current one marked; the step's fields or its hub; a person's or
 * a company's form over the hub it came from; Back, Next (the step's errors show when it is left
 * or Next is refused, the first wrong field focused), Start over; the summary with the captcha and
 * submit; the completion popup. Focus moves to the step's heading when the step changes.
 */
export function BusinessWizard({ actor, lists, captcha, onDone }: BusinessWizardProps) {
  const { t, i18n } = useLingui();
  const step = useSelector(actor, (s) => stepOf(s.value));
  const node = useSelector(actor, (s) => s.context.node);
  const finished = useSelector(actor, (s) => s.context.draft.finished);
  const reachable = useSelector(actor, (s) => reachableSteps(s.context.draft).join());
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const completed = useSelector(actor, (s) => s.hasTag('completed'));
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  const firstUserEmail = useSelector(actor, (s) => Object.values(s.context.draft.persons).find((p) => p.isUser)?.email ?? '');
  const heading = useRef<HTMLHeadingElement>(null);
  const where = node ? `${node.kind}:${node.person?.id ?? node.company?.id}` : step;
  const first = useRef(true);
  // Focus follows the wizard (a step or a form opened): to the new heading, not on the first paint.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [where]);
  const index = WIZARD_STEPS.indexOf(step);
  const title = node
    ? node.kind === 'company'
      ? t`A company shareholder`
      : node.role === 'user' && node.isNew
        ? t`A user`
        : node.role === 'shareholder' && node.isNew
          ? t`A shareholder`
          : node.isNew
            ? t`A director`
            : t`A person`
    : i18n._(STEP_TITLES[step]);
  const next = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send(step === 'summary' ? { type: 'SUBMIT' } : { type: 'NEXT' });
    // A refused step: its first wrong field gets the focus (after the errors are drawn), not once the user has
    // moved on (opened a person, whose form has its own problems).
    focusFirstInvalidSoon(event.currentTarget);
  };
  const View = STEP_VIEWS[step];
  return (
    <div className={styles.wizard}>
      <nav aria-label={t`Registration steps`} className={styles.stepsNav}>
        <ol className={styles.steps}>
          {WIZARD_STEPS.map((s, i) => {
            const label = (
              <>
                <span className={styles.stepNumber} aria-hidden="true">
                  {i + 1}
                </span>
                {i18n._(STEP_TITLES[s])}
                {finished.includes(s) ? <span className={styles.visuallyHidden}> {t`(finished)`}</span> : null}
              </>
            );
            const current = s === step;
            return (
              <li key={s} className={styles.stepItem} data-current={current || undefined} data-finished={finished.includes(s) || undefined}>
                {current && !node ? (
                  <span className={styles.stepCurrent} aria-current="step">
                    {label}
                  </span>
                ) : reachable.split(',').includes(s) && !node && !busy && !completed ? (
                  <button type="button" className={styles.stepButton} onClick={() => actor.send({ type: 'GOTO', step: s })}>
                    {label}
                  </button>
                ) : (
                  <span className={styles.stepLocked} {...(current ? { 'aria-current': 'step' as const } : {})}>
                    {label}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <section className={styles.stepBody} aria-labelledby="wizard-step-title">
        <h2 id="wizard-step-title" ref={heading} tabIndex={-1} className={styles.stepTitle}>
          {title}
        </h2>
        {node ? (
          node.kind === 'company' ? (
            <CompanyForm actor={actor} lists={lists} />
          ) : (
            <PersonForm actor={actor} lists={lists} />
          )
        ) : (
          <form className={styles.form} onSubmit={next} noValidate data-wizard aria-busy={busy}>
            <View actor={actor} lists={lists} />
            {step === 'summary' ? captcha : null}
            {failure ? <FormAlert>{failure}</FormAlert> : null}
            <div className={styles.buttons}>
              <Button type="submit" isPending={busy}>
                {step === 'summary' ? t`Submit the registration` : t`Next`}
              </Button>
              {index > 0 ? (
                <Button variant="secondary" onPress={() => actor.send({ type: 'BACK' })} isDisabled={busy}>
                  {t`Back`}
                </Button>
              ) : null}
              <span className={styles.startOver}>
                <ConfirmButton
                  label={t`Start over`}
                  title={t`Start over?`}
                  message={t`Everything entered in this registration is forgotten on this device.`}
                  confirmLabel={t`Start over`}
                  onConfirm={() => actor.send({ type: 'START_OVER' })}
                />
              </span>
            </div>
          </form>
        )}
      </section>
      <Dialog isOpen={completed} role="alertdialog" onClose={onDone} title={t`Registration completed`}>
        <div className={styles.dialogBody}>
          <p>{t`We sent an activation e-mail to ${firstUserEmail}. Each user gets their own e-mail to activate their access.`}</p>
          <Button onPress={onDone}>{t`Done`}</Button>
        </div>
      </Dialog>
    </div>
  );
}
