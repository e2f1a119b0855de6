import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Dialog } from '@/shared/ui';
import { ReauthenticationForm, type ReauthenticationActor } from './reauthentication-form';

/**
 * "Confirm it is you" as a popup of its own, while a statechart's `reauthentication` child runs (a
 * change the service asked a proof for: the profile's e-mail; the password change). Closing it
 * cancels the child, which returns the change to its form with nothing typed lost.
 *
 * `passwordGiven`: the form that asks holds the password (the password change), whose check runs
 * while the form's button shows progress; the popup only opens when the check asks for something
 * (the second factor, or a wait after too many tries).
 */
export function ReauthenticationPopup({ actor, passwordGiven = false }: { actor: ReauthenticationActor | undefined; passwordGiven?: boolean }) {
  return actor ? <Popup actor={actor} passwordGiven={passwordGiven} /> : null;
}

function Popup({ actor, passwordGiven }: { actor: ReauthenticationActor; passwordGiven: boolean }) {
  const { t } = useLingui();
  const asks = useSelector(actor, (s) => s.hasTag('codeEntry') || s.hasTag('lockedOut'));
  if (passwordGiven && !asks) return null;
  return (
    <Dialog isOpen onClose={() => actor.send({ type: 'CANCEL' })} title={t`Confirm it is you`}>
      <ReauthenticationForm actor={actor} />
    </Dialog>
  );
}
