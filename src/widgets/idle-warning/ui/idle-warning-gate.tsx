import { useSelector } from '@xstate/react';
import { useSessionActor } from '@/entities/session';
import { onDemand } from '@/shared/lib';

const view = onDemand(() => import('./idle-warning').then((m) => m.IdleWarning));

/** Loads the warning's code when idle after first paint. */
export const preloadIdleWarning = view.preload;

/** Mounts the idle warning (and its dialog code) only while the session warns. */
export function IdleWarningGate() {
  const warning = useSelector(useSessionActor(), (s) => s.hasTag('idleWarning'));
  return warning ? <view.Lazy /> : null;
}
