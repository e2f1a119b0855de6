import { actorContext } from './actor-context';
import type { ActorRefFrom } from 'xstate';
import type { appStartMachine } from '@machines/app/app-start.machine';

/** The app's start-up actor, provided once by src/app; features read and send through it. */
export type AppStartActor = ActorRefFrom<typeof appStartMachine>;

export const [AppStartContext, useAppStartActor] = actorContext<AppStartActor>('AppStartContext');
