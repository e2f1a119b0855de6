import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { sessionMachine } from '@machines/auth/session.machine';
import { actorContext } from '@/shared/model';

/** The session actor (tokens, refresh, idle timeout, logout), created once by src/app. */
export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const [SessionContext, useSessionActor] = actorContext<SessionActor>('SessionContext');

/** useSelector needs an actor: without a session (stories), one whose snapshot is undefined and never changes. */
export const noSessionActor = { subscribe: () => ({ unsubscribe: () => {} }), getSnapshot: () => undefined } as unknown as SessionActor;
