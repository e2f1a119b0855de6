import type { ApprovalRequest } from './approval-request';
import type { ApprovalOutcome, ApprovalOutput } from './approval.machine';

/**
 * The state that sends money through the approval, written once. A parent statechart that moves
 * money spreads it into one of its states:
 *
 *     sending: { tags: ['sending'], ...sendForApproval({ request: (context) => …, moved: { target: 'sent' }, notMoved: { target: 'reviewing', actions: ['newIntent'] } }) }
 *
 * It invokes the child `approval` (the parent's setup lists `approval: approvalMachine`) with the
 * request as its input, and when the approval ends it follows one of three branches:
 *
 * - **moved** (success, pending success, or a request waiting for a company approver; a branch may
 *   narrow the outcomes): `approvalEnded` with the outcome, the branch's own actions, then
 *   `moneyMoved` (the app refreshes exactly the queries whose answers change when money moves);
 * - **notMoved** (failed or rejected): `approvalEnded`, the branch's actions (usually a new intent);
 * - **cancelled** (and any outcome the moved branch narrowed away): `approvalEnded`, the branch's
 *   actions; by default the same target as notMoved, and the same intent (a repeat answers once).
 *   An `unknown` outcome (a confirmation's reply lost and the status not known) takes this branch
 *   too, keeping the intent so a repeat cannot move the money twice. This branch runs `moneyMoved`
 *   as well: the money may have moved after all (the lost reply, or a push approved on the phone
 *   after the popup was closed), so the balances and history are asked again.
 *
 * The parent's setup declares `approvalEnded` (params `{ outcome }`; usually it keeps the outcome
 * for the view) and `moneyMoved` (provided by the app); a branch's actions are the parent's own
 * named actions. Pass `ended: false` where the parent keeps no outcome (a global pay payment's
 * resend): then `approvalEnded` is not run.
 */
export interface ApprovalBranch<A extends string> {
  target: string;
  actions?: readonly A[];
}

export interface SendForApproval<C, A extends string> {
  /** The call and body, built from the parent's context (with the intent's requestId). */
  request: (context: C) => ApprovalRequest;
  moved: ApprovalBranch<A> & { outcomes?: readonly ApprovalOutcome[] };
  notMoved: ApprovalBranch<A>;
  cancelled?: ApprovalBranch<A>;
  ended?: boolean;
}

export const MOVED: readonly ApprovalOutcome[] = ['success', 'pending', 'requested'];
export const NOT_MOVED: readonly ApprovalOutcome[] = ['failed', 'rejected'];

type Done = { event: { output: ApprovalOutput } };
type Ended = { type: 'approvalEnded'; params: (args: Done) => { outcome: ApprovalOutcome } };

export function sendForApproval<C, A extends string = never>(config: SendForApproval<C, A>) {
  const movedOutcomes = config.moved.outcomes ?? MOVED;
  const cancelled = config.cancelled ?? { target: config.notMoved.target };
  const ended: Ended[] = config.ended === false ? [] : [{ type: 'approvalEnded', params: ({ event }) => ({ outcome: event.output.outcome }) }];
  return {
    invoke: {
      id: 'approval' as const,
      src: 'approval' as const,
      input: ({ context }: { context: C }) => ({ request: config.request(context) }),
      onDone: [
        {
          guard: ({ event }: Done) => movedOutcomes.includes(event.output.outcome),
          target: config.moved.target,
          actions: [...ended, ...(config.moved.actions ?? []), 'moneyMoved' as const],
        },
        {
          guard: ({ event }: Done) => NOT_MOVED.includes(event.output.outcome),
          target: config.notMoved.target,
          actions: [...ended, ...(config.notMoved.actions ?? [])],
        },
        { target: cancelled.target, actions: [...ended, ...(cancelled.actions ?? []), 'moneyMoved' as const] },
      ],
    },
  };
}
