import { assign, fromPromise, setup } from 'xstate';
import { isProofRefusal, type FormValues } from '../shared/form.machine';
import { newRequestId } from '../shared/request-id';
import { toFailure, type UiMessage } from '../shared/ui-message';
import { locksOut, type IpEntry } from './ip-rules';
import { createProofFormMachine } from './proof-form.machine';
import { provenProof, reauthenticationMachine } from './reauthentication.machine';
import { ipEntryErrors } from './security-lists-messages';

/**
 * The add-IP-to-whitelist popup (spec 001 s2; issue 50): the proof form statechart with the
 * entry's rule (ip-rules: one address or a range of one family, from ≤ to). It ends in
 * `submitted` (final) so the list statechart that opened it moves on. The service asks for a proof
 * of re-authentication; the form asks the user when it does.
 */
export const ipAddFormMachine = createProofFormMachine('ipAddForm', ipEntryErrors, { final: true });

/** What the list statechart knows of the list when a change is asked for (the view's data). */
export interface IpListState {
  modeOn: boolean;
  entries: readonly (IpEntry & { id: number })[];
  /** The address the service sees the user at (ipInfo), or null when it is not known. */
  current: string | null;
}

export type IpListChange = { kind: 'delete'; id: number; label: string } | { kind: 'mode'; mode: 'on' | 'off' };

export type IpListEvent =
  | { type: 'ADD' }
  | { type: 'DELETE'; id: number; label: string; list: IpListState }
  | { type: 'SET_MODE'; mode: 'on' | 'off'; list: IpListState }
  | { type: 'ADD_CURRENT' }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

export type IpListTag = 'busy' | 'adding' | 'lockOut' | 'confirming' | 'failed' | 'reauthenticating';

export interface IpListContext {
  /** The change asked for and not yet made (kept through the lock-out question and the add it leads to). */
  change: IpListChange | null;
  /** The current address when the lock-out question was asked: what "Add my address" fills in. */
  current: string | null;
  /** What the add popup starts with. */
  prefill: FormValues;
  requestId: string;
  proof: string | null;
  error: UiMessage | null;
}

const EMPTY_ENTRY: FormValues = { ip: '', toIp: '' };

/**
 * The allowed IP list's changes (spec 001 s7 "access IP list, add, delete, set mode"; issue 50):
 *
 * - ADD opens `adding`: the add popup (`addForm`, ipAddFormMachine) as a child; CANCEL closes it.
 * - DELETE asks `confirmingDelete` first (a destructive action); SET_MODE is made at once.
 * - **The lock-out guard** (beyond the spec): turning the mode on, or deleting an entry while it is
 *   on, when the current address (ipInfo) would then be outside every entry, first goes to
 *   `lockOutWarning`; ADD_CURRENT opens the add popup with that address filled in, and once it is
 *   added the change goes on (the deletion is still confirmed; the mode is turned on). An unknown
 *   current address cannot be checked and asks nothing (locksOut answers null).
 * - `changing` sends the change once per requestId (RETRY after a failure sends the same one); the
 *   service asking for a proof (403 REAUTH) goes to `reauthenticating` and, proven, sends again;
 *   cancelled, nothing changed. A failure waits in `failed` with its message (RETRY, CANCEL).
 * - `changed` (provided by the view) reads the list again after each change.
 * A proof the add popup obtained is kept by the app (its `proofGiven`); the app's `applyChange`
 * uses the proof held when the list's own context has none, so the user is not asked twice.
 */
