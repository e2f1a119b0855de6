import { assign, fromPromise, setup } from 'xstate';
import { changeField, intentOf, refusalOf, type FormErrors, type FormFailure, type FormValues } from '../shared/form.machine';
import { newRequestId } from '../shared/request-id';
import type { ReplyLike } from '../shared/reply';
import { toFailure, type UiMessage } from '../shared/ui-message';

/**
 * One kind of the public API's entities managed on its page (webhooks, API keys, allowed IPs; 001
 * s3, s7: create, update, delete; s8: a create refused with `errors` opens the response popup):
 * - ADD opens the form empty (its defaults), EDIT with an entity's values and id (`editing`); the
 *   values live here, so a refusal or a lost reply loses nothing typed. CHANGE sets a field, SUBMIT
 *   checks them with the kind's rule first and sends only right ones (`saving`; one requestId per
 *   intent, kept while the same values are sent again); CANCEL closes it.
 * - A refusal goes back to `editing` with the service's field errors or its message; a reply with
 *   `errors` (nothing on the form can fix it) is shown in the response popup (`showReply`) and the
 *   form says it was not saved.
 * - TOGGLE turns an entity on or off from the list at once (`toggling`: the same save with its
 *   values and the switch flipped); a failure is said beside the list (`error`).
 * - DELETE asks first (`confirmingDelete`: a destructive action) → CONFIRM sends it once
 *   (`deleting`, a new requestId); a failure waits in `deleteFailed`: RETRY sends the same id (a
 *   reply lost on the way is answered, not done twice), CANCEL drops it.
 * - `saved` (with the entity's id and a secret the create answered, shown once by the page) and
 *   `removed` are the page's (read the list again, say what happened).
 * Views read tags: `editing`, `busy`, `confirming`, `failed`.
 */
export type EntityEditTag = 'editing' | 'busy' | 'confirming' | 'failed';

/** What the `save` actor answers: the entity's id, and its secret when the service issued one with this save. */
export interface EntitySaved {
  id: number;
  secret?: string | null;
}

/** What the `save` actor throws: field errors and/or a message (FormFailure), and the reply to show in the response popup when it carried `errors`. */
export interface EntitySaveFailure extends FormFailure {
  reply?: ReplyLike;
}

export interface EntityEditContext {
  /** The entity changed (EDIT, TOGGLE, DELETE); null for a new one. */
  id: number | null;
  values: FormValues;
  errors: FormErrors;
  formError: UiMessage | null;
  attempts: number;
  requestId: string;
  sentValues: FormValues | null;
  /** What DELETE names (the question's words), kept until it is done or dropped. */
  subject: string | null;
  /** A toggle's or a delete's failure, said beside the list. */
  error: UiMessage | null;
}

export type EntityEditEvent =
  | { type: 'ADD'; values: FormValues }
  | { type: 'EDIT'; id: number; values: FormValues }
  | { type: 'CHANGE'; name: string; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'TOGGLE'; id: number; values: FormValues }
  | { type: 'DELETE'; id: number; subject: string }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' };

const replyOf = (error: unknown): ReplyLike | null => {
  if (!error || typeof error !== 'object' || error instanceof Error) return null;
  const reply = (error as EntitySaveFailure).reply;
  return reply && typeof reply === 'object' ? reply : null;
};

const opened = (id: number | null, values: FormValues) => ({
  id,
  values: { ...values },
  errors: {},
  formError: null,
  attempts: 0,
  requestId: newRequestId(),
  sentValues: null,
  subject: null,
  error: null,
});

