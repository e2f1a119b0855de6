import { newRequestId } from '../shared/request-id';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type UiMessage } from '../shared/ui-message';
import type { FormValues } from '../shared/form.machine';
import { cardLifecycle, cardMeta, type CardLifecycleFacts } from './card.logic';
import { approvalMachine, type ApprovalOutput } from '../transfers/approval.machine';
import type { ApprovalReply } from '../transfers/approval.logic';
import { activationFormMachine, ACTIVATION_PARAM_PREFIX, changePinFormMachine, emptyChangePin, reissueFormMachine, renameFormMachine } from './card-forms';

/**
 * What a customer does with one card (001 s4, s7; 000 s2): the card detail page subscribes to
 * this statechart. Every action is guarded by the status table (`cardMeta`, `cardLifecycle`), so
 * an action the status forbids is not taken even if a stale screen offers it.
 *
 * - pause, unpause, upgrade shipping: one call, then the card as the service returns it;
 * - block: asks for confirmation first (it cannot be undone), then confirms in the customer's
 *   approval mode (below);
 * - show PIN: `cardShowPin`, confirmed in the customer's approval mode like a PIN change when its
 *   reply asks for it (issue 46; mode none: at once), then `cardGetPin`; the PIN is shown for
 *   PIN_VISIBLE_MS, can be hidden at once, and is cleared from the context when hidden; a PIN
 *   request not confirmed shows nothing;
 * - change PIN, rename, reissue and activation are forms (invoked, `final`) that end the
 *   action when submitted; activation first loads its data (fee, extra parameters) and ends by
 *   showing the PIN it returns; activation carries a requestId chosen when the form opens,
 *   so a retry after a lost reply is answered once (docs/decisions.md "Idempotent submits");
 * - load is money moving between own accounts: the detail page links to /transfer/account with
 *   the card chosen, where the transfer statechart confirms it in the customer's approval mode
 *   (`offeredActions` still says whether the status allows it).
 * After each change `changed` runs (the page refreshes the account list) and a notice says what
 * happened. Sensitive actions (block, PIN change, reissue) confirm through the approval statechart
 * (child `approval`): their call answers the approval fields, the approval starts from
 * that reply (mode none: its success popup at once; sms, otp, approvalCode: a code; push: the
 * phone), and only a confirmed action counts as done; one not confirmed says nothing changed.
 * Views read tags.
 */
export const PIN_VISIBLE_MS = 10_000;

export interface CardState extends CardLifecycleFacts {
  accountId: number;
  currencyCode: string;
  cardAliasName?: string | undefined;
}

export interface ActivationData {
  fees: string;
  feeCurrency: string;
  extraParams: { name: string; required: boolean }[];
}

export type CardCommand = 'cardPause' | 'cardUnpause' | 'cardUpgradeReissueShipping';

export const cardActionNotices = {
  cardPause: msg`The card is paused. Payments with it are declined until you unpause it.`,
  cardUnpause: msg`The card is active again.`,
  cardBlock: msg`The card is blocked for good.`,
  cardUpgradeReissueShipping: msg`The new card will be shipped express.`,
  pinChanged: msg`The PIN is changed.`,
  renamed: msg`The card is renamed.`,
  reissued: msg`A new card is on its way.`,
  activated: msg`The card is active. Remember its PIN.`,
} satisfies Record<string, MessageDescriptor>;

/** A sensitive action waiting for its approval: what its notice will say once confirmed. */
export type SensitiveAction = 'cardBlock' | 'pinChanged' | 'reissued';

export const notConfirmed = msg`The change was not confirmed, so the card stays as it was.`;
export const pinNotConfirmed = msg`The PIN request was not confirmed, so the PIN is not shown.`;

export type CardActionTag = 'busy' | 'confirmBlock' | 'pinShown' | 'changePin' | 'rename' | 'reissue' | 'activate' | 'approving';

type Action = 'pause' | 'unpause' | 'block' | 'showPin' | 'changePin' | 'editName' | 'reissue' | 'upgradeShipping' | 'activate' | 'load';

