import { useSelector } from '@xstate/react';
import { onDemand } from '@/shared/lib';
import { useLoginRequestActor } from '@/shared/model';

const view = onDemand(() => import('./login-request-dialog').then((m) => m.LoginRequestDialog));

/** Loads the dialog's code when idle after first paint. */
export const preloadLoginRequestDialog = view.preload;

/** Mounts the sign-in request dialog (and its code) only while a request is open. */
export function LoginRequestDialogGate() {
  const open = useSelector(useLoginRequestActor(), (s) => s.hasTag('open'));
  return open ? <view.Lazy /> : null;
}