/** The statechart of one kind, with its form's rule (the same the service applies). */
export function createEntityEditMachine(id: string, validate: (values: FormValues) => FormErrors) {
  return setup({
    types: {
      context: {} as EntityEditContext,
      events: {} as EntityEditEvent,
      tags: {} as EntityEditTag,
    },
    actors: {
      /** The create (id null) or the update, once per requestId. Throws an EntitySaveFailure or a UiMessage. */
      save: fromPromise<EntitySaved, { id: number | null; values: FormValues; requestId: string }>(async () => {
        throw new Error(`${id}: save not provided`);
      }),
      /** The delete, once per requestId. Throws a UiMessage. */
      remove: fromPromise<unknown, { id: number; requestId: string }>(async () => {
        throw new Error(`${id}: remove not provided`);
      }),
    },
    actions: {
      /** Provided by the page: the list is read again; a secret issued with a create is shown once. */
      saved: (_, _params: { saved: EntitySaved; created: boolean }) => {},
      /** Provided by the page: the list is read again, what was removed said. */
      removed: (_, _params: { id: number; subject: string }) => {},
      /** Provided by the app: the response popup with the reply (001 s8). */
      showReply: (_, _params: { reply: ReplyLike }) => {},
    },
    guards: {
      invalid: ({ context }) => Object.keys(validate(context.values)).length > 0,
      withReply: ({ event }) => replyOf((event as { error?: unknown }).error) !== null,
    },
  }).createMachine({
    id,
    context: opened(null, {}),
    initial: 'idle',
    states: {
      idle: {
        on: {
          ADD: { target: 'editing', actions: assign(({ event }) => opened(null, event.values)) },
          EDIT: { target: 'editing', actions: assign(({ event }) => opened(event.id, event.values)) },
          TOGGLE: { target: 'toggling', actions: assign(({ event }) => opened(event.id, event.values)) },
          DELETE: { target: 'confirmingDelete', actions: assign(({ event }) => ({ ...opened(event.id, {}), subject: event.subject })) },
        },
      },
      editing: {
        tags: ['editing'],
        on: {
          CHANGE: { actions: assign(({ context, event }) => ({ ...changeField(context, event.name, event.value), formError: null })) },
          SUBMIT: [
            { guard: 'invalid', actions: assign(({ context }) => ({ errors: validate(context.values), formError: null, attempts: context.attempts + 1 })) },
            { target: 'saving', actions: assign(({ context }) => ({ errors: {}, formError: null, ...intentOf(context) })) },
          ],
          CANCEL: { target: 'idle', actions: assign(() => opened(null, {})) },
        },
      },
      saving: {
        tags: ['editing', 'busy'],
        invoke: {
          src: 'save',
          input: ({ context }) => ({ id: context.id, values: context.values, requestId: context.requestId }),
          onDone: {
            target: 'idle',
            actions: [{ type: 'saved', params: ({ context, event }) => ({ saved: event.output, created: context.id === null }) }, assign(() => opened(null, {}))],
          },
          onError: [
            {
              guard: 'withReply',
              target: 'editing',
              actions: [
                { type: 'showReply', params: ({ event }) => ({ reply: replyOf(event.error)! }) },
                assign(({ context, event }) => {
                  const refusal = refusalOf(event.error);
                  return { errors: refusal.errors, formError: refusal.error, attempts: context.attempts + (refusal.byField ? 1 : 0) };
                }),
              ],
            },
            {
              target: 'editing',
              actions: assign(({ context, event }) => {
                const refusal = refusalOf(event.error);
                return { errors: refusal.errors, formError: refusal.error, attempts: context.attempts + (refusal.byField ? 1 : 0) };
              }),
            },
          ],
        },
      },
      toggling: {
        tags: ['busy'],
        invoke: {
          src: 'save',
          input: ({ context }) => ({ id: context.id, values: context.values, requestId: context.requestId }),
          onDone: { target: 'idle', actions: [{ type: 'saved', params: ({ event }) => ({ saved: event.output, created: false }) }, assign(() => opened(null, {}))] },
          onError: [
            {
              guard: 'withReply',
              target: 'idle',
              actions: [{ type: 'showReply', params: ({ event }) => ({ reply: replyOf(event.error)! }) }, assign(({ event }) => ({ error: refusalOf(event.error).error }))],
            },
            { target: 'idle', actions: assign(({ event }) => ({ error: refusalOf(event.error).error ?? toFailure(event.error) })) },
          ],
        },
      },
      confirmingDelete: {
        tags: ['confirming'],
        on: {
          CONFIRM: { target: 'deleting', actions: assign({ requestId: () => newRequestId() }) },
          CANCEL: { target: 'idle', actions: assign(() => opened(null, {})) },
        },
      },
      deleting: {
        tags: ['busy'],
        entry: assign({ error: null }),
        invoke: {
          src: 'remove',
          input: ({ context }) => ({ id: context.id!, requestId: context.requestId }),
          onDone: { target: 'idle', actions: [{ type: 'removed', params: ({ context }) => ({ id: context.id!, subject: context.subject ?? '' }) }, assign(() => opened(null, {}))] },
          onError: { target: 'deleteFailed', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
        },
      },
      deleteFailed: {
        tags: ['failed'],
        on: {
          RETRY: { target: 'deleting' },
          CANCEL: { target: 'idle', actions: assign(() => opened(null, {})) },
        },
      },
    },
  });
}

export type EntityEditMachine = ReturnType<typeof createEntityEditMachine>;
