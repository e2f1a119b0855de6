import type { ActorRefFrom } from 'xstate';
import { tokenStore } from '@/shared/api';
import { createSharedFlow } from '@/shared/model';
import { loginLogic } from './login-actors';

/**
 * The sign-in in progress, shared by /login (the form) and /scp (approval on the phone), so moving
 * between the two pages keeps the flow (`createSharedFlow`). A finished sign-in hands its tokens to
 * the session and a fresh flow takes its place. `hasLoginResult()` is what guards /scp
 * (spec 000 s2: only after a login result exists).
 */
export type LoginActor = ActorRefFrom<typeof loginLogic>;
export interface LoginOutput {
  tokens: { accessToken: string; refreshToken: string | null };
  username: string;
}

interface Deps {
  onSignedIn: (output: LoginOutput) => void;
  showApproval: () => void;
  showForm: () => void;
}

let deps: Deps = { onSignedIn: () => {}, showApproval: () => {}, showForm: () => {} };

export function configureLoginFlow(next: Deps): void {
  deps = next;
}

const loginFlow = createSharedFlow(
  () => loginLogic.provide({ actions: { showApproval: () => deps.showApproval(), showForm: () => deps.showForm() } }),
  {
    defaultInput: () => ({ username: '' }),
    // A new sign-in: the previous one's temporary token is spent.
    onStart: () => tokenStore.setSignInToken(null),
    onDone: (output) => deps.onSignedIn(output as LoginOutput),
  },
);

/** Starts a new sign-in (the previous one, if any, is dropped). `exchange`: sign in from a code. */
export function startLoginFlow(input: { exchange?: { code: string; codeVerifier: string } } = {}): LoginActor {
  return loginFlow.start({ username: '', ...input });
}

export const currentLoginFlow = (): LoginActor => loginFlow.current();

/** A login reply exists and the flow is still going: /scp may be shown. */
export function hasLoginResult(): boolean {
  const snapshot = loginFlow.peek()?.getSnapshot();
  return Boolean(snapshot && snapshot.status === 'active' && snapshot.context.reply !== null);
}

/** The current sign-in actor for React (a new one after each finished sign-in). */
export const useLoginFlow = (): LoginActor => loginFlow.useFlow();

/**
 * What a visitor typed into the prerendered sign-in form before the app's code arrived (issue 48):
 * the shared sign-in takes it as typed, so the app's form shows it when it takes over. A field left
 * out is an empty field; only a field that differs from the sign-in's is sent (it may be called again
 * at the take-over's commit with what was typed while the app rendered).
 */
export function carryOverSignIn(typed: { username?: string | undefined; password?: string | undefined }): void {
  const flow = currentLoginFlow();
  for (const field of ['username', 'password'] as const) {
    const value = typed[field] ?? '';
    if (flow.getSnapshot().context[field] !== value) flow.send({ type: 'CHANGE', field, value });
  }
}
