import type { FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { questionProblemMessage } from '@machines/verification/kyc.machine';
import { KYC_QUESTION_FIELDS, KYC_QUESTION_LISTS, kycQuestionProblems, type KycQuestionField } from '@machines/verification/kyc.rules';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { FormAlert, Select } from '@/shared/ui';
import type { KycActor } from './kyc-parts';
import { StepButtons } from './step-buttons';
import styles from './complete-kyc.module.css';

/** The KYC questions (kycInfoUpdate): occupation, source of funds, purpose of the account and monthly deposits, each from its list. */
export function QuestionsStep({ actor }: { actor: KycActor }) {
  const { t, i18n } = useLingui();
  const values = useSelector(actor, (s) => s.context.questions);
  const lists = useSelector(actor, (s) => s.context.lists);
  const shown = useSelector(actor, (s) => s.context.shown);
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const serverErrors = useSelector(actor, (s) => s.context.serverErrors);
  const failure = useSelector(actor, (s) => s.context.failure);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const formRef = useFocusOnRejectedSubmit(attempts);
  const problems = shown ? kycQuestionProblems(values, lists) : {};
  const labels: Record<KycQuestionField, string> = {
    occupationId: t`Your occupation`,
    sourceOfFundsId: t`Where your money comes from`,
    purposeOfAccountId: t`What you will use the account for`,
    estimatedMonthlyDepositId: t`How much you expect to deposit each month`,
  };
  const errorOf = (field: KycQuestionField) => {
    const problem = problems[field];
    return problem ? i18n._(questionProblemMessage(problem)) : uiMessageText(i18n, serverErrors[field]);
  };
  const alerts = [
    uiMessageText(i18n, failure),
    ...Object.entries(serverErrors)
      .filter(([param]) => !(KYC_QUESTION_FIELDS as readonly string[]).includes(param))
      .map(([, message]) => uiMessageText(i18n, message)),
  ].filter((text): text is string => Boolean(text));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };
  return (
    <form ref={formRef} noValidate onSubmit={submit} className={styles.form} aria-busy={busy || undefined}>
      <p className={styles.intro}>{t`The law asks us to know our customers. Please answer four questions.`}</p>
      {KYC_QUESTION_FIELDS.map((field) => (
        <Select
          key={field}
          label={labels[field]}
          placeholder={t`Choose…`}
          options={lists[KYC_QUESTION_LISTS[field]].map((entry) => ({ id: entry.id, label: entry.name }))}
          selectedKey={values[field] || null}
          onSelectionChange={(value) => actor.send({ type: 'CHANGE_QUESTION', field, value })}
          errorMessage={errorOf(field)}
          isRequired
        />
      ))}
      {alerts.length > 0 ? <FormAlert>{alerts.join(' ')}</FormAlert> : null}
      <StepButtons actor={actor} />
    </form>
  );
}
