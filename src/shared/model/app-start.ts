import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { appStartMachine } from '../../../machines/app-start.machine';

/** The app's start-up actor, provided once by src/app; features read and send through it. */
export type AppStartActor = ActorRefFrom<typeof appStartMachine>;

export const AppStartContext = createContext<AppStartActor | null>(null);

export function useAppStartActor(): AppStartActor {
  const actor = useContext(AppStartContext);
  if (!actor) throw new Error('useAppStartActor: no AppStartContext provider');
  return actor;
}
