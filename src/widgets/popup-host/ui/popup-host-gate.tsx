import { useSelector } from '@xstate/react';
import { onDemand } from '@/shared/lib';
import { usePopupActor } from '@/shared/model';

const view = onDemand(() => import('./popup-host').then((m) => m.PopupHost));

/** Loads the popup code when idle after first paint, so the first popup opens without a wait. */
export const preloadPopupHost = view.preload;

/** Mounts the popup host (and its dialog code) only while a popup is open. */
export function PopupHostGate() {
  const open = useSelector(usePopupActor(), (s) => s.hasTag('open'));
  return open ? <view.Lazy /> : null;
}
