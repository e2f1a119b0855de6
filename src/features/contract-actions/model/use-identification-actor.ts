import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { IdentificationStatus } from '@machines/contracts/contract-identification.machine';
import { inspectOptions } from '@/shared/model';
import { identificationLogicFor, type IdentificationLogic } from './identification-logic';

export type IdentificationActor = ActorRefFrom<IdentificationLogic>;

/**
 * The payer's identification statechart for the contract's page, started from the status read; a
 * read that differs from the statechart's (after its own call, a poll, the phone's answer) is
 * brought in as UPDATED once nothing is under way. `logic` is replaceable (stories give it fake calls).
 */
export function useIdentificationActor({ contractId, status, logic }: { contractId: number; status: IdentificationStatus; logic?: IdentificationLogic }): IdentificationActor {
  const queryClient = useQueryClient();
  // The provided logic is made once for the page (not flow state: the statechart holds that).
  const [ownLogic] = useState(() => logic ?? identificationLogicFor(contractId, queryClient));
  const actor = useActorRef(ownLogic, { input: { status }, ...inspectOptions() });
  const known = useSelector(actor, (s) => (s.hasTag('busy') ? null : s.context.status));
  useEffect(() => {
    if (known !== null && known !== status) actor.send({ type: 'UPDATED', status });
  }, [actor, known, status]);
  return actor;
}
