import { useEffect, useRef, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { kycStep } from '@machines/verification/kyc.machine';
import type { KycStepKind } from '@machines/verification/kyc.rules';
import { LANDING_ROUTES } from '@machines/auth/landing.logic';
import { useCustomerChanged } from '@/entities/session';
import { useRefreshVerification } from '@/entities/verification';
import { DEFAULT_LANGUAGE, parseLanguage } from '@/shared/config';
import { uiMessageText } from '@/shared/lib';
import { inspectOptions, watchVerificationChanges } from '@/shared/model';
import { ErrorState, Preloader } from '@/shared/ui';
import { kycLogicFor, type KycLogic } from '../model/kyc-actors';
import { ContinueToStartPage } from './continue-to-start-page';
import { DueDiligenceStep } from './due-diligence-step';
import { IdentityStep } from './identity-step';
import type { KycActor } from './kyc-parts';
import { PersonalInfoStep } from './personal-info-step';
import { QuestionsStep } from './questions-step';
import styles from './complete-kyc.module.css';

export interface KycWizardProps {
  /** Injectable for stories and tests (fake calls); default the app's calls in the interface language. */
  logic?: KycLogic;
  /** The identity check's start (the page puts the identity verification feature here). */
  identityStart?: ReactNode;
  /** The date the rules count from (YYYY-MM-DD); default today. */
  today?: string;
}

/**
 * /kyc's content (spec 002 s2, s7), the view of the KYC statechart: loading, a failed load
 * with a retry, the request's steps one at a time ("Step 2 of 3", focus to the step's heading when
 * the step changes), the request read again after the last step, and done: the session reads the
 * customer again and the start page opens.
 */
export function KycWizard({ logic, identityStart, today }: KycWizardProps) {
  const { t, i18n } = useLingui();
  const customerChanged = useCustomerChanged();
  const refresh = useRefreshVerification();
  // The statechart is started once: its `kycDone` action calls whatever the page gives now.
  const latest = useRef({ customerChanged, refresh });
  useEffect(() => {
    latest.current = { customerChanged, refresh };
  });
  const actor = useActorRef(
    (logic ?? kycLogicFor(parseLanguage(i18n.locale) ?? DEFAULT_LANGUAGE)).provide({
      actions: {
        kycDone: () => {
          latest.current.refresh();
          latest.current.customerChanged();
        },
      },
    }),
    { input: { today: today ?? new Date().toISOString().slice(0, 10) }, ...inspectOptions() },
  );
  // News of the verification (the identity check decided) or the tab back in view: the request read again (the identity step listens).
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'REFRESH' });
    };
    document.addEventListener('visibilitychange', onVisible);
    const unwatch = watchVerificationChanges(() => actor.send({ type: 'REFRESH' }));
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      unwatch();
    };
  }, [actor]);
  const view = useSelector(actor, (s) =>
    s.hasTag('loading')
      ? 'loading'
      : s.hasTag('loadFailed')
        ? 'loadFailed'
        : s.hasTag('nothingToDo')
          ? 'nothingToDo'
          : s.hasTag('done')
            ? 'done'
            : s.hasTag('finishFailed')
              ? 'finishFailed'
              : s.hasTag('finishing')
                ? 'finishing'
                : 'step',
  );
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  switch (view) {
    case 'loading':
      return <Preloader label={t`Loading what we need from you…`} />;
    case 'loadFailed':
      return <ErrorState title={t`What we need from you could not be loaded`} message={failure ?? t`Check your connection, then try again.`} onRetry={() => actor.send({ type: 'RETRY' })} />;
    case 'finishing':
      return <Preloader label={t`Checking that everything is complete…`} />;
    case 'finishFailed':
      return <ErrorState title={t`We could not check that everything is complete`} message={failure ?? t`Check your connection, then try again.`} onRetry={() => actor.send({ type: 'RETRY' })} />;
    case 'nothingToDo':
      return <ContinueToStartPage from={LANDING_ROUTES.kyc} message={t`There is nothing more for you to do here now.`} />;
    case 'done':
      return <ContinueToStartPage from={LANDING_ROUTES.kyc} message={t`Thank you. Everything is sent: our compliance team will check it.`} />;
    default:
      return <Steps actor={actor} identityStart={identityStart} />;
  }
}

/** The current step with its heading ("Step 2 of 3"), focused when the step changes (not on the first paint). */
function Steps({ actor, identityStart }: { actor: KycActor; identityStart: ReactNode }) {
  const { t } = useLingui();
  const step = useSelector(actor, kycStep);
  const index = useSelector(actor, (s) => s.context.index);
  const total = useSelector(actor, (s) => s.context.steps.length);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const where = `${index}:${step}`;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [where]);
  const titles: Record<KycStepKind, string> = {
    questions: t`A few questions about you`,
    personalInfo: t`Your personal data`,
    dueDiligence: t`Where your money comes from`,
    identity: t`Verify your identity`,
  };
  const number = index + 1;
  const title = step ? titles[step] : '';
  return (
    <section className={styles.wizard} aria-labelledby="kyc-step-title">
      <h2 id="kyc-step-title" ref={heading} tabIndex={-1} className={styles.stepTitle}>
        {t`Step ${number} of ${total}: ${title}`}
      </h2>
      {step === 'questions' ? <QuestionsStep actor={actor} /> : null}
      {step === 'personalInfo' ? <PersonalInfoStep actor={actor} /> : null}
      {step === 'dueDiligence' ? <DueDiligenceStep actor={actor} /> : null}
      {step === 'identity' ? <IdentityStep actor={actor} start={identityStart} /> : null}
    </section>
  );
}
