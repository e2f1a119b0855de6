import { actorContext } from './actor-context';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { appStateMachine } from '@machines/app/app-state.machine';

/** Viewport, device, on-screen keyboard and the preloader list (spec 000 s3; docs/app-state.md). */
export type AppStateActor = ActorRefFrom<typeof appStateMachine>;

export const [AppStateContext, useAppStateActor] = actorContext<AppStateActor>('AppStateContext');

/** The spec's named breakpoint for the current viewport width. */
export function useBreakpoint() {
  return useSelector(useAppStateActor(), (s) => s.context.breakpoint);
}

/** True while any named load is pending (the page preloader shows). */
export function useIsLoading() {
  return useSelector(useAppStateActor(), (s) => s.matches('loading'));
}
