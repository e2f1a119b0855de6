import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type UiMessage } from '../shared/ui-message';
import { CONTRACT_ACTIONS, CONTRACT_STATUSES, isFinalStatus, mayAct, nextStatus, type ContractAction, type ContractEvent, type ContractParty, type ContractStatus } from './contract.rules';

/**
 * A smart contract's lifecycle as its detail page lives it (spec 000 s4; issue 58): a state per
 * status, the parties' actions and the service's own news as events, who may do what from the
 * rules' table (`mayAct`), where each event leads from the same table (`nextStatus`), so the page,
 * this statechart and the sandbox agree.
 * - ACT names an action the viewer may take now (cancel, reject, terminate, cancel termination,
 *   terminate now) → `confirming` (terminate asks for its note) → CONFIRM sends it once
 *   (`acting`; presses meanwhile are not taken) → the contract's new status; a refusal keeps the
 *   page as it was with the reason, and a contract that changed meanwhile (the service's 409) is
 *   read again (`reload`) and said so.
 * - SIGN (offered when the table allows it and the service's checkSigner said this viewer can
 *   sign) asks for the signing page's address (`signing`) and goes there (`openSignPage`); the
 *   page comes back to a fresh detail.
 * - The service's news (SIGNED_BY_OTHER, IDENTIFIED, ACTIVE_FROM_REACHED, ACTIVE_TO_REACHED,
 *   TERMINATION_DUE) and UPDATED (a fresh read) move it to the status they lead to.
 * Views read the state (the status), `context.error`, `context.lastDone`, and tags `confirming`, `busy`.
 */
export type ConfirmableAction = Exclude<ContractAction, 'sign'>;

export const contractMessages = {
  noteRequired: msg`Say why the contract ends: the other party reads it.`,
  noteTooLong: msg`Use at most 500 characters.`,
  changedMeanwhile: msg`The contract changed meanwhile, so this was not done. It is shown as it is now.`,
};

export const TERMINATE_NOTE_MAX = 500;

export interface ContractContext {
  status: ContractStatus;
  party: ContractParty;
  canSign: boolean;
  action: ConfirmableAction | null;
  note: string;
  noteError: UiMessage | null;
  error: UiMessage | null;
  /** The action last done (said on the page until the next one starts). */
  lastDone: ConfirmableAction | null;
}

/** The service's news, with what the rules need to know where it leads. */
type NewsEvent =
  | { type: 'SIGNED_BY_OTHER'; bothSigned: boolean; identificationNeeded: boolean; started: boolean }
  | { type: 'IDENTIFIED'; started: boolean }
  | { type: 'ACTIVE_FROM_REACHED' }
  | { type: 'ACTIVE_TO_REACHED' }
  | { type: 'TERMINATION_DUE' };

export type ContractMachineEvent =
  | NewsEvent
  | { type: 'ACT'; action: ConfirmableAction }
  | { type: 'NOTE'; value: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'SIGN' }
  | { type: 'CAN_SIGN'; canSign: boolean }
  | { type: 'UPDATED'; status: ContractStatus; party?: ContractParty };

export type ContractTag = 'confirming' | 'busy';

/** What the `perform` actor throws when the contract is no longer in a status that allows the action (409). */
export interface ContractStale {
  stale: true;
}
const isStale = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as ContractStale).stale === true;

/** A status's state name: `UNSIGNED` → `unsigned`, `NEED_IDENTIFICATION` → `needIdentification`. */
export const stateOf = (status: ContractStatus): string => status.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The rules' event for the service's news. */
function ruleEvent(event: NewsEvent): ContractEvent {
  switch (event.type) {
    case 'SIGNED_BY_OTHER':
      return { type: 'sign', bothSigned: event.bothSigned, identificationNeeded: event.identificationNeeded, started: event.started };
    case 'IDENTIFIED':
      return { type: 'identified', started: event.started };
    case 'ACTIVE_FROM_REACHED':
      return { type: 'activeFromReached' };
    case 'ACTIVE_TO_REACHED':
      return { type: 'activeToReached' };
    case 'TERMINATION_DUE':
      return { type: 'terminationDue' };
  }
}

