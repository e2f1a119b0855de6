import { msg } from '@lingui/core/macro';
import { assign, fromPromise, setup } from 'xstate';
import { refusalOf, type FormErrors, type FormValues } from '../shared/form.machine';
import { newRequestId } from '../shared/request-id';
import { toFailure, type UiMessage } from '../shared/ui-message';
import { contractCreateErrors } from './contract-create.form';
import { toContractCreate } from './contract-create.rules';

/**
 * /revenue-split/new (issue 59; 000 s3, s5, s7): a new smart contract in four steps, its values
 * kept in the statechart across Back, failures and (through the page's draft) a reload of the tab:
 * - `party`: the other party found by their e-mail (LOOKUP: GET /customer/lookup; its 404 says
 *   why) and whether the creator pays or receives (the direction decides sender and beneficiary);
 * - `company`: the company the contract is for (CHOOSE_COMPANY from the page's search of GET
 *   /company for that counterparty);
 * - `terms`: each side's signer and obligations, the share, the first day, a note;
 * - `review`: everything once more; SUBMIT checks the whole payload (contract-create.rules), asks
 *   POST /contract/verify (isValid false: said, nothing made), then PUT /contract once per
 *   requestId (a failure keeps the values and the requestId, so sending again cannot make a second
 *   contract; a change of any value is a new intent with a new requestId); `done` opens it.
 * NEXT checks the step's own fields; GO {step} jumps back from the review to a step. Each change
 * is handed to `saveDraft` (the page keeps it for the tab). Views read the state, context.errors,
 * context.error, and tags `busy` (a call under way: presses are not taken).
 */
export const CREATE_STEPS = ['party', 'company', 'terms', 'review'] as const;
export type CreateStep = (typeof CREATE_STEPS)[number];

export const contractCreateFlowMessages = {
  findFirst: msg`Find the other party by their e-mail first.`,
  notAllowed: msg`A contract for this company with this customer cannot be made. Choose another company or another party.`,
};

export interface Counterparty {
  id: number;
  type: 'BUSINESS' | 'PERSONAL';
  email: string;
}
export interface ChosenCompany {
  id: number;
  title: string;
  logo: string | null;
}

/** What the page keeps for the tab and gives back after a reload. */
export interface ContractDraft {
  step: CreateStep;
  values: FormValues;
  counterparty: Counterparty | null;
  company: ChosenCompany | null;
}

export interface ContractCreateContext extends ContractDraft {
  /** The creator (the acting customer). */
  ownId: number;
  /** The customer's day (YYYY-MM-DD): activeFrom may not be before it. */
  today: string;
  errors: FormErrors;
  error: UiMessage | null;
  requestId: string | null;
  /** Bumped when a NEXT or SUBMIT is refused, so the view moves the focus to the first problem. */
  attempts: number;
}

export const EMPTY_CREATE_VALUES: FormValues = { email: '', direction: 'PAY', ownSigner: '', ownObligations: '', otherSigner: '', otherObligations: '', percentage: '', activeFrom: '', note: '' };

/** The fields each form step checks (the review checks them all). */
const STEP_FIELDS: Readonly<Record<'party' | 'company' | 'terms', readonly string[]>> = {
  party: ['counterparty'],
  company: ['companyId'],
  terms: ['ownSigner', 'ownObligations', 'otherSigner', 'otherObligations', 'percentage', 'activeFrom', 'note'],
};

const partiesOf = (context: ContractCreateContext) => ({ own: context.ownId, other: context.counterparty?.id ?? null, companyId: context.company?.id ?? null });
const allErrors = (context: ContractCreateContext): FormErrors => contractCreateErrors(context.values, partiesOf(context), context.today);
const stepErrors = (context: ContractCreateContext, step: 'party' | 'company' | 'terms'): FormErrors =>
  Object.fromEntries(Object.entries(allErrors(context)).filter(([field]) => STEP_FIELDS[step].includes(field)));
