import { useCallback, useEffect, useRef, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { PersonalInfoField } from '@machines/verification/kyc.rules';
import { LANDING_ROUTES } from '@machines/auth/landing.logic';
import { useCustomerChanged } from '@/entities/session';
import { useRefreshVerification } from '@/entities/verification';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, ErrorState, FormAlert, Preloader } from '@/shared/ui';
import { profileUpdateLogic, type ProfileUpdateLogic } from '../model/kyc-actors';
import { ContinueToStartPage } from './continue-to-start-page';
import { otherPersonalInfoErrors, PersonalInfoFields } from './personal-info-fields';
import styles from './complete-kyc.module.css';

export interface ProfileUpdateFormProps {
  /** Injectable for stories and tests (fake calls); default the app's calls. */
  logic?: ProfileUpdateLogic;
  /** The date the rules count from (YYYY-MM-DD); default today. */
  today?: string;
}

/**
 * /profile-update's form (spec 002 s2), the view of the profile update statechart: the
 * personal data loaded (a failure with a retry), checked with the KYC rules and saved; a refusal
 * stays on its field with everything typed. Saved: the session reads the customer again and the
 * start page opens.
 */
export function ProfileUpdateForm({ logic = profileUpdateLogic, today }: ProfileUpdateFormProps) {
  const { t, i18n } = useLingui();
  const customerChanged = useCustomerChanged();
  const refresh = useRefreshVerification();
  const latest = useRef({ customerChanged, refresh });
  useEffect(() => {
    latest.current = { customerChanged, refresh };
  });
  const actor = useActorRef(
    logic.provide({
      actions: {
        profileUpdated: () => {
          latest.current.refresh();
          latest.current.customerChanged();
        },
      },
    }),
    { input: { today: today ?? new Date().toISOString().slice(0, 10) }, ...inspectOptions() },
  );
  const view = useSelector(actor, (s) => (s.hasTag('loading') ? 'loading' : s.hasTag('loadFailed') ? 'loadFailed' : s.hasTag('saved') ? 'saved' : 'form'));
  const values = useSelector(actor, (s) => s.context.values);
  const stateCodes = useSelector(actor, (s) => s.context.stateCodes);
  const shown = useSelector(actor, (s) => s.context.shown);
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const serverErrors = useSelector(actor, (s) => s.context.serverErrors);
  const failure = useSelector(actor, (s) => s.context.failure);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const contextToday = useSelector(actor, (s) => s.context.today);
  const formRef = useFocusOnRejectedSubmit(attempts);
  const onChange = useCallback((field: PersonalInfoField, value: string) => actor.send({ type: 'CHANGE', field, value }), [actor]);
  const onStates = useCallback((codes: string[]) => actor.send({ type: 'STATES', codes }), [actor]);
  if (view === 'loading') return <Preloader label={t`Loading your personal data…`} />;
  if (view === 'loadFailed') {
    return (
      <ErrorState title={t`Your personal data could not be loaded`} message={uiMessageText(i18n, failure) ?? t`Check your connection, then try again.`} onRetry={() => actor.send({ type: 'RETRY' })} />
    );
  }
  if (view === 'saved') return <ContinueToStartPage from={LANDING_ROUTES.profileUpdate} message={t`Your personal data are saved.`} />;
  const alerts = [uiMessageText(i18n, failure), ...otherPersonalInfoErrors(serverErrors).map(([, message]) => uiMessageText(i18n, message))].filter((text): text is string => Boolean(text));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };
  return (
    <form ref={formRef} noValidate onSubmit={submit} className={styles.form} aria-busy={busy || undefined}>
      <PersonalInfoFields values={values} shown={shown} today={contextToday} stateCodes={stateCodes} serverErrors={serverErrors} onChange={onChange} onStates={onStates} />
      {alerts.length > 0 ? <FormAlert>{alerts.join(' ')}</FormAlert> : null}
      <div className={styles.buttons}>
        <Button type="submit" isPending={busy}>
          {t`Save my data`}
        </Button>
      </div>
    </form>
  );
}
