import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { partyOf } from '@machines/contracts/contract.rules';
import type { Contract } from '@/entities/contract';
import { inspectOptions } from '@/shared/model';
import { contractLogicFor, type ContractLogic } from './contract-logic';

export type ContractActor = ActorRefFrom<ContractLogic>;

/**
 * The contract's statechart for its page (with the Stately inspector when it is on), started from
 * the contract as read and the viewer's part in it (partyOf: initiator, payer, the termination's
 * author). A read that differs from the last one taken in (after an action, a reload) is brought in
 * as UPDATED once nothing is under way; the service's checkSigner answer as CAN_SIGN. `logic` is replaceable
 * (stories give it fake calls).
 */
export function useContractActor({ contract, viewerId, canSign, logic }: { contract: Contract; viewerId: number; canSign: boolean; logic?: ContractLogic }): ContractActor {
  const queryClient = useQueryClient();
  // The provided logic is made once for the page (not flow state: the statechart holds that).
  const [ownLogic] = useState(() => logic ?? contractLogicFor(contract.id, queryClient));
  const party = partyOf(contract, viewerId);
  const actor = useActorRef(ownLogic, { input: { status: contract.status, party, canSign }, ...inspectOptions() });
  const idle = useSelector(actor, (s) => !s.hasTag('busy') && !s.hasTag('confirming'));
  const { status } = contract;
  const { initiator, payer, terminationAuthor } = party;
  // The read the statechart last took in (it started from the first): a read is brought in once, when nothing is under way.
  const seen = useRef(`${status}/${initiator}/${payer}/${terminationAuthor}`);
  useEffect(() => {
    const read = `${status}/${initiator}/${payer}/${terminationAuthor}`;
    if (!idle || read === seen.current) return;
    seen.current = read;
    actor.send({ type: 'UPDATED', status, party: { initiator, payer, terminationAuthor } });
  }, [actor, idle, status, initiator, payer, terminationAuthor]);
  useEffect(() => actor.send({ type: 'CAN_SIGN', canSign }), [actor, canSign]);
  return actor;
}
