import { assign, fromPromise, setup } from 'xstate';
import type { FormErrors, FormFailure } from '../shared/form.machine';
import { newRequestId } from '../shared/request-id';
import { formFailureMessage, type UiMessage } from '../shared/ui-message';
import { adminDocumentErrors } from './admin-documents-messages';
import { adminDocumentName, type AdminDocumentFile } from './admin-documents.rules';

/**
 * An admin document put on the acted-for customer's file (issue 52; main.yaml adminDocumentAssign,
 * spec 002 s7 Business: admin document assign), the assign popup's statechart:
 * - `editing`: CHANGE the name, CHOOSE the file (each clears its own error and the form's message);
 *   SUBMIT checks both first (./admin-documents.rules.ts: a name of 1–120 characters, a PDF, JPEG
 *   or PNG of at most 10 MB) and sends only what passes;
 * - `sending`: the upload (`assign`); SUBMIT is not heard, so nothing is sent twice by a double
 *   press. A refusal goes back to `editing` with the service's words at the name or the file (its
 *   `param`), else as the form's message; the name and the file stay, nothing typed is lost;
 * - every send carries a requestId (docs/decisions.md "Idempotent submits"): the same name and
 *   file sent again after a failure (a lost reply, a 500) reuse it, so the service answers a
 *   document it already kept instead of keeping it twice; another name or file is a new attempt
 *   with a new one;
 * - `assigned` (final): the document as kept; `assigned` tells the view (read the list again, close).
 * Views read tags: `busy`, `assigned`; context `name`, `file`, `errors`, `failure`, `attempts`.
 */
export type AdminDocumentAssignTag = 'busy' | 'assigned';

export interface AdminDocumentAssignContext {
  name: string;
  /** The chosen file (the view's File; the rules read its name, type and size). */
  file: AdminDocumentFile | null;
  /** Errors by field: `name`, `file`. */
  errors: FormErrors;
  /** The form's own message (a refusal that names no field, a failure to send). */
  failure: UiMessage | null;
  /** Bumped on every refused SUBMIT, so the view moves focus to the first problem. */
  attempts: number;
  /** The attempt's idempotency key. */
  requestId: string;
  /** What was last sent (null before the first send): the same again keeps the requestId. */
  sent: { name: string; file: AdminDocumentFile } | null;
  /** The document as the service kept it. */
  document: unknown;
}

export type AdminDocumentAssignEvent = { type: 'CHANGE'; value: string } | { type: 'CHOOSE'; file: AdminDocumentFile } | { type: 'SUBMIT' };

/** The fields a refusal may name that the form shows; any other (requestId) is said as the form's message. */
const FIELDS = ['name', 'file'] as const;

/** The errors without one field's (the field was changed). */
function without(errors: FormErrors, field: (typeof FIELDS)[number]): FormErrors {
  const { [field]: _cleared, ...rest } = errors;
  return rest;
}

/** A failed send as the form shows it: the service's words at the name or the file, else one message. */
function refusalOf(error: unknown): Pick<AdminDocumentAssignContext, 'errors' | 'failure'> {
  const failure = (error instanceof Error || !error || typeof error !== 'object' ? {} : error) as FormFailure;
  const errors: FormErrors = {};
  for (const field of FIELDS) if (failure.fields?.[field]) errors[field] = failure.fields[field];
  return Object.keys(errors).length > 0 ? { errors, failure: null } : { errors: {}, failure: formFailureMessage(error) };
}

export const adminDocumentAssignMachine = setup({
  types: {
    context: {} as AdminDocumentAssignContext,
    events: {} as AdminDocumentAssignEvent,
    tags: {} as AdminDocumentAssignTag,
  },
  actors: {
    /** adminDocumentAssign with the trimmed name, the file and the attempt's requestId. Throws a FormFailure. */
    assign: fromPromise<unknown, { name: string; file: AdminDocumentFile; requestId: string }>(async () => {
      throw new Error('adminDocumentAssign: assign not provided');
    }),
  },
  actions: {
    /** Provided by the view: the list read again, the popup closed, the user told. */
    assigned: (_, _params: { document: unknown }) => {},
  },
  guards: {
    invalid: ({ context }) => Object.keys(adminDocumentErrors(context)).length > 0,
  },
}).createMachine({
  id: 'adminDocumentAssign',
  // A function: every popup is its own attempt with its own requestId.
  context: () => ({ name: '', file: null, errors: {}, failure: null, attempts: 0, requestId: newRequestId(), sent: null, document: null }),
  output: ({ context }: { context: AdminDocumentAssignContext }) => context.document,
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: assign(({ context, event }) => ({ name: event.value, errors: without(context.errors, 'name'), failure: null })) },
        CHOOSE: { actions: assign(({ context, event }) => ({ file: event.file, errors: without(context.errors, 'file'), failure: null })) },
        SUBMIT: [
          { guard: 'invalid', actions: assign(({ context }) => ({ errors: adminDocumentErrors(context), failure: null, attempts: context.attempts + 1 })) },
          {
            target: 'sending',
            actions: assign(({ context }) => {
              const name = adminDocumentName(context.name);
              const again = context.sent !== null && context.sent.name === name && context.sent.file === context.file;
              return { errors: {}, failure: null, requestId: context.sent === null || again ? context.requestId : newRequestId(), sent: { name, file: context.file! } };
            }),
          },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'assign',
        input: ({ context }) => ({ name: context.sent!.name, file: context.sent!.file, requestId: context.requestId }),
        onDone: {
          target: 'assigned',
          actions: [assign({ document: ({ event }) => event.output }), { type: 'assigned', params: ({ event }) => ({ document: event.output }) }],
        },
        onError: { target: 'editing', actions: assign(({ context, event }) => ({ ...refusalOf(event.error), attempts: context.attempts + 1 })) },
      },
    },
    assigned: { tags: ['assigned'], type: 'final' },
  },
});