/** Every form each news event takes (its flags), to find where it may lead from a status. */
const NEWS_SAMPLES: Record<NewsEvent['type'], NewsEvent[]> = {
  SIGNED_BY_OTHER: [false, true].flatMap((bothSigned) => [false, true].flatMap((identificationNeeded) => [false, true].map((started) => ({ type: 'SIGNED_BY_OTHER' as const, bothSigned, identificationNeeded, started })))),
  IDENTIFIED: [{ type: 'IDENTIFIED', started: false }, { type: 'IDENTIFIED', started: true }],
  ACTIVE_FROM_REACHED: [{ type: 'ACTIVE_FROM_REACHED' }],
  ACTIVE_TO_REACHED: [{ type: 'ACTIVE_TO_REACHED' }],
  TERMINATION_DUE: [{ type: 'TERMINATION_DUE' }],
};

/** A transition of the service's news: to the status it leads to, when the rules' table says it leads there. */
interface NewsTransition {
  guard: (args: { event: ContractMachineEvent }) => boolean;
  target: string;
  actions: { type: 'setStatus'; params: { status: ContractStatus } };
}

/** The news a status takes, each a transition per status it may lead to (from the rules' table), guarded by that table. */
function newsOf(status: ContractStatus): Partial<Record<NewsEvent['type'], NewsTransition[]>> {
  const on: Partial<Record<NewsEvent['type'], NewsTransition[]>> = {};
  for (const [type, samples] of Object.entries(NEWS_SAMPLES) as [NewsEvent['type'], NewsEvent[]][]) {
    const targets = [...new Set(samples.map((sample) => nextStatus(status, ruleEvent(sample))).filter((to): to is ContractStatus => to !== null))];
    if (targets.length === 0) continue;
    on[type] = targets.map((to) => ({
      guard: ({ event }) => event.type === type && nextStatus(status, ruleEvent(event)) === to,
      target: `#contract.${stateOf(to)}`,
      actions: { type: 'setStatus', params: { status: to } },
    }));
  }
  return on;
}

/** Every kind of party, to know in which statuses some action may be taken by someone. */
const PARTIES: readonly ContractParty[] = [true, false].flatMap((initiator) => [true, false].map((terminationAuthor) => ({ initiator, payer: true, terminationAuthor })));
const ANY_PARTY: ContractParty = { initiator: true, payer: true, terminationAuthor: true };
/** The statuses where someone may take a confirmed action (ACT is only there). */
const ACTIONS_IN = new Set(CONTRACT_STATUSES.filter((status) => CONTRACT_ACTIONS.some((action) => action !== 'sign' && PARTIES.some((party) => mayAct(action, status, party)))));

const noteProblem = (note: string): UiMessage | null => {
  const value = note.trim();
  if (!value) return { descriptor: contractMessages.noteRequired };
  return value.length > TERMINATE_NOTE_MAX ? { descriptor: contractMessages.noteTooLong } : null;
};

