import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { uiMessageText } from '@/shared/lib';
import { Button, FormAlert } from '@/shared/ui';
import type { ApprovalActor } from './approval-dialog';
import styles from './approval-dialog.module.css';

/**
 * A transfer form's submit while its approval runs: the button shows progress while the submit is
 * on its way; a submit that failed (a refusal, a 500, a lost reply) says why, keeps the form's
 * values and offers to send the same transfer again (same requestId: the money moves once) or to
 * change it.
 */
export function ApprovalSubmit({ approval, label }: { approval: ApprovalActor | undefined; label: string }) {
  const { t, i18n } = useLingui();
  const failed = useSelector(approval, (s) => s?.hasTag('submitFailed') ?? false);
  const busy = useSelector(approval, (s) => s?.hasTag('submitting') ?? false);
  const failure = useSelector(approval, (s) => uiMessageText(i18n, s?.context.failure ?? null));
  if (approval && failed) {
    return (
      <FormAlert>
        <p>{failure ?? t`The transfer could not be sent.`}</p>
        <p>{t`What you entered is kept. Trying again sends the same transfer, so the money moves once.`}</p>
        <div className={styles.buttons}>
          <Button onPress={() => approval.send({ type: 'RETRY' })}>{t`Try again`}</Button>
          <Button variant="secondary" onPress={() => approval.send({ type: 'CANCEL' })}>
            {t`Change the transfer`}
          </Button>
        </div>
      </FormAlert>
    );
  }
  // One button before, during and after the approval (the same element), so the popup gives the
  // focus back to it when it closes.
  return (
    <div className={styles.buttons}>
      <Button type="submit" isPending={busy}>
        {label}
      </Button>
    </div>
  );
}
