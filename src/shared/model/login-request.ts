import { actorContext } from './actor-context';
import type { ActorRefFrom } from 'xstate';
import type { loginRequestMachine } from '@machines/auth/login-request.machine';

/** Sign-ins waiting for this signed-in session's approval (machines/login-request.machine.ts). */
export type LoginRequestActor = ActorRefFrom<typeof loginRequestMachine>;

export const [LoginRequestContext, useLoginRequestActor] = actorContext<LoginRequestActor>('LoginRequestContext');
