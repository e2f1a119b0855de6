import { assign, fromPromise, setup } from 'xstate';
import type { MainBody } from '@contract/main-methods';
import { approvalMachine, type ApprovalOutcome } from '../transfers/approval.machine';
import { sendForApproval } from '../transfers/send-for-approval';
import type { ApprovalRequestOf } from '../transfers/approval-request';
import { newRequestId } from '../shared/request-id';
import { toFailure, type UiMessage } from '../shared/ui-message';
import { ACCESS_AREAS, mayAssignLevel, presetAccess, presetOf, sameAccess, type AccessArea, type ChangeKind, type ChangeStatus, type Preset, type UserAccess } from './company-access.rules';

/**
 * A change of who may do what for the company (issue 54; 001 s7 Business access rights update;
 * no self-approval, an extension), from its draft to its end, for its author and for the other
 * full-access user who decides on it:
 * - `drafted`: the author sets the access (a preset, the access right, each area's level, the
 *   permission flags) or, for a removal or a new primary e-mail, reads what will happen; SUBMIT
 *   (only a real change, never level 5 unless held) sends it through the approval statechart
 *   (child `approval`) with its requestId: one full-access user confirms in their approval mode
 *   and it is applied; with two or more it waits for another one; the approval's popup says which
 *   and the author's part ends (`closed`, output `status`);
 * - `awaitingApproval` (a waiting change opened from the list): another full-access user APPROVEs (→ `deciding` → `approved`, the lists
 *   read again → `applied`) or DECLINEs after a confirmation (→ `declined`); the list may say it
 *   ended meanwhile (STATUS: applied, declined, expired, failed); a decision that fails keeps the
 *   change waiting with the reason (RETRY sends the same decision: once per requestId);
 * - a decision refused because what it changes changed meanwhile, or because it would leave no
 *   user with full access, ends in `failed` with the service's reason; `declined`, `expired`.
 * Views read tags: `editing`, `busy`, `waiting`, `confirmDecline`, `ended`; context `error`.
 */
export type PermissionChangeTag = 'editing' | 'busy' | 'waiting' | 'confirmDecline' | 'ended';

/** The permission flags as the contract has them (PermissionFlags). */
export type Flags = MainBody<'businessAccessRightsUpdate'>['permissions'];

/** Who or what the change is about. */
export interface ChangeTarget {
  /** Whose access (rights, removeUser) */
  userId?: number;
  /** Who is invited (addUser) */
  representativeId?: number;
  /** Which e-mail becomes the primary (primaryEmail) */
  emailId?: number;
  name: string;
  /** The version of the user's access the draft was read from (rights, removeUser). */
  version?: number;
}

export type PermissionChangeInput =
  | { kind: ChangeKind; target: ChangeTarget; access?: UserAccess; permissions?: Flags }
  | { changeId: number; status: ChangeStatus; kind: ChangeKind; target: ChangeTarget };

export interface PermissionChangeContext {
  kind: ChangeKind;
  target: ChangeTarget;
  /** The access the draft sets (rights, addUser) and what it was read from. */
  access: UserAccess;
  initial: UserAccess;
  permissions: Flags;
  changeId: number | null;
  status: ChangeStatus | null;
  /** The intent's requestId (the submit, then each decision its own). */
  requestId: string;
  decision: 'approve' | 'decline' | null;
  outcome: ApprovalOutcome | null;
  error: UiMessage | null;
}

export type PermissionChangeEvent =
  | { type: 'PRESET'; preset: Exclude<Preset, 'custom'> }
  | { type: 'RIGHTS'; level: number }
  | { type: 'LEVEL'; area: AccessArea; level: number }
  | { type: 'FLAGS'; permissions: Flags }
  | { type: 'SUBMIT' }
  | { type: 'APPROVE' }
  | { type: 'DECLINE' }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' }
  | { type: 'STATUS'; status: ChangeStatus }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' };

/** What a decision answers: the change as it stands after it. */
export interface DecisionResult {
  status: ChangeStatus;
  failureReason?: string | null | undefined;
}



const NO_ACCESS: UserAccess = { accessRights: 0, accessList: { balanceInfo: 0, transfers: 0, history: 0, merchant: 0 } };

