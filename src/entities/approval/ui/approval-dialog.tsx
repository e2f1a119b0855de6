import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { approvalMachine } from '@machines/transfers/approval.machine';
import { approvalTexts, otherMethods, type ApproveType } from '@machines/transfers/approval.logic';
import { uiMessageText } from '@/shared/lib';
import { useMobileApp } from '@/shared/model';
import { Button, Dialog, FailureIcon, Preloader, SuccessIcon, TextField } from '@/shared/ui';
import styles from './approval-dialog.module.css';

export type ApprovalActor = ActorRefFrom<typeof approvalMachine>;

const METHOD_LABELS: Record<Exclude<ApproveType, 'none'>, MessageDescriptor> = {
  sms: msg`Send the code by SMS instead`,
  otp: msg`Use my authenticator app instead`,
  approvalCode: msg`Send the code by e-mail instead`,
  push: msg`Approve on my phone instead`,
};

type View = 'code' | 'push' | 'success' | 'pending' | 'requested' | 'failed' | 'rejected' | null;

/**
 * The approval popup (001 s2 popups: push confirmation, SMS code, success approval; s4, s8): what
 * the approval statechart's tags say. Closing a code or push popup cancels waiting (nothing more
 * is sent); closing a result ends the approval. Texts from the service are shown as text.
 */
export function ApprovalDialog({ actor }: { actor: ApprovalActor }) {
  const { t, i18n } = useLingui();
  const view = useSelector(actor, (s): View => (['code', 'push', 'success', 'pending', 'requested', 'failed', 'rejected'] as const).find((tag) => s.hasTag(tag)) ?? null);
  const forChange = useSelector(actor, (s) => s.context.reply?.changeRequestId !== undefined);
  if (view === null) return null;
  const asking = view === 'code' || view === 'push';
  const title =
    view === 'code'
      ? t`Confirm with a code`
      : view === 'push'
        ? t`Approve on your phone`
        : view === 'success'
          ? i18n._(approvalTexts.submitted)
          : view === 'pending'
            ? i18n._(approvalTexts.pending)
            : view === 'requested'
              ? i18n._(forChange ? approvalTexts.changeRequested : approvalTexts.requested)
              : view === 'rejected'
                ? t`Rejected`
                : i18n._(approvalTexts.failed);
  // One dialog from the code or push to the result (only its content changes), so when it closes
  // the focus goes back to what opened it, not to the page.
  return (
    <Dialog isOpen role={asking ? 'dialog' : 'alertdialog'} onClose={() => actor.send({ type: asking ? 'CANCEL' : 'CLOSE' })} title={title}>
      {view === 'code' ? <CodeBody actor={actor} /> : view === 'push' ? <PushBody actor={actor} /> : <ResultBody actor={actor} view={view} title={title} />}
    </Dialog>
  );
}

function CodeBody({ actor }: { actor: ApprovalActor }) {
  const { t, i18n } = useLingui();
  const reply = useSelector(actor, (s) => s.context.reply);
  const code = useSelector(actor, (s) => s.context.code);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const resent = useSelector(actor, (s) => s.context.resent);
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.codeError));
  // Shown after a refused code, when the service said how many it still takes.
  const attemptsLeft = useSelector(actor, (s) => (s.context.codeError ? s.context.attemptsLeft : null));
  const cancel = () => actor.send({ type: 'CANCEL' });
  const to = reply?.approvalSentTo ?? '';
  const where =
    reply?.approveType === 'otp'
      ? t`Type the code your authenticator app shows.`
      : reply?.approveType === 'sms'
        ? to
          ? t`We sent a code by SMS to ${to}.`
          : t`We sent you a code by SMS.`
        : to
          ? t`We sent an approval code to ${to}.`
          : t`We sent you an approval code.`;
  return (
    <>
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'CONFIRM' });
        }}
      >
        <p className={styles.text}>{where}</p>
        <p role="status" className={styles.status}>
          {resent ? t`A new code is on its way.` : ''}
          {attemptsLeft !== null ? ` ${plural(attemptsLeft, { one: 'You can try # more time.', other: 'You can try # more times.' })}` : ''}
        </p>
        <TextField
          label={t`Code`}
          value={code}
          onChange={(value) => actor.send({ type: 'CODE', value })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={14}
          errorMessage={error}
          autoFocus
        />
        <div className={styles.buttons}>
          <Button type="submit" isPending={busy}>
            {t`Confirm`}
          </Button>
          {/* An authenticator app makes its own codes: nothing to send. */}
          {reply?.approveType !== 'otp' ? (
            <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'RESEND' })}>
              {t`Send a new code`}
            </Button>
          ) : null}
        </div>
        {reply && otherMethods(reply).length ? (
          <div className={styles.methods}>
            {otherMethods(reply).map((method) => (
              <Button key={method} variant="ghost" isDisabled={busy} onPress={() => actor.send({ type: 'RESEND', approveType: method })}>
                {i18n._(METHOD_LABELS[method as Exclude<ApproveType, 'none'>])}
              </Button>
            ))}
          </div>
        ) : null}
        <Button variant="secondary" onPress={cancel}>
          {t`Cancel`}
        </Button>
      </form>
    </>
  );
}

