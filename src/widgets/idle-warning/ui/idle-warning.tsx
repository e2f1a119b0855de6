import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { Button, Dialog } from '@/shared/ui';
import { useSessionActor } from '@/entities/session';

/**
 * Two minutes before the 15-minute idle timeout the session machine enters `warning`; this
 * dialog says so and offers to stay signed in (WCAG 2.2.1 Timing Adjustable).
 */
export function IdleWarning() {
  const { t } = useLingui();
  const session = useSessionActor();
  const warning = useSelector(session, (s) => s.hasTag('idleWarning'));
  const stay = () => session.send({ type: 'STAY_SIGNED_IN' });
  return (
    <Dialog
      isOpen={warning}
      onClose={stay}
      role="alertdialog"
      title={t`Are you still there?`}
      footer={
        <>
          <Button variant="secondary" onPress={() => session.send({ type: 'LOGOUT' })}>{t`Sign out`}</Button>
          <Button onPress={stay}>{t`Stay signed in`}</Button>
        </>
      }
    >
      <p>{t`For your security you will be signed out in 2 minutes because there was no activity.`}</p>
    </Dialog>
  );
}
