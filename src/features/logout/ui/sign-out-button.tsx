import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '@/shared/ui';
import { useSessionActor } from '@/entities/session';

/** Shown while signed in; logout errors are only logged by the session (spec 000 s4). */
export function SignOutButton() {
  const { t } = useLingui();
  const session = useSessionActor();
  const signedIn = useSelector(session, (s) => s.hasTag('signedIn'));
  const leaving = useSelector(session, (s) => s.hasTag('signingOut'));
  if (!signedIn && !leaving) return null;
  return (
    <Button variant="secondary" isPending={leaving} onPress={() => session.send({ type: 'LOGOUT' })}>
      {t`Sign out`}
    </Button>
  );
}
