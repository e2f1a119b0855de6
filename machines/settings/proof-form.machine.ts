import { assign, fromPromise, setup } from 'xstate';
import { changeField, formMessages, initialFormContext, intentOf, isProofRefusal, resetFormContext, type FormContext, type FormErrors, type FormEvent, type FormFailure, type FormValues } from '../shared/form.machine';
import { provenProof, reauthenticationMachine } from './reauthentication.machine';

/**
 * The form statechart of a change that needs the user to confirm it is them first (issue 49: the
 * profile's e-mail change; beyond the spec, OWASP ASVS 5.0): the form statechart
 * (shared/form.machine.ts) with one more state.
 *
 * - `editing` → SUBMIT validates (the form's rule) → `submitting` (`submit`: the values and the
 *   proof held, or none);
 * - the service asks for a proof (FormFailure.proofRefused, a 403 with code REAUTH): the proof held
 *   is dropped and `reauthenticating` runs the child `reauthentication` (the password, then the
 *   second factor when on); proven: the proof is handed to the app (`proofGiven`, kept for the next
 *   change within its lifetime) and the same values are sent again; cancelled: back to `editing`,
 *   nothing typed lost;
 * - other failures and the success as the form statechart's.
 *
 * The proof is only asked for when the service asks: which changes need one is the service's rule
 * (a phone change needs one once a phone is confirmed), never guessed here.
 */
export type ProofFormTag = 'busy' | 'reauthenticating' | 'submitted';

export interface ProofFormContext extends FormContext {
  proof: string | null;
}

export interface ProofFormInput {
  values: FormValues;
  /** A proof the app still holds and may use now (usableProof), or none. */
  proof?: string | null;
}

/** `final: true` ends the statechart in `submitted` with the submit's result (a popup its parent invokes). */
export function createProofFormMachine(id: string, validate: (values: FormValues) => FormErrors, options: { final?: boolean } = {}) {
  const hasErrors = (values: FormValues) => Object.keys(validate(values)).length > 0;
  return setup({
    types: {
      context: {} as ProofFormContext,
      input: {} as ProofFormInput,
      events: {} as FormEvent,
      tags: {} as ProofFormTag,
    },
    actors: {
      reauthentication: reauthenticationMachine,
      /** The change, with the proof when one is held. Throws a FormFailure (proofRefused: ask for one). */
      submit: fromPromise<unknown, { values: FormValues; proof: string | null; requestId?: string }>(async () => {
        throw new Error(`${id}: submit actor not provided`);
      }),
    },
    actions: {
      /** Provided by the screen (refresh a list, notify). */
      submitted: () => {},
      /** Provided by the app: keep the proof for the next change within its lifetime. */
      proofGiven: (_, _params: { proof: string; expiresIn: number }) => {},
    },
    guards: {
      invalid: ({ context }) => hasErrors(context.values),
      proofRefused: ({ event }) => 'error' in event && isProofRefusal(event.error),
    },
  }).createMachine({
    id,
    output: ({ context }) => context.result,
    context: ({ input }) => ({ ...initialFormContext(input.values), proof: input.proof || null }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          CHANGE: { actions: assign(({ context, event }) => changeField(context, event.name, event.value)) },
          SUBMIT: [
            { guard: 'invalid', actions: assign(({ context }) => ({ errors: validate(context.values), formError: null, attempts: context.attempts + 1 })) },
            { target: 'submitting', actions: assign(({ context }) => ({ errors: {}, formError: null, ...intentOf(context) })) },
          ],
        },
      },
      submitting: {
        tags: ['busy'],
        invoke: {
          src: 'submit',
          input: ({ context }) => ({ values: context.values, proof: context.proof, requestId: context.requestId }),
          onDone: { target: 'submitted', actions: [assign({ result: ({ event }) => event.output }), 'submitted'] },
          onError: [
            { guard: 'proofRefused', target: 'reauthenticating', actions: assign({ proof: null }) },
            {
              target: 'editing',
              actions: assign(({ context, event }) => {
                const failure = (event.error instanceof Error || !event.error ? {} : event.error) as FormFailure;
                return {
                  errors: failure.fields ?? {},
                  formError: failure.message ?? (failure.fields ? null : { descriptor: formMessages.unexpected }),
                  attempts: context.attempts + 1,
                };
              }),
            },
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
              target: 'submitting',
              actions: [
                assign({ proof: ({ event }) => provenProof(event.output)?.proof ?? null }),
                { type: 'proofGiven', params: ({ event }) => provenProof(event.output) ?? { proof: '', expiresIn: 0 } },
              ],
            },
            { target: 'editing' },
          ],
        },
      },
      submitted: options.final
        ? { tags: ['submitted'], type: 'final' as const }
        : {
            tags: ['submitted'],
            on: {
              RESET: { target: 'editing', actions: assign(({ context }) => resetFormContext(context)) },
            },
          },
    },
  });
}

/** Any statechart made by `createProofFormMachine`. */
export type ProofFormMachine = ReturnType<typeof createProofFormMachine>;