const none = (errors: FormErrors) => Object.keys(errors).length === 0;

/** The draft as the page keeps it. */
const draftOf = (context: ContractCreateContext): ContractDraft => ({ step: context.step, values: context.values, counterparty: context.counterparty, company: context.company });
const keep = { type: 'saveDraft' as const, params: ({ context }: { context: ContractCreateContext }) => draftOf(context) };

export type ContractCreateEvent =
  | { type: 'CHANGE'; name: string; value: string }
  | { type: 'LOOKUP' }
  | { type: 'CHOOSE_COMPANY'; company: ChosenCompany }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'GO'; step: 'party' | 'company' | 'terms' }
  | { type: 'SUBMIT' };

export const contractCreateMachine = setup({
  types: {
    context: {} as ContractCreateContext,
    input: {} as { ownId: number; today: string; draft?: ContractDraft | null },
    events: {} as ContractCreateEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /customer/lookup: the customer with this e-mail. Throws a UiMessage (a 404's message). */
    lookup: fromPromise<Counterparty, { email: string }>(async () => {
      throw new Error('contractCreate: lookup not provided');
    }),
    /** POST /contract/verify: whether this company and counterparty may make a contract. */
    verify: fromPromise<boolean, { companyId: number; counterpartyId: number }>(async () => {
      throw new Error('contractCreate: verify not provided');
    }),
    /** PUT /contract (once per requestId): the new contract's id. Throws a FormFailure or a UiMessage. */
    create: fromPromise<number, { body: Record<string, unknown>; requestId: string }>(async () => {
      throw new Error('contractCreate: create not provided');
    }),
  },
  actions: {
    /** Provided by the page: keep the draft for the tab. */
    saveDraft: (_, _params: ContractDraft) => {},
    /** Provided by the page: open the new contract (and forget the draft). */
    created: (_, _params: { id: number }) => {},
  },
  guards: {
    partyOk: ({ context }) => none(stepErrors(context, 'party')),
    companyOk: ({ context }) => none(stepErrors(context, 'company')),
    termsOk: ({ context }) => none(stepErrors(context, 'terms')),
    allOk: ({ context }) => none(allErrors(context)),
    emailGiven: ({ context }) => (context.values.email ?? '').trim() !== '',
    valid: ({ event }) => (event as unknown as { output: boolean }).output === true,
    draftAt: ({ context }, step: CreateStep) => context.step === step,
  },
}).createMachine({
  id: 'contractCreate',
  context: ({ input }) => ({
    ownId: input.ownId,
    today: input.today,
    step: input.draft?.step ?? 'party',
    values: { ...EMPTY_CREATE_VALUES, ...(input.draft?.values ?? {}) },
    counterparty: input.draft?.counterparty ?? null,
    company: input.draft?.company ?? null,
    errors: {},
    error: null,
    requestId: null,
    attempts: 0,
  }),
  initial: 'route',
  on: {
    CHANGE: {
      actions: [
        assign(({ context, event }) => {
          const { [event.name]: _cleared, ...errors } = context.errors;
          // A new e-mail is a new party to find; any change is a new intent (a new requestId).
          const counterparty = event.name === 'email' && event.value.trim().toLowerCase() !== context.counterparty?.email ? null : context.counterparty;
          return { values: { ...context.values, [event.name]: event.value }, errors, counterparty, requestId: null };
        }),
        keep,
      ],
    },
  },
  states: {
    route: {
      always: [
        { guard: { type: 'draftAt', params: 'company' }, target: 'company' },
        { guard: { type: 'draftAt', params: 'terms' }, target: 'terms' },
        { guard: { type: 'draftAt', params: 'review' }, target: 'review' },
        { target: 'party' },
      ],
    },
    party: {
      entry: [assign({ step: 'party' as const }), keep],
      initial: 'editing',
      states: {
        editing: {
          on: {
            LOOKUP: [
              { guard: 'emailGiven', target: 'lookingUp', actions: assign({ error: null }) },
              { actions: assign(({ context }) => ({ errors: { ...context.errors, email: { descriptor: contractCreateFlowMessages.findFirst } }, attempts: context.attempts + 1 })) },
            ],
            NEXT: [
              { guard: 'partyOk', target: '#contractCreate.company' },
              { actions: assign(({ context }) => ({ errors: stepErrors(context, 'party'), attempts: context.attempts + 1 })) },
            ],
          },
        },
        lookingUp: {
          tags: ['busy'],
          invoke: {
            src: 'lookup',
            input: ({ context }) => ({ email: (context.values.email ?? '').trim() }),
            onDone: {
              target: 'editing',
              actions: [
                assign(({ context, event }) => {
                  const { counterparty: _found, email: _email, ...errors } = context.errors;
                  // A different party may not have the company chosen for the last one.
                  const company = context.counterparty?.id === event.output.id ? context.company : null;
                  return { counterparty: { ...event.output, email: (context.values.email ?? '').trim().toLowerCase() }, company, errors, requestId: null };
                }),
                keep,
              ],
            },
            onError: { target: 'editing', actions: assign(({ context, event }) => ({ counterparty: null, errors: { ...context.errors, email: toFailure(event.error) }, attempts: context.attempts + 1 })) },
          },
        },
      },
    },
    company: {
      entry: [assign({ step: 'company' as const }), keep],
      on: {
        CHOOSE_COMPANY: {
          actions: [
            assign(({ context, event }) => {
              const { companyId: _chosen, ...errors } = context.errors;
              return { company: event.company, errors, requestId: null };
            }),
            keep,
          ],
        },
        BACK: { target: 'party' },
        NEXT: [{ guard: 'companyOk', target: 'terms' }, { actions: assign(({ context }) => ({ errors: stepErrors(context, 'company'), attempts: context.attempts + 1 })) }],
      },
    },
    terms: {
      entry: [assign({ step: 'terms' as const }), keep],
      on: {
        BACK: { target: 'company' },
        NEXT: [{ guard: 'termsOk', target: 'review' }, { actions: assign(({ context }) => ({ errors: stepErrors(context, 'terms'), attempts: context.attempts + 1 })) }],
      },
    },
    review: {
      entry: [assign({ step: 'review' as const }), keep],
      initial: 'idle',
      states: {
        idle: {
          on: {
            BACK: { target: '#contractCreate.terms' },
            GO: [
              { guard: ({ event }) => event.step === 'party', target: '#contractCreate.party' },
              { guard: ({ event }) => event.step === 'company', target: '#contractCreate.company' },
              { target: '#contractCreate.terms' },
            ],
            SUBMIT: [
              { guard: 'allOk', target: 'verifying', actions: assign(({ context }) => ({ error: null, requestId: context.requestId ?? newRequestId() })) },
              { actions: assign(({ context }) => ({ errors: allErrors(context), attempts: context.attempts + 1 })) },
            ],
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            src: 'verify',
            input: ({ context }) => ({ companyId: context.company!.id, counterpartyId: context.counterparty!.id }),
            onDone: [{ guard: 'valid', target: 'creating' }, { target: 'idle', actions: assign({ error: { descriptor: contractCreateFlowMessages.notAllowed } }) }],
            onError: { target: 'idle', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            src: 'create',
            input: ({ context }) => ({ body: { ...toContractCreate(context.values, partiesOf(context)), requestId: context.requestId! }, requestId: context.requestId! }),
            onDone: { target: '#contractCreate.done', actions: { type: 'created', params: ({ event }) => ({ id: event.output }) } },
            onError: {
              target: 'idle',
              // A FormFailure: the service's field errors with its message, or its message alone (an Error is a bug: the generic words).
              actions: assign(({ context, event }) => {
                const refusal = refusalOf(event.error);
                return refusal.byField ? { errors: refusal.errors, error: refusal.error, attempts: context.attempts + 1 } : { error: refusal.error };
              }),
            },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});
