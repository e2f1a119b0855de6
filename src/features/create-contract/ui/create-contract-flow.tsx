import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { ContractDraft, CreateStep } from '@machines/contracts/contract-create.machine';
import { CONTRACT_NOTE_MAX, OBLIGATION_MAX, OBLIGATIONS_MAX, obligationsOf, percentageOf, SIGNER_NAME_MAX } from '@machines/contracts/contract-create.rules';
import { lookupMachine } from '@machines/shared/lookup.machine';
import { findCompanies, type CompanyPage } from '@/entities/contract';
import { formatDay, formatPercent, uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, FormAlert, Preloader, RadioGroup, TextArea, TextField } from '@/shared/ui';
import type { CreateContractLogic } from '../model/create-logic';
import styles from './create-contract-flow.module.css';

type CreateActor = ActorRefFrom<CreateContractLogic>;

/** The company search (GET /company for the party found), replaceable in stories. */
export const companySearchLogic = lookupMachine.provide({
  actors: { lookUp: fromPromise(async ({ input }) => findCompanies((input.query as { text: string }).text, (input.query as { counterpartyId: number | null }).counterpartyId)) },
});

export interface CreateContractFlowProps {
  logic: CreateContractLogic;
  ownId: number;
  today: string;
  draft: ContractDraft | null;
  companySearch?: typeof companySearchLogic;
}

const STEP_NUMBER: Readonly<Record<CreateStep, number>> = { party: 1, company: 2, terms: 3, review: 4 };

/**
 * /revenue-split/new's flow (issue 59), the create statechart's view: the step it is in (1 of 4 …),
 * each step a form whose Next (or Create) the statechart checks, the focus moved to the first
 * problem of a refused step; every value typed stays across Back, failures and a reload.
 */
export function CreateContractFlow({ logic, ownId, today, draft, companySearch = companySearchLogic }: CreateContractFlowProps) {
  const { t } = useLingui();
  const actor = useActorRef(logic, { input: { ownId, today, draft }, ...inspectOptions() });
  const step = useSelector(actor, (s) => (s.matches('done') ? null : (s.context.step as CreateStep)));
  const titles: Record<CreateStep, string> = { party: t`The other party`, company: t`The company`, terms: t`The terms`, review: t`Check and create` };
  if (step === null) return <Preloader label={t`Opening the new contract`} />;
  const stepNumber = STEP_NUMBER[step];
  return (
    <div className={styles.flow}>
      <p className={styles.progress}>{t`Step ${stepNumber} of 4`}</p>
      <h2 className={styles.stepTitle} tabIndex={-1} key={step} ref={(heading) => heading?.focus({ preventScroll: true })}>
        {titles[step]}
      </h2>
      {step === 'party' ? <PartyStep actor={actor} /> : null}
      {step === 'company' ? <CompanyStep actor={actor} search={companySearch} /> : null}
      {step === 'terms' ? <TermsStep actor={actor} /> : null}
      {step === 'review' ? <ReviewStep actor={actor} titles={titles} /> : null}
    </div>
  );
}

/** The statechart's values, errors and busy flag, as a step's form reads them. */
function useStep(actor: CreateActor) {
  const { i18n } = useLingui();
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const form = useFocusOnRejectedSubmit(attempts);
  const field = (name: string) => ({ value: values[name] ?? '', onChange: (value: string) => actor.send({ type: 'CHANGE', name, value }), errorMessage: uiMessageText(i18n, errors[name]) });
  const submit = (type: 'NEXT' | 'SUBMIT') => ({
    ref: form,
    noValidate: true,
    onSubmit: (event: React.FormEvent) => {
      event.preventDefault();
      actor.send({ type });
    },
  });
  return { values, errors, busy, field, submit, error: (name: string) => uiMessageText(i18n, errors[name]) };
}