export const contractMachine = setup({
  types: {
    context: {} as ContractContext,
    input: {} as { status: ContractStatus; party: ContractParty; canSign?: boolean },
    events: {} as ContractMachineEvent,
    tags: {} as ContractTag,
  },
  actors: {
    /** The action's call (POST /contract/{id}/cancel, /reject, /terminate with the note, /terminateCancel, /terminateNow): the contract's status after it. Throws a UiMessage, or a ContractStale (409). */
    perform: fromPromise<ContractStatus, { action: ConfirmableAction; note: string }>(async () => {
      throw new Error('contract: perform not provided');
    }),
    /** GET /contract/{id}/signUrl: the signing page's address. Throws a UiMessage. */
    signUrl: fromPromise<string, void>(async () => {
      throw new Error('contract: signUrl not provided');
    }),
  },
  actions: {
    setStatus: assign((_, params: { status: ContractStatus }) => ({ status: params.status, error: null })),
    updated: assign(({ event, context }) => (event.type === 'UPDATED' ? { status: event.status, party: event.party ?? context.party } : {})),
    /** Provided by the page: go to the signing page (it comes back to the detail). */
    openSignPage: (_, _params: { url: string }) => {},
    /** Provided by the page: read the contract again (it changed meanwhile). */
    reload: () => {},
    /** Provided by the page: what was done is said, the list's counts read again. */
    done: (_, _params: { action: ConfirmableAction }) => {},
  },
  guards: {
    mayAct: ({ context, event }) => event.type === 'ACT' && mayAct(event.action, context.status, context.party),
    maySign: ({ context }) => context.canSign && mayAct('sign', context.status, context.party),
    noteWrong: ({ context }) => context.action === 'terminate' && noteProblem(context.note) !== null,
    stale: ({ event }) => isStale((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'contract',
  context: ({ input }) => ({ status: input.status, party: input.party, canSign: input.canSign ?? false, action: null, note: '', noteError: null, error: null, lastDone: null }),
  initial: 'route',
  on: {
    CAN_SIGN: { actions: assign({ canSign: ({ event }) => event.canSign }) },
  },
  states: {
    route: {
      always: CONTRACT_STATUSES.map((status) => ({ guard: ({ context }: { context: ContractContext }) => context.status === status, target: stateOf(status) })),
    },
    ...Object.fromEntries(
      CONTRACT_STATUSES.map((status) => [
        stateOf(status),
        {
          // A final status takes nothing; the others what the rules' table lets happen there.
          ...(isFinalStatus(status) ? { type: 'final' as const } : {}),
          on: isFinalStatus(status)
            ? {}
            : {
                ...newsOf(status),
                UPDATED: { target: 'route', actions: 'updated' },
                ...(ACTIONS_IN.has(status) ? { ACT: { guard: 'mayAct', target: 'confirming', actions: assign({ action: ({ event }) => (event.type === 'ACT' ? event.action : null), note: '', noteError: null, error: null, lastDone: null }) } } : {}),
                ...(mayAct('sign', status, ANY_PARTY) ? { SIGN: { guard: 'maySign', target: 'signing', actions: assign({ error: null, lastDone: null }) } } : {}),
              },
        },
      ]),
    ),
    confirming: {
      tags: ['confirming'],
      on: {
        NOTE: { actions: assign({ note: ({ event }) => event.value, noteError: null }) },
        CONFIRM: [{ guard: 'noteWrong', actions: assign({ noteError: ({ context }) => noteProblem(context.note) }) }, { target: 'acting' }],
        CANCEL: { target: 'route', actions: assign({ action: null, note: '', noteError: null }) },
      },
    },
    acting: {
      tags: ['confirming', 'busy'],
      invoke: {
        src: 'perform',
        input: ({ context }) => ({ action: context.action!, note: context.note.trim() }),
        onDone: {
          target: 'route',
          actions: [{ type: 'done', params: ({ context }) => ({ action: context.action! }) }, assign({ status: ({ event }) => event.output, lastDone: ({ context }) => context.action, action: null, note: '' })],
        },
        onError: [
          { guard: 'stale', target: 'route', actions: ['reload', assign({ action: null, note: '', error: { descriptor: contractMessages.changedMeanwhile } })] },
          { target: 'confirming', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
        ],
      },
    },
    signing: {
      tags: ['busy'],
      invoke: {
        src: 'signUrl',
        onDone: { target: 'leaving', actions: { type: 'openSignPage', params: ({ event }) => ({ url: event.output }) } },
        onError: { target: 'route', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
    /** On the way to the signing page: nothing more happens here. */
    leaving: { tags: ['busy'] },
  },
});
