import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session.machine';

/** The session actor (tokens, refresh, idle timeout, logout), started once by src/app. */
export type SessionActor = ActorRefFrom<typeof sessionMachine>;

export const SessionContext = createContext<SessionActor | null>(null);

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSessionActor: no SessionContext provider');
  return actor;
}