export type CardActionEvent =
  | { type: 'PAUSE' }
  | { type: 'UNPAUSE' }
  | { type: 'BLOCK' }
  | { type: 'UPGRADE_SHIPPING' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'SHOW_PIN' }
  | { type: 'HIDE_PIN' }
  | { type: 'CHANGE_PIN' }
  | { type: 'RENAME' }
  | { type: 'REISSUE' }
  | { type: 'ACTIVATE' }
  | { type: 'DISMISS' }
  | { type: 'CARD_UPDATED'; card: CardState };

export interface CardActionsContext {
  card: CardState;
  command: CardCommand | null;
  operationId: string | null;
  /** The PIN while it is shown; null otherwise (never stored elsewhere). */
  pin: string | null;
  activation: ActivationData | null;
  /** The sensitive action being approved, and the reply its call answered. */
  approving: { action: SensitiveAction; reply: ApprovalReply } | null;
  /** A PIN request waiting for its confirmation: the reply cardShowPin answered. */
  pinRequest: ApprovalReply | null;
  notice: MessageDescriptor | null;
  error: UiMessage | null;
}

/** A request id for one submit (kept by the form, so its retries reuse it). */
export { newRequestId } from '../shared/request-id';

function allows(card: CardState, action: Action): boolean {
  const meta = cardMeta(card);
  const life = cardLifecycle(card);
  switch (action) {
    case 'reissue':
    case 'upgradeShipping':
    case 'activate':
      return life[action];
    default:
      return meta[action];
  }
}


