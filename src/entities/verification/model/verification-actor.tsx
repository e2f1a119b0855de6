import { createContext, useCallback, useContext, useEffect, type ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { verificationStatusMachine } from '@machines/verification/verification-status.machine';
import { inspectOptions, watchVerificationChanges } from '@/shared/model';
import { loadVerificationFacts } from '../api/load-facts';
import { verificationKeys } from '../api/profile';

export type VerificationActor = ActorRefFrom<typeof verificationStatusMachine>;

const VerificationContext = createContext<VerificationActor | null>(null);

/** The verification status statechart with the app's reads. */
export const verificationLogic = verificationStatusMachine.provide({
  actors: { loadFacts: fromPromise(({ signal }) => loadVerificationFacts(signal)) },
});

/**
 * One verification statechart for the signed-in pages (the banners, /unverified-account,
 * /limited-account and the profile read it). It loads the facts once, and again when the tab
 * comes back into view or the realtime channel says the verification changed; pages that change the
 * facts (an upload, a confirmation) send REFRESH.
 */
export function VerificationProvider({ children, actor }: { children: ReactNode; actor?: VerificationActor }) {
  // A given statechart (a story's) replaces the app's own: no second one is started to load.
  return actor ? <ProvideVerification actor={actor}>{children}</ProvideVerification> : <OwnVerification>{children}</OwnVerification>;
}

let own: { actor: VerificationActor; started: boolean } | null = null;

/**
 * The signed-in app's one verification statechart, made on first use and kept until the session
 * ends (`endOwnVerification`). It is not made in a render: a render that suspends is thrown away
 * and run again, and each run made a statechart of its own (issue 45: 125 of them on the 10,000-row
 * batch page, 1 on /home). Started by the provider; a provider mounted again (back from a
 * restricted page) reads the facts again.
 */
export function ownVerificationActor(): VerificationActor {
  own ??= { actor: createActor(verificationLogic, { ...inspectOptions(), input: {} }), started: false };
  return own.actor;
}

/** Starts the statechart the first time; later (a provider mounted again) it reads the facts again. */
function runOwnVerification(actor: VerificationActor): void {
  if (own?.actor !== actor) return;
  if (own.started) actor.send({ type: 'REFRESH' });
  else {
    own.started = true;
    actor.start();
  }
}

/** The session ended: the statechart stops and the next session gets a new one. */
export function endOwnVerification(): void {
  own?.actor.stop();
  own = null;
}

/** The app's own statechart, started with the app's reads. */
function OwnVerification({ children }: { children: ReactNode }) {
  const actor = ownVerificationActor();
  useEffect(() => runOwnVerification(actor), [actor]);
  return <ProvideVerification actor={actor}>{children}</ProvideVerification>;
}

function ProvideVerification({ children, actor }: { children: ReactNode; actor: VerificationActor }) {
  // The app's query cache when there is one (a story of a banner alone has none).
  const queryClient = useContext(QueryClientContext);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'REFRESH' });
    };
    document.addEventListener('visibilitychange', onVisible);
    // News from the realtime channel (a document decided): read again at once.
    const unwatch = watchVerificationChanges(() => {
      actor.send({ type: 'REFRESH' });
      void queryClient?.invalidateQueries({ queryKey: verificationKeys.all });
    });
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      unwatch();
    };
  }, [actor, queryClient]);
  return <VerificationContext.Provider value={actor}>{children}</VerificationContext.Provider>;
}

/** The signed-in pages' verification statechart (inside VerificationProvider). */
export function useVerificationActor(): VerificationActor {
  const actor = useContext(VerificationContext);
  if (!actor) throw new Error('useVerificationActor outside VerificationProvider');
  return actor;
}

/** The statechart when there is one (widgets shown outside the signed-in pages read nothing). */
export const useOptionalVerificationActor = (): VerificationActor | null => useContext(VerificationContext);

/**
 * After a change to the verification (an upload, a confirmation, a saved address or phone): the
 * status decided again and the profile's reads read again.
 */
export function useRefreshVerification(): () => void {
  const actor = useContext(VerificationContext);
  const queryClient = useContext(QueryClientContext);
  return useCallback(() => {
    actor?.send({ type: 'REFRESH' });
    void queryClient?.invalidateQueries({ queryKey: verificationKeys.all });
  }, [actor, queryClient]);
}