function PushBody({ actor }: { actor: ApprovalActor }) {
  const { t, i18n } = useLingui();
  const reply = useSelector(actor, (s) => s.context.reply);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.codeError));
  const cancel = () => actor.send({ type: 'CANCEL' });
  const device = reply?.approvalSentTo ?? '';
  const codeMethods = reply ? otherMethods(reply).filter((m) => m !== 'push') : [];
  // Inside the mobile app the push is on this phone: the app shows its own approval screen (000 s1).
  const mobileApp = useMobileApp();
  const operationId = reply?.operationId;
  return (
    <>
      <div className={styles.form}>
        {mobileApp && operationId ? (
          <>
            <p className={styles.text}>{t`Approve it in this app; this window follows.`}</p>
            <Button onPress={() => mobileApp.send({ type: 'approvalPush', operationId })}>{t`Open the approval`}</Button>
          </>
        ) : (
          <p className={styles.text}>{device ? t`We sent a request to ${device}. Approve it there; this window follows.` : t`We sent a request to your phone. Approve it there; this window follows.`}</p>
        )}
        <Preloader label={t`Waiting for your approval`} />
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
        {codeMethods.map((method) => (
          <Button key={method} variant="secondary" isPending={busy} onPress={() => actor.send({ type: 'RESEND', approveType: method })}>
            {i18n._(METHOD_LABELS[method as Exclude<ApproveType, 'none'>])}
          </Button>
        ))}
        <Button variant="secondary" onPress={cancel}>
          {t`Close`}
        </Button>
      </div>
    </>
  );
}

function ResultBody({ actor, view, title }: { actor: ApprovalActor; view: 'success' | 'pending' | 'requested' | 'failed' | 'rejected'; title: string }) {
  const { t, i18n } = useLingui();
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'RETRY_TRANSFER' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const forChange = useSelector(actor, (s) => s.context.reply?.changeRequestId !== undefined);
  const close = () => actor.send({ type: 'CLOSE' });
  const good = view === 'success' || view === 'pending' || view === 'requested';
  return (
    <>
      <div className={styles.result}>
        <span className={good ? styles.good : styles.bad} aria-hidden="true">
          {good ? <SuccessIcon /> : <FailureIcon />}
        </span>
        {view === 'pending' ? <p className={styles.text}>{i18n._(approvalTexts.pendingNote)}</p> : null}
        {view === 'requested' ? <p className={styles.text}>{i18n._(forChange ? approvalTexts.changeRequestedNote : approvalTexts.requestedNote)}</p> : null}
        {!good && failure && failure !== title ? <p className={styles.text}>{failure}</p> : null}
        <div className={styles.buttons}>
          {view === 'failed' && (canRetry || busy) ? (
            <Button isPending={busy} onPress={() => actor.send({ type: 'RETRY_TRANSFER' })}>
              {t`Try again`}
            </Button>
          ) : null}
          <Button variant={view === 'failed' && canRetry ? 'secondary' : 'primary'} onPress={close} autoFocus>
            {t`Close`}
          </Button>
        </div>
      </div>
    </>
  );
}