/** The submit's call and body (with the intent's requestId), by the change's kind. */
export function changeRequest(context: Pick<PermissionChangeContext, 'kind' | 'target' | 'access' | 'permissions' | 'requestId'>): ApprovalRequestOf<'businessAccessRightsUpdate' | 'businessUserAdd' | 'businessUserDelete' | 'companyEmailSetPrimary'> {
  const { target, access, permissions, requestId } = context;
  switch (context.kind) {
    case 'rights':
      return {
        method: 'businessAccessRightsUpdate',
        body: { userId: target.userId ?? 0, accessRights: access.accessRights, accessList: { ...access.accessList }, permissions, version: target.version ?? 0, requestId },
      };
    case 'addUser':
      return { method: 'businessUserAdd', body: { representativeId: target.representativeId ?? 0, accessRights: access.accessRights, accessList: { ...access.accessList }, permissions, requestId } };
    case 'removeUser':
      return { method: 'businessUserDelete', body: { userId: target.userId ?? 0, version: target.version ?? 0, requestId } };
    case 'primaryEmail':
      return { method: 'companyEmailSetPrimary', body: { emailId: target.emailId ?? 0, requestId } };
  }
}

/** Whether the draft may be sent: a removal or a new primary always; an access only when it changes something and gives no level that may not be given. */
export function draftSendable(context: Pick<PermissionChangeContext, 'kind' | 'access' | 'initial'>): boolean {
  if (context.kind === 'removeUser' || context.kind === 'primaryEmail') return true;
  const { access, initial } = context;
  const levelsOk = mayAssignLevel(access.accessRights, initial.accessRights) && ACCESS_AREAS.every((area) => mayAssignLevel(access.accessList[area], initial.accessList[area]));
  return levelsOk && (context.kind === 'addUser' || !sameAccess(access, initial));
}

export const draftPreset = (context: Pick<PermissionChangeContext, 'access'>): Preset => presetOf(context.access);

const ended = (status: ChangeStatus) => ({ guard: ({ event }: { event: PermissionChangeEvent }) => event.type === 'STATUS' && event.status === status });