export const cardActionsMachine = setup({
  types: {
    input: {} as { card: CardState },
    context: {} as CardActionsContext,
    events: {} as CardActionEvent,
    tags: {} as CardActionTag,
  },
  actors: {
    /** pause, unpause, block, upgrade shipping: the card as the service returns it. Throws a UiMessage. */
    command: fromPromise<CardState, { method: CardCommand; accountId: number }>(async () => {
      throw new Error('command not provided');
    }),
    /** cardBlock: the approval fields of its reply. Throws a UiMessage. */
    block: fromPromise<ApprovalReply, { accountId: number }>(async () => {
      throw new Error('block not provided');
    }),
    /** cardShowPin: its approval fields (operationId: what cardGetPin then answers). Throws a UiMessage. */
    showPin: fromPromise<ApprovalReply, { accountId: number }>(async () => {
      throw new Error('showPin not provided');
    }),
    /** cardGetPin: the PIN. */
    getPin: fromPromise<string, { accountId: number; operationId: string }>(async () => {
      throw new Error('getPin not provided');
    }),
    /** cardActivationData. */
    activationData: fromPromise<ActivationData, { accountId: number }>(async () => {
      throw new Error('activationData not provided');
    }),
    changePinForm: changePinFormMachine,
    renameForm: renameFormMachine,
    reissueForm: reissueFormMachine,
    activationForm: activationFormMachine,
    approval: approvalMachine,
  },
  delays: { pinVisible: PIN_VISIBLE_MS },
  guards: {
    allows: ({ context }, params: { action: Action }) => allows(context.card, params.action),
    /** The PIN request's reply asks for a confirmation (an approval mode other than none). */
    pinNeedsApproval: ({ event }) => ((event as { output?: ApprovalReply }).output?.approveType ?? 'none') !== 'none',
    confirmed: ({ event }) => {
      const { outcome } = (event as { output?: ApprovalOutput }).output ?? {};
      return outcome === 'success' || outcome === 'pending';
    },
  },
  actions: {
    /** Provided by the page: refresh the account list (the card's status and balance). */
    changed: () => {},
    /** A sensitive action's call answered: the approval starts from its reply. */
    approve: assign({ approving: (_, params: { action: SensitiveAction; reply: unknown }) => ({ action: params.action, reply: params.reply as ApprovalReply }) }),
    clear: assign({ notice: null, error: null }),
    forgetPin: assign({ pin: null, operationId: null }),
    fail: assign({ error: (_, params: { error: unknown }) => toFailure(params.error) }),
  },
}).createMachine({
  id: 'cardActions',
  context: ({ input }) => ({ card: input.card, command: null, operationId: null, pin: null, activation: null, approving: null, pinRequest: null, notice: null, error: null }),
  initial: 'ready',
  on: {
    CARD_UPDATED: { actions: assign({ card: ({ event }) => event.card }) },
  },
  states: {
    ready: {
      on: {
        PAUSE: { guard: { type: 'allows', params: { action: 'pause' } }, target: 'running', actions: ['clear', assign({ command: 'cardPause' })] },
        UNPAUSE: { guard: { type: 'allows', params: { action: 'unpause' } }, target: 'running', actions: ['clear', assign({ command: 'cardUnpause' })] },
        UPGRADE_SHIPPING: {
          guard: { type: 'allows', params: { action: 'upgradeShipping' } },
          target: 'running',
          actions: ['clear', assign({ command: 'cardUpgradeReissueShipping' })],
        },
        BLOCK: { guard: { type: 'allows', params: { action: 'block' } }, target: 'confirmingBlock', actions: 'clear' },
        SHOW_PIN: { guard: { type: 'allows', params: { action: 'showPin' } }, target: 'pin', actions: 'clear' },
        CHANGE_PIN: { guard: { type: 'allows', params: { action: 'changePin' } }, target: 'changingPin', actions: 'clear' },
        RENAME: { guard: { type: 'allows', params: { action: 'editName' } }, target: 'renaming', actions: 'clear' },
        REISSUE: { guard: { type: 'allows', params: { action: 'reissue' } }, target: 'reissuing', actions: 'clear' },
        ACTIVATE: { guard: { type: 'allows', params: { action: 'activate' } }, target: 'activating', actions: 'clear' },
        DISMISS: { actions: 'clear' },
      },
    },
    confirmingBlock: {
      tags: ['confirmBlock'],
      on: {
        CONFIRM: 'blocking',
        CANCEL: 'ready',
      },
    },
    blocking: {
      tags: ['busy'],
      invoke: {
        src: 'block',
        input: ({ context }) => ({ accountId: context.card.accountId }),
        onDone: { target: 'approving', actions: { type: 'approve', params: ({ event }) => ({ action: 'cardBlock', reply: event.output }) } },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** A sensitive action confirms in the customer's approval mode; only a confirmed one is done. */
    approving: {
      tags: ['approving'],
      invoke: {
        id: 'approval',
        src: 'approval',
        input: ({ context }) => ({ reply: context.approving!.reply }),
        onDone: [
          {
            guard: 'confirmed',
            target: 'ready',
            actions: [assign({ notice: ({ context }) => cardActionNotices[context.approving?.action ?? 'cardBlock'], approving: null }), 'changed'],
          },
          { target: 'ready', actions: assign({ error: { descriptor: notConfirmed }, approving: null }) },
        ],
      },
    },
    running: {
      tags: ['busy'],
      invoke: {
        src: 'command',
        input: ({ context }) => ({ method: context.command ?? 'cardPause', accountId: context.card.accountId }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ card: ({ event }) => event.output, notice: ({ context }) => (context.command ? cardActionNotices[context.command] : null), command: null }),
            'changed',
          ],
        },
        onError: { target: 'ready', actions: [{ type: 'fail', params: ({ event }) => ({ error: event.error }) }, assign({ command: null })] },
      },
    },
    pin: {
      initial: 'requesting',
      exit: 'forgetPin',
      states: {
        requesting: {
          tags: ['busy'],
          invoke: {
            src: 'showPin',
            input: ({ context }) => ({ accountId: context.card.accountId }),
            onDone: [
              { guard: 'pinNeedsApproval', target: 'confirming', actions: assign({ operationId: ({ event }) => event.output.operationId ?? null, pinRequest: ({ event }) => event.output }) },
              { target: 'fetching', actions: assign({ operationId: ({ event }) => event.output.operationId ?? null }) },
            ],
            onError: { target: '#cardActions.ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        // The PIN is shown only once the request is confirmed in the customer's approval mode.
        confirming: {
          tags: ['approving'],
          exit: assign({ pinRequest: null }),
          invoke: {
            id: 'approval',
            src: 'approval',
            input: ({ context }) => ({ reply: context.pinRequest! }),
            onDone: [
              { guard: 'confirmed', target: 'fetching' },
              { target: '#cardActions.ready', actions: assign({ error: { descriptor: pinNotConfirmed } }) },
            ],
          },
        },
        fetching: {
          tags: ['busy'],
          invoke: {
            src: 'getPin',
            input: ({ context }) => ({ accountId: context.card.accountId, operationId: context.operationId ?? '' }),
            onDone: { target: 'shown', actions: assign({ pin: ({ event }) => event.output }) },
            onError: { target: '#cardActions.ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        shown: {
          tags: ['pinShown'],
          after: { pinVisible: '#cardActions.ready' },
          on: { HIDE_PIN: '#cardActions.ready' },
        },
      },
    },
    changingPin: {
      tags: ['changePin'],
      invoke: {
        id: 'form',
        src: 'changePinForm',
        input: () => ({ values: { ...emptyChangePin } }),
        onDone: { target: 'approving', actions: { type: 'approve', params: ({ event }) => ({ action: 'pinChanged', reply: event.output }) } },
      },
      on: { CANCEL: 'ready' },
    },
    renaming: {
      tags: ['rename'],
      invoke: {
        id: 'form',
        src: 'renameForm',
        input: ({ context }) => ({ values: { cardAliasName: context.card.cardAliasName ?? '' } }),
        onDone: { target: 'ready', actions: [assign({ card: ({ event }) => event.output as CardState, notice: cardActionNotices.renamed }), 'changed'] },
      },
      on: { CANCEL: 'ready' },
    },
    reissuing: {
      tags: ['reissue'],
      invoke: {
        id: 'form',
        src: 'reissueForm',
        input: () => ({ values: { isExpressShipping: '' } }),
        onDone: { target: 'approving', actions: { type: 'approve', params: ({ event }) => ({ action: 'reissued', reply: event.output }) } },
      },
      on: { CANCEL: 'ready' },
    },
    activating: {
      tags: ['activate'],
      initial: 'loadingData',
      on: { CANCEL: 'ready' },
      states: {
        loadingData: {
          tags: ['busy'],
          invoke: {
            src: 'activationData',
            input: ({ context }) => ({ accountId: context.card.accountId }),
            onDone: { target: 'reviewing', actions: assign({ activation: ({ event }) => event.output }) },
            onError: { target: '#cardActions.ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        reviewing: {
          invoke: {
            id: 'form',
            src: 'activationForm',
            input: ({ context }) => ({ values: activationValues(context.activation) }),
            onDone: {
              target: '#cardActions.pin.shown',
              actions: [assign({ pin: ({ event }) => String(event.output), notice: cardActionNotices.activated, activation: null }), 'changed'],
            },
          },
        },
      },
    },
  },
});

/** The activation form's first values: the fee account, each extra parameter, one requestId. */
export function activationValues(data: ActivationData | null): FormValues {
  const values: FormValues = { feeAccountId: '', requestId: newRequestId() };
  for (const param of data?.extraParams ?? []) values[`${ACTIVATION_PARAM_PREFIX}${param.name}`] = '';
  return values;
}

/** Which actions the card offers right now (what the detail page shows as buttons). */
export function offeredActions(card: CardState): Record<Action, boolean> {
  const actions: Action[] = ['pause', 'unpause', 'block', 'showPin', 'changePin', 'editName', 'reissue', 'upgradeShipping', 'activate', 'load'];
  return Object.fromEntries(actions.map((a) => [a, allows(card, a)])) as Record<Action, boolean>;
}
