import { useLingui } from '@lingui/react/macro';
import { Dialog } from '@/shared/ui';
import { ReauthenticationForm, type ReauthenticationActor } from './reauthentication-form';

/**
 * "Confirm it is you" as a popup of its own, while a statechart's `reauthentication` child runs (a
 * change the service asked a proof for: the profile's e-mail). Closing it cancels the child, which
 * returns the change to its form with nothing typed lost.
 */
export function ReauthenticationPopup({ actor }: { actor: ReauthenticationActor | undefined }) {
  const { t } = useLingui();
  if (!actor) return null;
  return (
    <Dialog isOpen onClose={() => actor.send({ type: 'CANCEL' })} title={t`Confirm it is you`}>
      <ReauthenticationForm actor={actor} />
    </Dialog>
  );
}
