import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useLoginRequestActor } from '@/shared/model';
import { uiMessageText } from '@/shared/lib';
import { Button, DateText, Dialog } from '@/shared/ui';
import styles from './login-request-dialog.module.css';

/**
 * "Is this you signing in?": a sign-in on another device waits for this session's answer.
 * An alert dialog (focus moves in, Escape = decide later); server text shown as text.
 */
export function LoginRequestDialog() {
  const { t, i18n } = useLingui();
  const actor = useLoginRequestActor();
  const request = useSelector(actor, (s) => s.context.queue[0]);
  const decision = useSelector(actor, (s) => s.context.decision);
  const asking = useSelector(actor, (s) => s.hasTag('open'));
  const sending = useSelector(actor, (s) => s.hasTag('busy'));
  const failure = useSelector(actor, (s) => s.context.error);
  const open = asking && Boolean(request);
  const error = uiMessageText(i18n, failure);
  return (
    <Dialog
      isOpen={open}
      onClose={() => actor.send({ type: 'DISMISS' })}
      role="alertdialog"
      title={t`Is this you signing in?`}
      footer={
        <>
          <Button variant="danger" isPending={sending && decision === false} isDisabled={sending} onPress={() => actor.send({ type: 'DECLINE' })}>
            {t`No, decline`}
          </Button>
          <Button isPending={sending && decision === true} isDisabled={sending} onPress={() => actor.send({ type: 'APPROVE' })}>
            {t`Yes, approve`}
          </Button>
        </>
      }
    >
      <p>{t`Someone is signing in to your account on another device. Approve only if it is you.`}</p>
      {request ? (
        <dl className={styles.details}>
          {request.device ? (
            <>
              <dt>{t`Device`}</dt>
              <dd>{request.device}</dd>
            </>
          ) : null}
          {request.location ? (
            <>
              <dt>{t`Location`}</dt>
              <dd>{request.location}</dd>
            </>
          ) : null}
          {request.createdAt ? (
            <>
              <dt>{t`Time`}</dt>
              <dd>
                <DateText value={request.createdAt} withTime />
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