function PartyStep({ actor }: { actor: CreateActor }) {
  const { t } = useLingui();
  const { busy, field, submit, error } = useStep(actor);
  const counterparty = useSelector(actor, (s) => s.context.counterparty);
  const looking = useSelector(actor, (s) => s.matches({ party: 'lookingUp' }));
  const direction = field('direction');
  const foundEmail = counterparty?.email ?? null;
  return (
    <form {...submit('NEXT')} className={styles.form} aria-label={t`The other party`}>
      <div className={styles.lookup}>
        <TextField {...field('email')} label={t`The other party's e-mail`} type="email" autoComplete="off" isRequired />
        <Button variant="secondary" isPending={looking} onPress={() => actor.send({ type: 'LOOKUP' })}>
          {t`Find`}
        </Button>
      </div>
      <p role="status" className={styles.found}>
        {foundEmail === null ? null : counterparty?.type === 'BUSINESS' ? t`Found: a business customer (${foundEmail}).` : t`Found: a personal customer (${foundEmail}).`}
      </p>
      {error('counterparty') ? <FormAlert>{error('counterparty')}</FormAlert> : null}
      <RadioGroup
        label={t`Who pays the share`}
        value={direction.value}
        onChange={direction.onChange}
        options={[
          { id: 'PAY', label: t`I pay the share of my revenue` },
          { id: 'RECEIVE', label: t`I receive a share of their revenue` },
        ]}
      />
      <div className={styles.buttons}>
        <Button type="submit" isDisabled={busy}>
          {t`Next`}
        </Button>
      </div>
    </form>
  );
}

function CompanyStep({ actor, search }: { actor: CreateActor; search: typeof companySearchLogic }) {
  const { t } = useLingui();
  const { busy, submit, error } = useStep(actor);
  const counterpartyId = useSelector(actor, (s) => s.context.counterparty?.id ?? null);
  const chosen = useSelector(actor, (s) => s.context.company);
  // The search text lives in the lookup statechart (its query); the first query lists the first companies.
  const finder = useActorRef(search, { input: { query: { text: '', counterpartyId } }, ...inspectOptions() });
  const text = useSelector(finder, (s) => (s.context.query as { text?: string } | null)?.text ?? '');
  const looking = useSelector(finder, (s) => s.hasTag('looking') || s.matches('waiting'));
  const failed = useSelector(finder, (s) => (s.hasTag('failed') ? s.context.error : null));
  const page = useSelector(finder, (s) => (s.hasTag('known') ? (s.context.result as CompanyPage) : null));
  const { i18n } = useLingui();
  const count = page?.meta.count ?? 0;
  const chosenTitle = chosen?.title ?? null;
  return (
    <form {...submit('NEXT')} className={styles.form} aria-label={t`The company`}>
      <TextField label={t`Search companies`} type="search" value={text} onChange={(value) => finder.send({ type: 'QUERY', query: { text: value, counterpartyId } })} autoComplete="off" />
      {looking ? <Preloader label={t`Searching`} /> : null}
      {failed ? (
        <FormAlert>
          {uiMessageText(i18n, failed)}{' '}
          <Button variant="secondary" onPress={() => finder.send({ type: 'RETRY' })}>
            {t`Try again`}
          </Button>
        </FormAlert>
      ) : null}
      {page ? (
        page.data.length === 0 ? (
          <p>{t`No company matches. Try another part of its name.`}</p>
        ) : (
          <RadioGroup
            label={t`Companies (${count})`}
            value={chosen ? String(chosen.id) : null}
            errorMessage={error('companyId')}
            onChange={(id) => {
              const company = page.data.find((one) => String(one.id) === id);
              if (company) actor.send({ type: 'CHOOSE_COMPANY', company: { id: company.id, title: company.title, logo: company.logo ?? null } });
            }}
            options={page.data.map((company) => ({ id: String(company.id), label: company.title }))}
          />
        )
      ) : null}
      {chosenTitle !== null ? <p className={styles.found}>{t`Chosen: ${chosenTitle}`}</p> : error('companyId') && !page ? <FormAlert>{error('companyId')}</FormAlert> : null}
      <BackNext actor={actor} busy={busy} />
    </form>
  );
}

