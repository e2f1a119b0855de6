import { useCallback, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { PersonalInfoField } from '@machines/verification/kyc.rules';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { FormAlert } from '@/shared/ui';
import type { KycActor } from './kyc-parts';
import { otherPersonalInfoErrors, PersonalInfoFields } from './personal-info-fields';
import { StepButtons } from './step-buttons';
import styles from './complete-kyc.module.css';

/** The personal data step of /kyc (kycCustomerPersonalInfoUpdate), prefilled from the customer's KYC info. */
export function PersonalInfoStep({ actor }: { actor: KycActor }) {
  const { t, i18n } = useLingui();
  const values = useSelector(actor, (s) => s.context.personal);
  const today = useSelector(actor, (s) => s.context.today);
  const stateCodes = useSelector(actor, (s) => s.context.stateCodes);
  const shown = useSelector(actor, (s) => s.context.shown);
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const serverErrors = useSelector(actor, (s) => s.context.serverErrors);
  const failure = useSelector(actor, (s) => s.context.failure);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const formRef = useFocusOnRejectedSubmit(attempts);
  const onChange = useCallback((field: PersonalInfoField, value: string) => actor.send({ type: 'CHANGE_PERSONAL', field, value }), [actor]);
  const onStates = useCallback((codes: string[]) => actor.send({ type: 'STATES', codes }), [actor]);
  const alerts = [uiMessageText(i18n, failure), ...otherPersonalInfoErrors(serverErrors).map(([, message]) => uiMessageText(i18n, message))].filter((text): text is string => Boolean(text));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };
  return (
    <form ref={formRef} noValidate onSubmit={submit} className={styles.form} aria-busy={busy || undefined}>
      <p className={styles.intro}>{t`Check your personal data and correct what has changed.`}</p>
      <PersonalInfoFields values={values} shown={shown} today={today} stateCodes={stateCodes} serverErrors={serverErrors} onChange={onChange} onStates={onStates} />
      {alerts.length > 0 ? <FormAlert>{alerts.join(' ')}</FormAlert> : null}
      <StepButtons actor={actor} />
    </form>
  );
}
