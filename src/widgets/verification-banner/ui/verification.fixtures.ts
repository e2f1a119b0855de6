import { useEffect, useState } from 'react';
import { createActor, fromPromise } from 'xstate';
import { verificationStatusMachine } from '@machines/verification/verification-status.machine';
import type { VerificationFacts } from '@machines/verification/verification.rules';
import type { VerificationActor } from '@/entities/verification';

/**
 * Story data of the verification status stories (the banner, /unverified-account and
 * /limited-account): the customer's facts for each status of 002 s4 (machines/verification/
 * verification.fixtures.ts) and the statechart that decides from them.
 * Stories only: the app never imports this module.
 */

/** A call that never answers (a load still under way). */
export const never = () => new Promise<never>(() => {});

/** The facts of each status (shared with the machine tests). */
export { checkedFacts, factsFor } from '@machines/verification/verification.fixtures';

export type StoryFacts = { facts: VerificationFacts } | { loadFacts: () => Promise<VerificationFacts> };

/**
 * The real verification statechart for a story, created and started once (given facts decide at
 * once; otherwise it loads with the story's `loadFacts`) and stopped when the story goes.
 */
export function useVerificationStoryActor(source: StoryFacts): VerificationActor {
  const [actor] = useState(() => {
    const load = 'loadFacts' in source ? source.loadFacts : never;
    const logic = verificationStatusMachine.provide({ actors: { loadFacts: fromPromise<VerificationFacts>(() => load()) } });
    const created: VerificationActor = createActor(logic, { input: { facts: 'facts' in source ? source.facts : null } });
    created.start();
    return created;
  });
  useEffect(() => () => actor.stop(), [actor]);
  return actor;
}
