import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { settingsMessages } from '@machines/settings/settings-messages';
import { ReauthenticationForm, SettingsResult, SmsCodeForm, type ReauthenticationActor } from '@/entities/security';
import { uiMessageText } from '@/shared/lib';
import { Dialog, Preloader } from '@/shared/ui';
import type { twoStepModeLogic } from '../model/two-step-actors';

type TwoStepActor = ActorRefFrom<typeof twoStepModeLogic>;
type View = 'reauthenticating' | 'code' | 'sending' | 'failed' | 'success' | null;

/**
 * The popups of a two-step change (001 s2 "SMS code", "success approval"; s8 response popup), one
 * dialog whose content follows the statechart: confirm it is you, the code sent by SMS, the
 * failure with Try again, the success that closes itself. Closing cancels the step it is in.
 */
export function TwoStepDialog({ actor }: { actor: TwoStepActor }) {
  const { t, i18n } = useLingui();
  const view = useSelector(actor, (s): View => {
    if (!s.hasTag('popup')) return null;
    if (s.hasTag('reauthenticating')) return 'reauthenticating';
    if (s.hasTag('codeEntry')) return 'code';
    if (s.hasTag('failed')) return 'failed';
    if (s.hasTag('success')) return 'success';
    return 'sending';
  });
  const child = useSelector(actor, (s) => s.children.reauthentication as ReauthenticationActor | undefined);
  if (view === null) return null;
  const title =
    view === 'reauthenticating' ? t`Confirm it is you` : view === 'failed' ? t`Error` : view === 'success' ? t`Success` : view === 'sending' ? t`Two-step verification` : t`Enter the code from the SMS`;
  const close = () => {
    if (view === 'reauthenticating') child?.send({ type: 'CANCEL' });
    else if (view === 'code') actor.send({ type: 'CANCEL' });
    else if (view === 'failed' || view === 'success') actor.send({ type: 'CLOSE' });
  };
  return (
    <Dialog isOpen role={view === 'failed' ? 'alertdialog' : 'dialog'} onClose={close} title={title}>
      {view === 'reauthenticating' && child ? <ReauthenticationForm actor={child} /> : null}
      {view === 'sending' ? <Preloader label={t`Sending the code…`} /> : null}
      {view === 'code' ? <CodeBody actor={actor} /> : null}
      {view === 'failed' || view === 'success' ? <ResultBody actor={actor} good={view === 'success'} text={view === 'success' ? i18n._(settingsMessages.twoStepChanged) : null} /> : null}
    </Dialog>
  );
}

function CodeBody({ actor }: { actor: TwoStepActor }) {
  const { i18n } = useLingui();
  const code = useSelector(actor, (s) => s.context.code);
  const sentTo = useSelector(actor, (s) => s.context.requested?.phoneNumber ?? '');
  const smsIdentifier = useSelector(actor, (s) => s.context.requested?.smsIdentifier ?? '');
  const resent = useSelector(actor, (s) => s.context.resent);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.codeError));
  return (
    <SmsCodeForm
      code={code}
      sentTo={sentTo}
      smsIdentifier={smsIdentifier}
      busy={busy}
      error={error}
      resent={resent}
      onCode={(value) => actor.send({ type: 'CODE', value })}
      onConfirm={() => actor.send({ type: 'CONFIRM' })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
      onResend={() => actor.send({ type: 'RESEND' })}
    />
  );
}

function ResultBody({ actor, good, text }: { actor: TwoStepActor; good: boolean; text: string | null }) {
  const { i18n } = useLingui();
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  return (
    <SettingsResult
      good={good}
      text={good ? text : failure}
      onRetry={good ? undefined : () => actor.send({ type: 'RETRY' })}
      onClose={() => actor.send({ type: 'CLOSE' })}
    />
  );
}
