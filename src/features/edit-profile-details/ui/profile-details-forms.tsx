import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useRefreshVerification } from '@/entities/verification';
import { ReauthenticationPopup, type ReauthenticationActor } from '@/entities/security';
import { currentProof, inspectOptions, keepProof, useNotificationsActor } from '@/shared/model';
import { uiMessageText, useFocusOnRejectedSubmit, useFormMachine } from '@/shared/lib';
import { Button, FormAlert, TextField } from '@/shared/ui';
import { cancelUsernameChangeLogic, taxIdFormLogic, usernameChangeFormLogic } from '../model/profile-details-actors';
import styles from './profile-details.module.css';

/**
 * The tax id (002 s3 Profile store, s7 customerTaxNumberUpdate): the one in the profile, changed
 * in place. The service's refusal is shown as its description (002 s8).
 */
export function TaxIdForm({ taxId, logic = taxIdFormLogic }: { taxId: string | null; logic?: typeof taxIdFormLogic }) {
  const { t } = useLingui();
  const refresh = useRefreshVerification();
  const notifications = useNotificationsActor();
  const form = useFormMachine(
    logic.provide({
      actions: {
        submitted: () => {
          refresh();
          notifications.send({ type: 'NOTIFY', notification: { id: `tax-id-${Date.now()}`, tone: 'success', title: t`Your tax id is saved.` } });
        },
      },
    }),
    { values: { taxId: taxId ?? '' } },
  );
  const field = form.field('taxId');
  return (
    <form {...form.formProps} className={styles.form} aria-label={t`Tax id`}>
      {form.formErrorText ? <FormAlert>{form.formErrorText}</FormAlert> : null}
      <TextField
        label={t`Tax id`}
        description={t`Your tax identification number in your country of residence.`}
        value={field.value}
        onChange={(value) => {
          field.onChange(value);
          if (form.submitted) form.actor.send({ type: 'RESET' });
        }}
        errorMessage={field.errorMessage}
        autoComplete="off"
        isReadOnly={form.busy}
      />
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" isPending={form.busy}>
          {t`Save tax id`}
        </Button>
      </div>
    </form>
  );
}

/**
 * A request to sign in with another e-mail address (002 s3 Username change request): a link goes
 * to the new address; the request stays active until it is opened. `current` is the address in use.
 */
export function UsernameChangeForm({ current, logic = usernameChangeFormLogic }: { current: string; logic?: typeof usernameChangeFormLogic }) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshVerification();
  const notifications = useNotificationsActor();
  const actor = useActorRef(
    logic.provide({
      actions: {
        submitted: ({ context }) => {
          const email = (context.values.email ?? '').trim();
          refresh();
          notifications.send({ type: 'NOTIFY', notification: { id: `username-${Date.now()}`, tone: 'success', title: t`We sent a link to ${email}. Open it to confirm the change.` } });
        },
        proofGiven: (_, params) => keepProof(params.proof, params.expiresIn),
      },
    }),
    { input: { values: { email: '', current }, proof: currentProof() }, ...inspectOptions() },
  );
  const email = useSelector(actor, (s) => s.context.values.email ?? '');
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.errors.email));
  const formError = useSelector(actor, (s) => uiMessageText(i18n, s.context.formError));
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  // The service asked the user to confirm it is them (issue 49): the popup runs the statechart's child.
  const reauthentication = useSelector(actor, (s) => s.children.reauthentication as ReauthenticationActor | undefined);
  const form = useFocusOnRejectedSubmit(attempts);
  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
      className={styles.form}
      aria-label={t`Sign in with another e-mail`}
    >
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField
        label={t`New e-mail address to sign in with`}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(value) => actor.send({ type: 'CHANGE', name: 'email', value })}
        errorMessage={error}
        isReadOnly={busy}
      />
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" isPending={busy}>
          {t`Send the link`}
        </Button>
      </div>
      <ReauthenticationPopup actor={reauthentication} />
    </form>
  );
}

/** The username change request withdrawn (while awaiting the link, or after it failed). */
export function CancelUsernameChangeButton({ logic = cancelUsernameChangeLogic }: { logic?: typeof cancelUsernameChangeLogic }) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshVerification();
  const actor = useActorRef(logic, inspectOptions());
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => (s.hasTag('failed') ? s.context.error : null));
  const done = useSelector(actor, (s) => s.hasTag('done'));
  // Withdrawn: the e-mails are read again (the request is gone from them).
  useEffect(() => {
    if (done) refresh();
  }, [done, refresh]);
  if (done) return null;
  return (
    <div className={styles.inline}>
      <Button
        variant="secondary"
        isPending={busy}
        onPress={() => actor.send({ type: 'RUN' })}
      >
        {t`Withdraw the request`}
      </Button>
      {error ? <p role="alert" className={styles.error}>{uiMessageText(i18n, error)}</p> : null}
    </div>
  );
}
