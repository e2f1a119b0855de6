import type { FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { PasswordChangeField } from '@machines/settings/settings.rules';
import { ReauthenticationPopup, SettingsResult, SmsCodeForm, type ReauthenticationActor } from '@/entities/security';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { currentProof, inspectOptions, keepProof } from '@/shared/model';
import { Button, Dialog, FormAlert, PasswordField } from '@/shared/ui';
import { passwordChangeLogic } from '../model/password-actors';
import styles from './password-change.module.css';

export interface PasswordChangeFormProps {
  /** Injectable for stories and tests (fake calls). */
  logic?: typeof passwordChangeLogic;
}

type PasswordActor = ActorRefFrom<typeof passwordChangeLogic>;

/**
 * Change password on /setting (001 s5, s7 "change password and confirm (code, requestKey)", s3
 * popups "change-password approval", "success approval"; 002 s8): the current password, the new
 * one twice, checked by the same rules as the service; the current password is checked once (it
 * proves it is you), then a code by SMS confirms the change; Cancel in the code popup says
 * "Confirmation canceled". The password change statechart owns all of it; what was typed is never
 * lost by a refusal or a failure. After the change every other session of the customer has ended.
 */
export function PasswordChangeForm({ logic = passwordChangeLogic }: PasswordChangeFormProps) {
  const { t, i18n } = useLingui();
  const actor = useActorRef(
    logic.provide({
      actions: {
        proofGiven: (_, params) => keepProof(params.proof, params.expiresIn),
      },
    }),
    { input: { proof: currentProof() }, ...inspectOptions() },
  );
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const formError = useSelector(actor, (s) => uiMessageText(i18n, s.context.formError));
  const attempts = useSelector(actor, (s) => s.context.attempts);
  // Pending while the password is checked and while the change is sent (the code popup has its own).
  const busy = useSelector(actor, (s) => s.hasTag('reauthenticating') || (s.hasTag('busy') && !s.hasTag('codeEntry')));
  const locked = useSelector(actor, (s) => !s.hasTag('editing'));
  const form = useFocusOnRejectedSubmit(attempts);
  const field = (name: PasswordChangeField) => ({
    value: values[name],
    onChange: (value: string) => actor.send({ type: 'CHANGE', name, value }),
    errorMessage: uiMessageText(i18n, errors[name]),
    isRequired: true,
    isReadOnly: locked,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };
  return (
    <section aria-labelledby="password-title" className={styles.section}>
      <h2 id="password-title">{t`Password`}</h2>
      <form ref={form} noValidate onSubmit={submit} className={styles.form}>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <PasswordField label={t`Current password`} autoComplete="current-password" {...field('password')} />
        <PasswordField
          label={t`New password`}
          description={t`8 to 128 characters with at least one letter and one digit.`}
          autoComplete="new-password"
          {...field('passwordNew')}
        />
        <PasswordField label={t`Repeat the new password`} autoComplete="new-password" {...field('passwordNewRepeat')} />
        <div className={styles.buttons}>
          <Button type="submit" isPending={busy}>
            {t`Change password`}
          </Button>
        </div>
      </form>
      <PasswordDialog actor={actor} />
    </section>
  );
}

type View = 'reauthenticating' | 'code' | 'failed' | 'success' | 'canceled' | null;

/** The popups of the change: confirm it is you (the code only: the password is the form's), the code by SMS, the result. */
function PasswordDialog({ actor }: { actor: PasswordActor }) {
  const { t } = useLingui();
  const view = useSelector(actor, (s): View => {
    if (!s.hasTag('popup')) return null;
    if (s.hasTag('reauthenticating')) return 'reauthenticating';
    if (s.hasTag('codeEntry')) return 'code';
    if (s.hasTag('failed')) return 'failed';
    if (s.hasTag('success')) return 'success';
    return 'canceled';
  });
  const child = useSelector(actor, (s) => s.children.reauthentication as ReauthenticationActor | undefined);
  if (view === null) return null;
  if (view === 'reauthenticating') return <ReauthenticationPopup actor={child} passwordGiven />;
  const title =
    view === 'code' ? t`Confirm the password change` : view === 'failed' ? t`Error` : view === 'success' ? t`Success` : t`Canceled`;
  const close = () => {
    if (view === 'code') actor.send({ type: 'CANCEL' });
    else actor.send({ type: 'CLOSE' });
  };
  return (
    <Dialog isOpen role={view === 'failed' ? 'alertdialog' : 'dialog'} onClose={close} title={title}>
      {view === 'code' ? <CodeBody actor={actor} /> : null}
      {view === 'failed' || view === 'success' || view === 'canceled' ? <ResultBody actor={actor} view={view} /> : null}
    </Dialog>
  );
}

function CodeBody({ actor }: { actor: PasswordActor }) {
  const { i18n } = useLingui();
  const code = useSelector(actor, (s) => s.context.code);
  const sentTo = useSelector(actor, (s) => s.context.requested?.approvalSentTo ?? '');
  const smsIdentifier = useSelector(actor, (s) => s.context.requested?.smsIdentifier ?? '');
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.codeError));
  return (
    <SmsCodeForm
      code={code}
      sentTo={sentTo}
      smsIdentifier={smsIdentifier}
      busy={busy}
      error={error}
      onCode={(value) => actor.send({ type: 'CODE', value })}
      onConfirm={() => actor.send({ type: 'CONFIRM' })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
    />
  );
}

function ResultBody({ actor, view }: { actor: PasswordActor; view: 'failed' | 'success' | 'canceled' }) {
  const { t, i18n } = useLingui();
  const text = useSelector(actor, (s) => uiMessageText(i18n, view === 'failed' ? s.context.failure : s.context.message));
  return (
    <SettingsResult
      good={view === 'success'}
      text={text}
      note={view === 'success' ? t`You stay signed in here; your other sessions have ended.` : undefined}
      onRetry={view === 'failed' ? () => actor.send({ type: 'RETRY' }) : undefined}
      onClose={() => actor.send({ type: 'CLOSE' })}
    />
  );
}
