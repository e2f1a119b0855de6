import { useSyncExternalStore } from 'react';
import type { ActorRefFrom } from 'xstate';
import { createAppActor } from '@/shared/model';
import { loginLogic } from './login-logic';

/**
 * The sign-in in progress, shared by /login (the form) and /scp (approval on the phone), so moving
 * between the two pages keeps the flow. One actor at a time: a finished sign-in hands its tokens to
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
let current: LoginActor | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function configureLoginFlow(next: Deps): void {
  deps = next;
}

/** Starts a new sign-in (the previous one, if any, is dropped). `exchange`: sign in from a code. */
export function startLoginFlow(input: { exchange?: { code: string; codeVerifier: string } } = {}): LoginActor {
  current?.stop();
  const actor = createAppActor(
    loginLogic.provide({ actions: { showApproval: () => deps.showApproval(), showForm: () => deps.showForm() } }),
    { input: { username: '', ...input } },
  );
  actor.subscribe((s) => {
    if (s.status === 'done' && s.output && current === actor) {
      current = null;
      deps.onSignedIn(s.output);
      notify();
    }
  });
  current = actor;
  actor.start();
  notify();
  return actor;
}

export function currentLoginFlow(): LoginActor {
  return current ?? startLoginFlow();
}

/** A login reply exists and the flow is still going: /scp may be shown. */
export function hasLoginResult(): boolean {
  const snapshot = current?.getSnapshot();
  return Boolean(snapshot && snapshot.status === 'active' && snapshot.context.reply !== null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The current sign-in actor for React (a new one after each finished sign-in). */
export function useLoginFlow(): LoginActor {
  return useSyncExternalStore(subscribe, currentLoginFlow);
}
