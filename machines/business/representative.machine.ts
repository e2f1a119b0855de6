import { assign, fromPromise, setup } from 'xstate';
import { newRequestId } from '../shared/request-id';
import { toFailure, type UiMessage } from '../shared/ui-message';
import { changeField, intentOf, type FormErrors, type FormValues } from '../shared/form.machine';
import { representativeFormErrors } from './company-access-messages';
import type { DeleteMode } from './company-access.rules';

/**
 * Adding and deleting the company's representatives (issue 54; 001 s7 Business representative
 * add; 002 s6 roles by position id, forced delete for admins), one actor for the section's life:
 * - ADD opens the form with its facts (today, the other shareholders' shares, the company's
 *   e-mails); CHANGE sets a field; SUBMIT checks everything first (the registration wizard's
 *   person rules, or a company that holds shares) and adds once per intent (the same values sent
 *   again after a failure keep their requestId); the service's field errors come back by field and
 *   nothing typed is lost; done, `added` keeps the new id (the page offers their address next);
 * - DELETE asks first, naming the person and whether it is forced (admins); CONFIRM deletes once
 *   per requestId; a failure waits in `deleteFailed` (RETRY the same request, CANCEL).
 * Every success runs `changed` (the lists are read again). Views read tags: `adding`,
 * `confirmDelete`, `busy`, `deleteFailed`.
 */
export type RepresentativeTag = 'adding' | 'confirmDelete' | 'busy' | 'deleteFailed';

export interface DeleteTarget {
  representativeId: number;
  name: string;
  mode: DeleteMode;
}

export interface RepresentativeContext {
  values: FormValues;
  errors: FormErrors;
  error: UiMessage | null;
  /** Bumped on every refused SUBMIT (focus moves to the first invalid field). */
  attempts: number;
  requestId: string;
  sentValues: FormValues | null;
  deleting: DeleteTarget | null;
  /** The representative added last (the page offers their address). */
  added: number | null;
  notice: 'added' | 'deleted' | null;
}

export type RepresentativeEvent =
  | { type: 'ADD'; values: FormValues }
  | { type: 'CHANGE'; name: string; value: string }
  | { type: 'SUBMIT' }
  | { type: 'DELETE'; target: DeleteTarget }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

/** What a refused add throws: the service's field errors by name and/or one message. */
export interface RepresentativeFailure {
  fields?: FormErrors;
  message?: UiMessage;
}

const ROLE_FIELDS = ['director', 'shareholder', 'ultimateOwner'];

const invalid = (values: FormValues) => Object.keys(representativeFormErrors(values)).length > 0;

export const representativeMachine = setup({
  types: {
    context: {} as RepresentativeContext,
    events: {} as RepresentativeEvent,
    tags: {} as RepresentativeTag,
  },
  actors: {
    /** businessRepresentativeAdd: the new representative's id. Throws a RepresentativeFailure. */
    add: fromPromise<number, { values: FormValues; requestId: string }>(async () => {
      throw new Error('representative: add not provided');
    }),
    /** businessRepresentativeDelete (representativeId, force, requestId). Throws a UiMessage. */
    remove: fromPromise<void, { representativeId: number; force: boolean; requestId: string }>(async () => {
      throw new Error('representative: remove not provided');
    }),
  },
  actions: {
    /** Provided by the page: read the lists again. */
    changed: () => {},
  },
  guards: {
    invalid: ({ context }) => invalid(context.values),
  },
}).createMachine({
  id: 'representative',
  context: () => ({ values: {}, errors: {}, error: null, attempts: 0, requestId: newRequestId(), sentValues: null, deleting: null, added: null, notice: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        ADD: { target: 'adding', actions: assign({ values: ({ event }) => ({ ...event.values }), errors: {}, error: null, attempts: 0, requestId: () => newRequestId(), sentValues: null, notice: null, added: null }) },
        DELETE: { target: 'confirmingDelete', actions: assign({ deleting: ({ event }) => event.target, error: null, notice: null }) },
      },
    },
    adding: {
      tags: ['adding'],
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => {
            const changed = changeField(context, event.name, event.value);
            // Ticking a role answers "choose at least one role" (an error of the roles together, not of one box).
            const { roles: _roles, ...others } = changed.errors;
            return { ...changed, errors: ROLE_FIELDS.includes(event.name) ? others : changed.errors, error: null };
          }),
        },
        SUBMIT: [
          { guard: 'invalid', actions: assign({ errors: ({ context }) => representativeFormErrors(context.values), attempts: ({ context }) => context.attempts + 1 }) },
          { target: 'sendingAdd', actions: assign(({ context }) => intentOf(context)) },
        ],
        CANCEL: 'idle',
      },
    },
    sendingAdd: {
      tags: ['adding', 'busy'],
      invoke: {
        src: 'add',
        input: ({ context }) => ({ values: context.values, requestId: context.requestId }),
        onDone: { target: 'idle', actions: [assign({ added: ({ event }) => event.output, notice: 'added', errors: {}, error: null }), 'changed'] },
        onError: {
          target: 'adding',
          actions: assign(({ context, event }) => {
            // A refusal: the service's field errors and its message; anything else (a bug, an Error) the common words.
            const refusal = typeof event.error === 'object' && event.error !== null && !(event.error instanceof Error) && ('fields' in event.error || 'message' in event.error);
            const failure = refusal ? (event.error as RepresentativeFailure) : null;
            return { errors: failure?.fields ?? {}, error: failure ? (failure.message ?? null) : toFailure(event.error), attempts: context.attempts + 1 };
          }),
        },
      },
    },
    confirmingDelete: {
      tags: ['confirmDelete'],
      on: {
        CONFIRM: { target: 'deleting', actions: assign({ requestId: () => newRequestId() }) },
        CANCEL: { target: 'idle', actions: assign({ deleting: null }) },
      },
    },
    deleting: {
      tags: ['confirmDelete', 'busy'],
      invoke: {
        src: 'remove',
        input: ({ context }) => ({ representativeId: context.deleting!.representativeId, force: context.deleting!.mode === 'force', requestId: context.requestId }),
        onDone: { target: 'idle', actions: [assign({ notice: 'deleted', deleting: null }), 'changed'] },
        onError: { target: 'deleteFailed', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
    deleteFailed: {
      tags: ['confirmDelete', 'deleteFailed'],
      on: {
        RETRY: { target: 'deleting', actions: assign({ error: null }) },
        CANCEL: { target: 'idle', actions: assign({ deleting: null, error: null }) },
      },
    },
  },
});
