import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { loginRequestMachine } from '../../../machines/login-request.machine';

/** Sign-ins waiting for this signed-in session's approval (machines/login-request.machine.ts). */
export type LoginRequestActor = ActorRefFrom<typeof loginRequestMachine>;

export const LoginRequestContext = createContext<LoginRequestActor | null>(null);

export function useLoginRequestActor(): LoginRequestActor {
  const actor = useContext(LoginRequestContext);
  if (!actor) throw new Error('useLoginRequestActor: no LoginRequestContext provider');
  return actor;
}