export const ipListMachine = setup({
  types: {
    context: {} as IpListContext,
    input: {} as { proof?: string | null },
    events: {} as IpListEvent,
    tags: {} as IpListTag,
  },
  actors: {
    addForm: ipAddFormMachine,
    reauthentication: reauthenticationMachine,
    /** Deletes an entry or sets the mode, with the proof when one is held. Throws a FormFailure (proofRefused: ask for one) or a UiMessage. */
    applyChange: fromPromise<unknown, { change: IpListChange; requestId: string; proof: string | null }>(async () => {
      throw new Error('ipList: applyChange not provided');
    }),
  },
  actions: {
    /** Provided by the view: read the list again. */
    changed: () => {},
    /** Provided by the app: keep a proof for the next change within its lifetime. */
    proofGiven: (_, _params: { proof: string; expiresIn: number }) => {},
  },
  guards: {
    deleteLocksOut: ({ event }) => event.type === 'DELETE' && locksOut({ kind: 'delete', id: event.id }, event.list) === true,
    turnOnLocksOut: ({ event }) => event.type === 'SET_MODE' && event.mode === 'on' && locksOut({ kind: 'turnOn' }, event.list) === true,
    pendingDelete: ({ context }) => context.change?.kind === 'delete',
    pendingMode: ({ context }) => context.change?.kind === 'mode',
    proofRefused: ({ event }) => 'error' in event && isProofRefusal(event.error),
  },
}).createMachine({
  id: 'ipList',
  context: ({ input }) => ({ change: null, current: null, prefill: EMPTY_ENTRY, requestId: newRequestId(), proof: input.proof ?? null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        ADD: { target: 'adding', actions: assign({ change: null, prefill: EMPTY_ENTRY }) },
        DELETE: [
          {
            guard: 'deleteLocksOut',
            target: 'lockOutWarning',
            actions: assign(({ event }) => ({ change: { kind: 'delete' as const, id: event.id, label: event.label }, current: event.list.current })),
          },
          { target: 'confirmingDelete', actions: assign(({ event }) => ({ change: { kind: 'delete' as const, id: event.id, label: event.label } })) },
        ],
        SET_MODE: [
          { guard: 'turnOnLocksOut', target: 'lockOutWarning', actions: assign(({ event }) => ({ change: { kind: 'mode' as const, mode: event.mode }, current: event.list.current })) },
          { target: 'changing', actions: assign(({ event }) => ({ change: { kind: 'mode' as const, mode: event.mode }, requestId: newRequestId() })) },
        ],
      },
    },
    lockOutWarning: {
      tags: ['lockOut'],
      on: {
        ADD_CURRENT: { target: 'adding', actions: assign(({ context }) => ({ prefill: { ip: context.current ?? '', toIp: '' } })) },
        CANCEL: { target: 'idle', actions: assign({ change: null }) },
      },
    },
    adding: {
      tags: ['adding'],
      invoke: {
        id: 'addForm',
        src: 'addForm',
        input: ({ context }) => ({ values: context.prefill, proof: context.proof }),
        onDone: [
          { guard: 'pendingDelete', target: 'confirmingDelete', actions: 'changed' },
          { guard: 'pendingMode', target: 'changing', actions: ['changed', assign({ requestId: () => newRequestId() })] },
          { target: 'idle', actions: 'changed' },
        ],
      },
      on: { CANCEL: { target: 'idle', actions: assign({ change: null }) } },
    },
    confirmingDelete: {
      tags: ['confirming'],
      on: {
        CONFIRM: { target: 'changing', actions: assign({ requestId: () => newRequestId() }) },
        CANCEL: { target: 'idle', actions: assign({ change: null }) },
      },
    },
    changing: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'applyChange',
        input: ({ context }) => ({ change: context.change!, requestId: context.requestId, proof: context.proof }),
        onDone: { target: 'idle', actions: ['changed', assign({ change: null })] },
        onError: [
          { guard: 'proofRefused', target: 'reauthenticating', actions: assign({ proof: null }) },
          { target: 'failed', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
        ],
      },
    },
    reauthenticating: {
      tags: ['busy', 'reauthenticating'],
      invoke: {
        id: 'reauthentication',
        src: 'reauthentication',
        input: () => ({}),
        onDone: [
          {
            guard: ({ event }) => provenProof(event.output) !== null,
            target: 'changing',
            actions: [
              assign({ proof: ({ event }) => provenProof(event.output)?.proof ?? null }),
              { type: 'proofGiven', params: ({ event }) => provenProof(event.output) ?? { proof: '', expiresIn: 0 } },
            ],
          },
          { target: 'idle', actions: assign({ change: null }) },
        ],
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        RETRY: 'changing',
        CANCEL: { target: 'idle', actions: assign({ change: null, error: null }) },
      },
    },
  },
});
