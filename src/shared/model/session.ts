import { actorContext } from './actor-context';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '@machines/auth/session.machine';

/** The session actor (tokens, refresh, idle timeout, logout), started once by src/app. */
export type SessionActor = ActorRefFrom<typeof sessionMachine>;

export const [SessionContext, useSessionActor] = actorContext<SessionActor>('SessionContext');