export const permissionChangeMachine = setup({
  types: {
    context: {} as PermissionChangeContext,
    input: {} as PermissionChangeInput,
    events: {} as PermissionChangeEvent,
    tags: {} as PermissionChangeTag,
  },
  actors: {
    approval: approvalMachine,
    /**
     * businessPermissionChangeDecide (changeId, decision, requestId): the change after it. A refusal
     * of a change that can no longer be decided (expired, changed meanwhile, no user would keep
     * full access) answers the change's status with the reason; only a failure whose outcome is not
     * known (a lost reply, a 500) throws a UiMessage.
     */
    decide: fromPromise<DecisionResult, { changeId: number; decision: 'approve' | 'decline'; requestId: string }>(async () => {
      throw new Error('permissionChange: decide not provided');
    }),
    /** The company's lists read again after an approval (the users, their rights, the changes). */
    reload: fromPromise<void, void>(async () => undefined),
  },
  actions: {
    /** Provided by the app: the change may have been applied or is waiting (read the lists again). */
    moneyMoved: () => {},
    approvalEnded: assign((_, params: { outcome: ApprovalOutcome }) => ({ outcome: params.outcome })),
    newIntent: assign({ requestId: () => newRequestId() }),
  },
  guards: {
    sendable: ({ context }) => draftSendable(context),
    waitsForAnother: ({ context }) => context.outcome === 'requested',
    startsAs: ({ context }, params: { status: ChangeStatus }) => context.status === params.status,
    decidedAs: ({ event }, params: { status: ChangeStatus }) => (event as unknown as { output?: DecisionResult }).output?.status === params.status,
  },
}).createMachine({
  id: 'permissionChange',
  output: ({ context }) => ({ status: context.status }),
  context: ({ input }) => {
    const access = 'access' in input && input.access ? input.access : NO_ACCESS;
    return {
      kind: input.kind,
      target: input.target,
      access,
      initial: access,
      permissions: ('permissions' in input ? input.permissions : undefined) ?? {},
      changeId: 'changeId' in input ? input.changeId : null,
      status: 'status' in input ? input.status : null,
      requestId: newRequestId(),
      decision: null,
      outcome: null,
      error: null,
    };
  },
  initial: 'starting',
  states: {
    starting: {
      always: [
        ...(['awaitingApproval', 'applied', 'declined', 'expired', 'failed'] as const).map((status) => ({ guard: { type: 'startsAs' as const, params: { status } }, target: status })),
        { target: 'drafted' },
      ],
    },
    drafted: {
      tags: ['editing'],
      on: {
        PRESET: { actions: assign({ access: ({ event }) => presetAccess(event.preset), error: null }) },
        RIGHTS: { actions: assign({ access: ({ context, event }) => ({ ...context.access, accessRights: event.level }), error: null }) },
        LEVEL: { actions: assign({ access: ({ context, event }) => ({ ...context.access, accessList: { ...context.access.accessList, [event.area]: event.level } }), error: null }) },
        FLAGS: { actions: assign({ permissions: ({ event }) => event.permissions, error: null }) },
        SUBMIT: { guard: 'sendable', target: 'sending' },
        CANCEL: 'closed',
      },
    },
    sending: {
      tags: ['busy'],
      ...sendForApproval<PermissionChangeContext, 'newIntent'>({
        request: (context) => changeRequest(context),
        moved: { target: 'sent' },
        // Refused or rejected: the draft stays for another try, as a new intent.
        notMoved: { target: 'drafted', actions: ['newIntent'] },
        // Closed before the end (or not known): the same intent, so sending again cannot change twice.
        cancelled: { target: 'drafted' },
      }),
    },
    /**
     * Sent: the approval's own result said where it stands (applied, confirmed in the author's mode,
     * or waiting for another full-access user); the author's part ends with that status.
     */
    sent: {
      always: [
        { guard: 'waitsForAnother', target: 'closed', actions: assign({ status: 'awaitingApproval' }) },
        { target: 'closed', actions: assign({ status: 'applied' }) },
      ],
    },
    awaitingApproval: {
      tags: ['waiting'],
      on: {
        APPROVE: { target: 'deciding', actions: assign({ decision: 'approve', requestId: () => newRequestId(), error: null }) },
        DECLINE: { target: 'confirmingDecline', actions: assign({ error: null }) },
        STATUS: [
          { ...ended('applied'), target: 'applied', actions: assign({ status: 'applied' }) },
          { ...ended('declined'), target: 'declined', actions: assign({ status: 'declined' }) },
          { ...ended('expired'), target: 'expired', actions: assign({ status: 'expired' }) },
          { ...ended('failed'), target: 'failed', actions: assign({ status: 'failed' }) },
        ],
        RETRY: { guard: ({ context }) => context.decision !== null && context.error !== null, target: 'deciding', actions: assign({ error: null }) },
        CLOSE: 'closed',
      },
    },
    confirmingDecline: {
      tags: ['waiting', 'confirmDecline'],
      on: {
        CONFIRM: { target: 'deciding', actions: assign({ decision: 'decline', requestId: () => newRequestId() }) },
        CANCEL: 'awaitingApproval',
      },
    },
    deciding: {
      tags: ['waiting', 'busy'],
      invoke: {
        src: 'decide',
        input: ({ context }) => ({ changeId: context.changeId ?? 0, decision: context.decision ?? 'decline', requestId: context.requestId }),
        onDone: [
          { guard: { type: 'decidedAs', params: { status: 'applied' } }, target: 'approved', actions: assign({ status: 'applied' }) },
          { guard: { type: 'decidedAs', params: { status: 'declined' } }, target: 'declined', actions: assign({ status: 'declined' }) },
          { guard: { type: 'decidedAs', params: { status: 'expired' } }, target: 'expired', actions: assign({ status: 'expired' }) },
          // Failed (or anything else the service says): ended with its reason.
          { target: 'failed', actions: assign({ status: 'failed', error: ({ event }) => (event.output.failureReason ? { text: event.output.failureReason } : null) }) },
        ],
        // Not known to have gone through (a lost reply, a 500): still waiting; RETRY sends the same decision.
        onError: { target: 'awaitingApproval', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
    /** Approved and applied by the service: the lists are read again before saying so. */
    approved: {
      tags: ['busy'],
      invoke: { src: 'reload', onDone: 'applied', onError: 'applied' },
    },
    applied: {
      tags: ['ended'],
      on: { CLOSE: 'closed' },
    },
    declined: {
      tags: ['ended'],
      on: { CLOSE: 'closed' },
    },
    expired: {
      tags: ['ended'],
      on: { CLOSE: 'closed' },
    },
    /** Could not apply: `error` says why (changed meanwhile, or no user would keep full access). */
    failed: {
      tags: ['ended'],
      on: { CLOSE: 'closed' },
    },
    closed: { type: 'final' },
  },
});
