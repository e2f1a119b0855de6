import { assign, setup, type ActorRefFrom } from 'xstate';
import { changeField, type FormErrors, type FormValues } from '../shared/form.machine';
import { newRequestId } from '../shared/request-id';
import { approvalMachine, type ApprovalOutcome, type ApprovalRequest } from './approval.machine';
import { sendForApproval } from './send-for-approval';

/**
 * One money transfer from its form to its confirmation (001 s4 Transaction approval), whatever
 * its kind: between own accounts, peer-to-peer, external. The kind is data (`TransferRules`: its
 * form rule and its submit's body), not a copy of this statechart.
 *
 * - `editing`: the values live here (nothing typed is lost by a failure or a re-render); SUBMIT
 *   carries what the screen knows from the service (accounts, rate, fee, limits: `facts`) and is
 *   refused with field errors while the form's rule says no;
 * - `sending`: the approval statechart (child `approval`) submits the body and confirms it in the
 *   customer's approval mode; its popups are the approval's; a failed submit waits there for RETRY
 *   (same requestId) or CANCEL;
 * - one requestId per intent: chosen when the form opens, kept by a RETRY, by a cancelled
 *   approval and by a reload (the screen keeps the intent while it is being sent: `intentStarted`,
 *   `intentEnded`), renewed when the values change after a submit or the transfer has ended, so
 *   the service answers a repeat with its first reply and the money moves once;
 * - a success or pending success starts a new, empty form (`moneyMoved` refreshes the balances); a
 *   failure or rejection keeps the values for another try.
 */
export interface TransferRules<F> {
  /** The form's rule (the same as the service's), with what the screen knows from the service. */
  validate: (values: FormValues, facts: F) => FormErrors;
  /** The submit's call and body, with the intent's requestId. */
  request: (values: FormValues, facts: F, requestId: string) => ApprovalRequest;
}

export type TransferTag = 'editing' | 'sending';

export interface TransferContext<F> {
  values: FormValues;
  initial: FormValues;
  errors: FormErrors;
  /** Bumped on every refused SUBMIT, so the view moves focus to the first invalid field. */
  attempts: number;
  requestId: string;
  /** The values of the last submit of this intent (a change after it is a new intent). */
  sentValues: FormValues | null;
  facts: F | null;
  /** How the last approval ended, until the customer changes something. */
  outcome: ApprovalOutcome | null;
  /** The form came back after a reload while it was being sent (the view says what that means). */
  restored: boolean;
}

export type TransferEvent<F> =
  | { type: 'CHANGE'; name: string; value: string }
  | { type: 'SUBMIT'; facts: F }
  | { type: 'DISMISS' };

export interface TransferInput {
  values: FormValues;
  /** A kept intent's requestId (after a reload); a new one otherwise. */
  requestId?: string;
  restored?: boolean;
}

const sameValues = (a: FormValues, b: FormValues) => Object.keys({ ...a, ...b }).every((k) => (a[k] ?? '') === (b[k] ?? ''));

export function createTransferMachine<F>(id: string, rules: TransferRules<F>) {
  return setup({
    types: {
      context: {} as TransferContext<F>,
      events: {} as TransferEvent<F>,
      input: {} as TransferInput,
      tags: {} as TransferTag,
    },
    actors: { approval: approvalMachine },
    actions: {
      /** Provided by the screen: keep the intent (values and requestId) so a reload sends the same one. */
      intentStarted: (_, _params: { values: FormValues; requestId: string }) => {},
      /** Provided by the screen: the intent has ended (sent, failed or rejected). */
      intentEnded: () => {},
      /** Provided by the app: money moved (refresh the balances and the history). */
      moneyMoved: () => {},
      approvalEnded: assign((_, params: { outcome: ApprovalOutcome }) => ({ outcome: params.outcome })),
      startAgain: assign(({ context }) => ({ values: { ...context.initial }, requestId: newRequestId(), sentValues: null })),
      newIntent: assign({ requestId: () => newRequestId(), sentValues: null }),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      values: { ...input.values },
      initial: { ...input.values },
      errors: {},
      attempts: 0,
      requestId: input.requestId ?? newRequestId(),
      sentValues: input.restored ? { ...input.values } : null,
      facts: null,
      outcome: null,
      restored: input.restored === true,
    }),
    initial: 'editing',
    states: {
      editing: {
        tags: ['editing'],
        on: {
          CHANGE: {
            actions: assign(({ context, event }) => {
              return { ...changeField(context, event.name, event.value), outcome: null };
            }),
          },
          SUBMIT: [
            {
              guard: ({ context, event }) => Object.keys(rules.validate(context.values, event.facts)).length > 0,
              actions: assign(({ context, event }) => ({ errors: rules.validate(context.values, event.facts), attempts: context.attempts + 1, outcome: null })),
            },
            {
              target: 'sending',
              actions: [
                assign(({ context, event }) => {
                  // Changed values after a submit are a new intent: a new requestId.
                  const requestId = context.sentValues && !sameValues(context.sentValues, context.values) ? newRequestId() : context.requestId;
                  return { requestId, sentValues: { ...context.values }, facts: event.facts, errors: {}, outcome: null, restored: false };
                }),
                { type: 'intentStarted', params: ({ context }) => ({ values: context.values, requestId: context.requestId }) },
              ],
            },
          ],
          DISMISS: { actions: assign({ restored: false }) },
        },
      },
      sending: {
        tags: ['sending'],
        ...sendForApproval<TransferContext<F>, 'startAgain' | 'newIntent' | 'intentEnded'>({
          request: (context) => rules.request(context.values, context.facts as F, context.requestId),
          // Money moved (or will): a new, empty form and a new intent.
          moved: { target: 'editing', actions: ['startAgain', 'intentEnded'] },
          // Failed or rejected: nothing moved; the values stay for another try, which is a new intent.
          notMoved: { target: 'editing', actions: ['newIntent', 'intentEnded'] },
          // Cancelled: the same intent (a submit of the same values answers the first reply).
          cancelled: { target: 'editing' },
        }),
      },
    },
  });
}

/** A transfer statechart of one kind (its facts' type). */
export type TransferLogic<F> = ReturnType<typeof createTransferMachine<F>>;
export type TransferMachine = TransferLogic<unknown>;
export type TransferActor = ActorRefFrom<TransferMachine>;