function TermsStep({ actor }: { actor: CreateActor }) {
  const { t } = useLingui();
  const { busy, field, submit } = useStep(actor);
  const email = useSelector(actor, (s) => s.context.counterparty?.email ?? '');
  const lines = t`One obligation a line, at most ${OBLIGATIONS_MAX}, each at most ${OBLIGATION_MAX} characters.`;
  return (
    <form {...submit('NEXT')} className={styles.form} aria-label={t`The terms`}>
      <fieldset className={styles.side}>
        <legend>{t`Your side`}</legend>
        <TextField {...field('ownSigner')} label={t`Who signs for you`} description={t`At most ${SIGNER_NAME_MAX} characters.`} autoComplete="name" isRequired />
        <TextArea {...field('ownObligations')} label={t`Your obligations`} description={lines} rows={3} isRequired />
      </fieldset>
      <fieldset className={styles.side}>
        <legend>{t`The other side (${email})`}</legend>
        <TextField {...field('otherSigner')} label={t`Who signs for them`} description={t`At most ${SIGNER_NAME_MAX} characters.`} autoComplete="off" isRequired />
        <TextArea {...field('otherObligations')} label={t`Their obligations`} description={lines} rows={3} isRequired />
      </fieldset>
      <TextField {...field('percentage')} label={t`Share of the revenue, %`} description={t`Above 0 and up to 100, with at most two decimals.`} inputMode="decimal" autoComplete="off" isRequired />
      <TextField {...field('activeFrom')} label={t`First day`} type="date" isRequired />
      <TextArea {...field('note')} label={t`Note (optional)`} description={t`At most ${CONTRACT_NOTE_MAX} characters.`} rows={3} />
      <BackNext actor={actor} busy={busy} />
    </form>
  );
}

function ReviewStep({ actor, titles }: { actor: CreateActor; titles: Record<CreateStep, string> }) {
  const { t, i18n } = useLingui();
  const { values, busy, submit, errors } = useStep(actor);
  const counterparty = useSelector(actor, (s) => s.context.counterparty);
  const company = useSelector(actor, (s) => s.context.company);
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  const problems = Object.values(errors).flatMap((message) => (message ? [uiMessageText(i18n, message) ?? ''] : []));
  const pays = values.direction !== 'RECEIVE';
  const share = formatPercent(percentageOf(values.percentage ?? ''), i18n.locale);
  const firstDay = formatDay(values.activeFrom ?? '', i18n.locale);
  const ownSigner = values.ownSigner ?? '';
  const otherSigner = values.otherSigner ?? '';
  const ownObligations = obligationsOf(values.ownObligations ?? '').join('; ');
  const otherObligations = obligationsOf(values.otherObligations ?? '').join('; ');
  const note = values.note?.trim() ?? '';
  const change = (step: 'party' | 'company' | 'terms') => {
    const title = titles[step];
    return (
      <Button variant="secondary" aria-label={t`Change: ${title}`} isDisabled={busy} onPress={() => actor.send({ type: 'GO', step })}>
        {t`Change`}
      </Button>
    );
  };
  return (
    <form {...submit('SUBMIT')} className={styles.form} aria-label={t`Check and create`}>
      <dl className={styles.summary}>
        <div>
          <dt>{t`The other party`}</dt>
          <dd>{counterparty?.email}</dd>
          <dd>{pays ? t`You pay the share` : t`You receive the share`}</dd>
          <dd>{change('party')}</dd>
        </div>
        <div>
          <dt>{t`The company`}</dt>
          <dd>{company?.title}</dd>
          <dd>{change('company')}</dd>
        </div>
        <div>
          <dt>{t`The terms`}</dt>
          <dd>{t`Share: ${share}`}</dd>
          <dd>{t`First day: ${firstDay}`}</dd>
          <dd>{t`Signs for you: ${ownSigner}`}</dd>
          <dd>{t`Signs for them: ${otherSigner}`}</dd>
          <dd>{t`Your obligations: ${ownObligations}`}</dd>
          <dd>{t`Their obligations: ${otherObligations}`}</dd>
          {note ? <dd>{t`Note: ${note}`}</dd> : null}
          <dd>{change('terms')}</dd>
        </div>
      </dl>
      {problems.length > 0 ? <FormAlert>{problems.join(' ')}</FormAlert> : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <p className={styles.muted}>{t`Both sides then sign the contract. It starts on its first day once signed (and, when needed, once the payer is identified).`}</p>
      <div className={styles.buttons}>
        <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'BACK' })}>
          {t`Back`}
        </Button>
        <Button type="submit" isPending={busy}>
          {t`Create the contract`}
        </Button>
      </div>
    </form>
  );
}

/** A middle step's Back (the step before, values kept) and Next (the form's submit: the step checked). */
function BackNext({ actor, busy }: { actor: CreateActor; busy: boolean }) {
  const { t } = useLingui();
  return (
    <div className={styles.buttons}>
      <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'BACK' })}>
        {t`Back`}
      </Button>
      <Button type="submit" isDisabled={busy}>
        {t`Next`}
      </Button>
    </div>
  );
}
