import { DEFAULT_DELAY_MS } from '../shared/constants';
import { and, assign, fromPromise, or, setup, stateIn } from 'xstate';
import { msg } from '@lingui/core/macro';
import { formFailureMessage, type UiMessage } from '../shared/ui-message';
import { newRequestId } from '../shared/request-id';
import { captchaChangeEvent, captchaSpentEvent } from './captcha';
import {
  companyErrors,
  emptyBusinessDraft,
  emptyCompany,
  emptyPerson,
  firstInvalidStep,
  largestShare,
  personErrors,
  stepValid,
  WIZARD_STEPS,
  type BusinessDraft,
  type FormStep,
  type Holder,
  type RegistrationCompany,
  type RegistrationPerson,
  type WizardFacts,
  type WizardStep,
} from './registration-draft';
import { adjustAdditionalQuestions, isCheckableEmail, keptAnswers, keptSourceDetails, needsSourceDetails, rightsWhenMadeUser, shownQuestions, type AdditionalQuestion, type EmailState } from './registration.rules';

/**
 * The business registration wizard (002 s2, s4, s5), one statechart over the spec's
 * forms that every wizard page subscribes to:
 *
 * - `steps`: generalForm → financialInfoForm → dueDilligenceForm → legalForm → directorsHub →
 *   shareholdersHub → usersHub → summary. NEXT passes a valid step (it is finished) or shows its
 *   errors; BACK and GOTO move freely among finished steps (and the first unfinished one); a step's
 *   errors show once it was left or submit was tried (`context.shown`). A reload resumes at the first
 *   unfinished step of the draft it is given.
 * - `personForm` / `companyForm`: a node of the tree (a director, a shareholder, a user; a company
 *   shareholder with its own directors and shareholders) edited on a copy: SAVE keeps it when
 *   valid, CANCEL drops the copy; both go back to the hub it came from. A user's e-mail is checked
 *   while typed (a pause of `emailPause`, then `checkEmail`; an e-mail the rule calls invalid is not
 *   sent: 002 s5) and must come back free.
 * - `submitting` (`createAccount` with the draft and the captcha token, one requestId per intent):
 *   success ends in `completed` (the page shows the completion popup, goes to the root; the draft
 *   is cleared); a failure goes back to the summary with the reason.
 *
 * START_OVER (from any step) forgets the draft (`clearDraft`) and opens the first step empty.
 * Every change of the draft runs `saveDraft` (the page keeps it: docs/storage.md); each step entered
 * runs `track` with "Register Business Step" and its number; completion "Sign Up Complete".
 * Views read tags, `context.draft`, `context.shown` and the rules of registration-draft.ts.
 */
export type BusinessWizardTag = WizardStep | 'step' | 'hub' | 'personForm' | 'companyForm' | 'checkingEmail' | 'submitting' | 'completed' | 'busy';

type Role = 'director' | 'shareholder' | 'user';
/** Whose directors or shareholders: the company registered, or a company shareholder. */
type Parent = 'root' | string;

export type BusinessWizardEvent =
  | { type: 'CHANGE'; step: FormStep; field: string; value: string | readonly string[] }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'GOTO'; step: WizardStep }
  | { type: 'ADD_PERSON'; role: Role; parent: Parent }
  /** asUser: "Make a user" — the person opens as a user (ticked, with the rights a new user gets). */
  | { type: 'EDIT_PERSON'; id: string; asUser?: boolean }
  | { type: 'ADD_COMPANY'; parent: Parent }
  | { type: 'EDIT_COMPANY'; id: string }
  | { type: 'LINK_PERSON'; role: 'director' | 'shareholder'; parent: Parent; id: string }
  | { type: 'REMOVE'; role: Role; parent: Parent; id: string }
  | { type: 'SET_SHARE'; parent: Parent; id: string; share: string }
  | { type: 'NODE_CHANGE'; field: string; value: string | boolean | number | null | readonly string[] | Readonly<Record<string, string>> }
  | { type: 'SAVE' }
  | { type: 'CANCEL' }
  | { type: 'CAPTCHA'; token: string | null }
  | { type: 'SUBMIT' }
  | { type: 'START_OVER' };

type Hub = 'directorsHub' | 'shareholdersHub' | 'usersHub';
const HUB_STEPS: readonly Hub[] = ['directorsHub', 'shareholdersHub', 'usersHub'];

export interface NodeEdit {
  kind: 'person' | 'company';
  /** The hub it was opened from: SAVE and CANCEL come back there. */
  returnTo: Hub;
  /** New nodes are linked on SAVE: as `role` of `parent`. */
  isNew: boolean;
  role: Role;
  parent: Parent;
  person: RegistrationPerson | null;
  company: RegistrationCompany | null;
  /** SAVE was tried: the node's errors show. */
  shown: boolean;
}

export interface BusinessWizardContext {
  draft: BusinessDraft;
  /** The due diligence questions, adjusted on load (002 s3). */
  questions: readonly AdditionalQuestion[];
  sourceOfWealth: boolean;
  agreements: readonly string[];
  today: string;
  /** Steps whose errors show (left, or submit tried). */
  shown: readonly WizardStep[];
  node: NodeEdit | null;
  captcha: string | null;
  requestId: string;
  failure: UiMessage | null;
  nextId: number;
  /** The brand the company registers with. */
  brand: string | undefined;
}

export interface BusinessWizardInput {
  /** A stored draft of this version (draftFromStored), or none. */
  draft?: BusinessDraft | null | undefined;
  questions?: readonly AdditionalQuestion[] | undefined;
  /** The brand's source-of-wealth switch (on by default: 002 s1). */
  sourceOfWealth?: boolean | undefined;
  agreements?: readonly string[] | undefined;
  /** Today (YYYY-MM-DD), for ages and dates. */
  today: string;
  brand?: string | undefined;
}

const captchaMissing = msg`Confirm that you are not a robot, then submit again.`;
const next = (step: WizardStep) => WIZARD_STEPS[WIZARD_STEPS.indexOf(step) + 1] ?? step;
const previous = (step: WizardStep) => WIZARD_STEPS[Math.max(0, WIZARD_STEPS.indexOf(step) - 1)]!;

export const factsOf = (context: BusinessWizardContext): WizardFacts => ({
  today: context.today,
  sourceOfWealth: context.sourceOfWealth,
  shownQuestions: shownQuestions(context.questions, context.draft.dueDilligenceForm.answers).map((q) => q.id),
  agreements: context.agreements,
});

/** The steps one may go to: every finished one, and the first that is not. */
export function reachableSteps(draft: BusinessDraft): WizardStep[] {
  const firstOpen = WIZARD_STEPS.find((step) => !draft.finished.includes(step));
  return WIZARD_STEPS.filter((step) => draft.finished.includes(step) || step === firstOpen);
}

/** Where a draft resumes: its first unfinished step. */
export const resumeStep = (draft: BusinessDraft): WizardStep => WIZARD_STEPS.find((step) => !draft.finished.includes(step)) ?? 'summary';

function changedForm(draft: BusinessDraft, step: FormStep, field: string, value: string | readonly string[], questions: readonly AdditionalQuestion[]): BusinessDraft {
  switch (step) {
    case 'generalForm':
      return { ...draft, generalForm: { ...draft.generalForm, [field]: String(value) } };
    case 'financialInfoForm':
      return { ...draft, financialInfoForm: { ...draft.financialInfoForm, [field]: Array.isArray(value) ? [...value] : value } };
    case 'dueDilligenceForm':
      return { ...draft, dueDilligenceForm: { answers: keptAnswers(questions, { ...draft.dueDilligenceForm.answers, [field]: String(value) }) } };
    case 'legalForm':
      if (field === 'agreements') return { ...draft, legalForm: { ...draft.legalForm, agreements: Array.isArray(value) ? [...value] : [] } };
      return { ...draft, legalForm: { ...draft.legalForm, address: { ...draft.legalForm.address, [field.replace(/^address\./, '')]: String(value) } } };
  }
}

/** The parent's directors or shareholders changed by `change`. */
function withParent(draft: BusinessDraft, parent: Parent, change: (holders: { directors: string[]; shareholders: Holder[] }) => { directors: string[]; shareholders: Holder[] }): BusinessDraft {
  if (parent === 'root') return { ...draft, root: change(draft.root) };
  const company = draft.companies[parent];
  if (!company) return draft;
  const changed = change(company);
  return { ...draft, companies: { ...draft.companies, [parent]: { ...company, directors: changed.directors, shareholders: changed.shareholders } } };
}

/** A person's source details kept or cleared by the largest share they hold (002 s5: below 25 % cleared). */
function withSourceDetails(draft: BusinessDraft, sourceOfWealth: boolean): BusinessDraft {
  const persons = { ...draft.persons };
  for (const person of Object.values(draft.persons)) {
    const share = largestShare(draft, person.id);
    const details = keptSourceDetails(share ?? '0', sourceOfWealth, person.sourceDetails);
    if (Object.keys(details).length !== Object.keys(person.sourceDetails).length) persons[person.id] = { ...person, sourceDetails: details };
  }
  return { ...draft, persons };
}

const nodeValid = (context: BusinessWizardContext): boolean => {
  const node = context.node;
  if (!node) return false;
  if (node.kind === 'company') return Object.keys(companyErrors(node.company!, context.today)).length === 0;
  const person = node.person!;
  const draft = node.isNew && node.role === 'shareholder' ? withParent(context.draft, node.parent, (h) => ({ ...h, shareholders: [...h.shareholders, { kind: 'person', id: person.id, share: '0' }] })) : context.draft;
  const share = largestShare({ ...draft, persons: { ...draft.persons, [person.id]: person } }, person.id);
  return Object.keys(personErrors(person, { today: context.today, needsSourceDetails: share !== null && needsSourceDetails(share, context.sourceOfWealth) })).length === 0;
};

export const businessWizardMachine = setup({
  types: {
    context: {} as BusinessWizardContext,
    events: {} as BusinessWizardEvent,
    input: {} as BusinessWizardInput,
    tags: {} as BusinessWizardTag,
  },
  actors: {
    /** Check email exists: its state (0 free, 1 exists, 3 employee). Throws when it cannot tell (-1). */
    checkEmail: fromPromise<EmailState, { email: string }>(async () => {
      throw new Error('checkEmail not provided');
    }),
    /** Create account with the captcha (the payload is the draft). Throws a UiMessage. */
    createAccount: fromPromise<void, { draft: BusinessDraft; captcha: string; requestId: string; brand: string | undefined }>(async () => {
      throw new Error('createAccount not provided');
    }),
  },
  actions: {
    /** Provided by the page: keep the draft (002 s4: saved locally on every change). */
    saveDraft: (_, _params: { draft: BusinessDraft }) => {},
    /** Provided by the page: forget the draft (after success). */
    clearDraft: () => {},
    /** Provided by the app's analytics module (002 s9 funnel). */
    track: (_, _params: { event: string; step?: number }) => {},
    /** A field of the node being edited (a person's or a company's; `address.<field>` for the address). */
    changeNode: assign({
      node: ({ context, event }) => {
        const node = context.node;
        if (!node || event.type !== 'NODE_CHANGE') return node;
        const { field, value } = event;
        if (node.company) return { ...node, company: withField(node.company, field, value) };
        let person = withField(node.person!, field, value);
        // A new e-mail is not checked yet; a person made a user gets full rights when they are the first user.
        if (field === 'email') person = { ...person, emailState: null };
        if (field === 'isUser') person = value === true ? { ...person, accessRights: person.accessRights ?? rightsWhenMadeUser(Object.values(context.draft.persons).filter((p) => p.id !== person.id)) } : { ...person, accessRights: null };
        return { ...node, person };
      },
    }),
    /** The edited node into the draft; a new one linked as its role of its parent; source details follow the shares. */
    commitNode: assign({
      draft: ({ context }) => {
        const node = context.node!;
        let draft = context.draft;
        if (node.person) {
          draft = { ...draft, persons: { ...draft.persons, [node.person.id]: node.person } };
          if (node.isNew && node.role === 'director') draft = withParent(draft, node.parent, (h) => ({ ...h, directors: [...h.directors, node.person!.id] }));
          if (node.isNew && node.role === 'shareholder') draft = withParent(draft, node.parent, (h) => ({ ...h, shareholders: [...h.shareholders, { kind: 'person', id: node.person!.id, share: '' }] }));
        } else if (node.company) {
          draft = { ...draft, companies: { ...draft.companies, [node.company.id]: node.company } };
          if (node.isNew) draft = withParent(draft, node.parent, (h) => ({ ...h, shareholders: [...h.shareholders, { kind: 'company', id: node.company!.id, share: '' }] }));
        }
        return withSourceDetails(draft, context.sourceOfWealth);
      },
      node: null,
    }),
    /** The step being left shows its errors when come back to. */
    showCurrent: assign({
      shown: ({ context, self }) => {
        const value = self.getSnapshot().value as { steps?: WizardStep } | string;
        const step = typeof value === 'object' ? value.steps : undefined;
        return step && (WIZARD_STEPS as readonly string[]).includes(step) ? [...new Set([...context.shown, step])] : context.shown;
      },
    }),
  },
  delays: {
    /** The pause after typing before an e-mail is checked. */
    emailPause: DEFAULT_DELAY_MS,
  },
  guards: {
    stepValid: ({ context }, params: { step: WizardStep }) => stepValid(context.draft, params.step, factsOf(context)),
    canGoTo: ({ context, event }, params: { step: WizardStep }) => event.type === 'GOTO' && event.step === params.step && reachableSteps(context.draft).includes(params.step),
    resumesAt: ({ context }, params: { step: WizardStep }) => resumeStep(context.draft) === params.step,
    nodeValid: ({ context }) => nodeValid(context),
    inHub: or(HUB_STEPS.map((hub) => stateIn(`#businessWizard.steps.${hub}`))),
    returnsTo: ({ context }, params: { hub: Hub }) => context.node?.returnTo === params.hub,
    emailChanged: ({ event }) => event.type === 'NODE_CHANGE' && event.field === 'email',
    firstInvalidIs: ({ context }, params: { step: WizardStep }) => firstInvalidStep(context.draft, factsOf(context)) === params.step,
    emailToCheck: ({ context, event }) =>
      event.type === 'NODE_CHANGE' && event.field === 'email' && !!context.node?.person?.isUser && String(event.value).trim() !== '' && isCheckableEmail(String(event.value)),
    userEmailUnchecked: ({ context }) => {
      const person = context.node?.person;
      return !!person && person.isUser && person.emailState === null && person.email.trim() !== '' && isCheckableEmail(person.email);
    },
    madeUserToCheck: ({ context, event }) => {
      const person = context.node?.person;
      return event.type === 'NODE_CHANGE' && event.field === 'isUser' && event.value === true && !!person && person.emailState === null && person.email.trim() !== '' && isCheckableEmail(person.email);
    },
    allValid: ({ context }) => firstInvalidStep(context.draft, factsOf(context)) === null,
    hasCaptcha: ({ context }) => !!context.captcha,
    canLink: ({ context, event }) => event.type === 'LINK_PERSON' && !!context.draft.persons[event.id] && linkable(context.draft, event.role, event.parent).includes(event.id),
    isKnownPerson: ({ context, event }) => event.type === 'EDIT_PERSON' && !!context.draft.persons[event.id],
    isKnownCompany: ({ context, event }) => event.type === 'EDIT_COMPANY' && !!context.draft.companies[event.id],
  },
}).createMachine({
  id: 'businessWizard',
  context: ({ input }) => ({
    draft: input.draft ?? emptyBusinessDraft(),
    questions: adjustAdditionalQuestions(input.questions ?? []),
    sourceOfWealth: input.sourceOfWealth ?? true,
    agreements: input.agreements ?? [],
    today: input.today,
    shown: [],
    node: null,
    captcha: null,
    requestId: newRequestId(),
    failure: null,
    nextId: Object.keys(input.draft?.persons ?? {}).length + Object.keys(input.draft?.companies ?? {}).length + 1,
    brand: input.brand,
  }),
  initial: 'steps',
  on: {
    CAPTCHA: { actions: [assign({ captcha: ({ event }) => event.token }), { type: 'track', params: ({ event }) => ({ event: captchaChangeEvent(event.token) }) }] },
  },
  states: {
    steps: {
      tags: ['step'],
      initial: 'resume',
      on: {
        CHANGE: {
          actions: [
            assign({ draft: ({ context, event }) => changedForm(context.draft, event.step, event.field, event.value, context.questions), failure: null }),
            { type: 'saveDraft', params: ({ context }) => ({ draft: context.draft }) },
          ],
        },
        // Start over (002 s4): the draft is forgotten, the wizard opens empty at its first step.
        START_OVER: {
          target: '.generalForm',
          actions: [assign({ draft: () => emptyBusinessDraft(), shown: [], failure: null, captcha: null, requestId: () => newRequestId(), nextId: 1 }), 'clearDraft'],
        },
        GOTO: WIZARD_STEPS.map((step) => ({
          guard: { type: 'canGoTo' as const, params: { step } },
          target: `.${step}`,
          actions: 'showCurrent',
        })),
        ADD_PERSON: {
          guard: 'inHub',
          target: 'personForm',
          actions: assign(({ context, event, self }) => {
            const id = `p${context.nextId}`;
            const person = { ...emptyPerson(id), ...(event.role === 'user' ? { isUser: true, accessRights: rightsWhenMadeUser(Object.values(context.draft.persons)) } : {}) };
            return { nextId: context.nextId + 1, node: { kind: 'person' as const, returnTo: currentHub(self), isNew: true, role: event.role, parent: event.parent, person, company: null, shown: false } };
          }),
        },
        EDIT_PERSON: {
          guard: and(['inHub', 'isKnownPerson']),
          target: 'personForm',
          // An entered node opens with its problems shown (a hub says "open to fix": the form shows what).
          actions: assign(({ context, event, self }) => {
            const entered = context.draft.persons[event.id]!;
            const person = event.asUser && !entered.isUser ? { ...entered, isUser: true, accessRights: rightsWhenMadeUser(Object.values(context.draft.persons)) } : { ...entered };
            return { node: { kind: 'person' as const, returnTo: currentHub(self), isNew: false, role: 'director' as const, parent: 'root', person, company: null, shown: true } };
          }),
        },
        ADD_COMPANY: {
          guard: stateIn('#businessWizard.steps.shareholdersHub'),
          target: 'companyForm',
          actions: assign(({ context, event }) => ({
            nextId: context.nextId + 1,
            node: { kind: 'company' as const, returnTo: 'shareholdersHub' as const, isNew: true, role: 'shareholder' as const, parent: event.parent, person: null, company: emptyCompany(`c${context.nextId}`), shown: false },
          })),
        },
        EDIT_COMPANY: {
          guard: and([stateIn('#businessWizard.steps.shareholdersHub'), 'isKnownCompany']),
          target: 'companyForm',
          actions: assign(({ context, event }) => ({
            node: { kind: 'company' as const, returnTo: 'shareholdersHub' as const, isNew: false, role: 'shareholder' as const, parent: 'root', person: null, company: { ...context.draft.companies[event.id]! }, shown: true },
          })),
        },
        // Someone already entered (a director who holds shares, a user who is a director) linked in another role, not typed twice.
        LINK_PERSON: {
          guard: and(['inHub', 'canLink']),
          actions: [
            assign({
              draft: ({ context, event }) =>
                withSourceDetails(
                  withParent(context.draft, event.parent, (h) =>
                    event.role === 'director' ? { ...h, directors: [...h.directors, event.id] } : { ...h, shareholders: [...h.shareholders, { kind: 'person', id: event.id, share: '' }] },
                  ),
                  context.sourceOfWealth,
                ),
            }),
            { type: 'saveDraft', params: ({ context }) => ({ draft: context.draft }) },
          ],
        },
        REMOVE: {
          guard: 'inHub',
          actions: [
            assign({
              draft: ({ context, event }) => {
                const unlinked = withParent(context.draft, event.parent, (h) =>
                  event.role === 'director' ? { ...h, directors: h.directors.filter((id) => id !== event.id) } : event.role === 'shareholder' ? { ...h, shareholders: h.shareholders.filter((s) => s.id !== event.id) } : h,
                );
                if (event.role !== 'user') return withSourceDetails(unlinked, context.sourceOfWealth);
                const person = unlinked.persons[event.id];
                return person ? { ...unlinked, persons: { ...unlinked.persons, [event.id]: { ...person, isUser: false, accessRights: null } } } : unlinked;
              },
            }),
            { type: 'saveDraft', params: ({ context }) => ({ draft: context.draft }) },
          ],
        },
        SET_SHARE: {
          guard: stateIn('#businessWizard.steps.shareholdersHub'),
          actions: [
            assign({
              draft: ({ context, event }) =>
                withSourceDetails(
                  withParent(context.draft, event.parent, (h) => ({ ...h, shareholders: h.shareholders.map((s) => (s.id === event.id ? { ...s, share: event.share } : s)) })),
                  context.sourceOfWealth,
                ),
            }),
            { type: 'saveDraft', params: ({ context }) => ({ draft: context.draft }) },
          ],
        },
      },
      states: {
        resume: {
          always: WIZARD_STEPS.map((step) => ({ guard: { type: 'resumesAt' as const, params: { step } }, target: step })),
        },
        ...Object.fromEntries(
          WIZARD_STEPS.map((step, index) => [
            step,
            {
              tags: [step, ...(step.endsWith('Hub') ? (['hub'] as const) : [])],
              entry: { type: 'track', params: { event: 'Register Business Step', step: index + 1 } },
              on: {
                ...(step === 'summary'
                  ? {
                      // Submit validates everything: the first step with a problem opens, its errors shown.
                      SUBMIT: [
                        { guard: and(['allValid', 'hasCaptcha']), target: '#businessWizard.submitting' },
                        // Everything is right but the captcha is not done: the summary says so.
                        { guard: 'allValid', actions: assign({ failure: { descriptor: captchaMissing } }) },
                        ...WIZARD_STEPS.filter((s) => s !== 'summary').map((s) => ({
                          guard: { type: 'firstInvalidIs' as const, params: { step: s } },
                          target: s,
                          actions: assign({ shown: () => [...WIZARD_STEPS] }),
                        })),
                      ],
                    }
                  : {
                      NEXT: [
                        {
                          guard: { type: 'stepValid', params: { step } },
                          target: next(step),
                          actions: [
                            assign({ draft: ({ context }) => ({ ...context.draft, finished: [...new Set([...context.draft.finished, step])] }), shown: ({ context }) => [...new Set([...context.shown, step])] }),
                            { type: 'saveDraft', params: ({ context }: { context: BusinessWizardContext }) => ({ draft: context.draft }) },
                          ],
                        },
                        { actions: assign({ shown: ({ context }) => [...new Set([...context.shown, step])] }) },
                      ],
                    }),
                ...(index > 0 ? { BACK: { target: previous(step), actions: assign({ shown: ({ context }) => [...new Set([...context.shown, step])] }) } } : {}),
              },
            },
          ]),
        ),
      },
    },
    personForm: {
      tags: ['personForm'],
      on: {
        NODE_CHANGE: [
          { guard: 'emailToCheck', target: '.waiting', reenter: true, actions: 'changeNode' },
          // An e-mail the rule calls invalid (or none) is not sent; a check under way for the old one is dropped.
          { guard: 'emailChanged', target: '.ready', actions: 'changeNode' },
          { guard: 'madeUserToCheck', target: '.checking', actions: 'changeNode' },
          { actions: 'changeNode' },
        ],
        SAVE: [
          ...HUB_STEPS.map((hub) => ({
            guard: and(['nodeValid', { type: 'returnsTo', params: { hub } }]),
            target: `steps.${hub}`,
            actions: ['commitNode', { type: 'saveDraft' as const, params: ({ context }: { context: BusinessWizardContext }) => ({ draft: context.draft }) }] as const,
          })),
          { actions: assign({ node: ({ context }) => (context.node ? { ...context.node, shown: true } : null) }) },
        ],
        CANCEL: HUB_STEPS.map((hub) => ({ guard: { type: 'returnsTo' as const, params: { hub } }, target: `steps.${hub}`, actions: assign({ node: null }) })),
      },
      initial: 'start',
      states: {
        start: { always: [{ guard: 'userEmailUnchecked', target: 'checking' }, { target: 'ready' }] },
        ready: {},
        waiting: { after: { emailPause: 'checking' } },
        checking: {
          tags: ['checkingEmail'],
          entry: assign({ node: ({ context }) => withEmailState(context.node, 2) }),
          invoke: {
            src: 'checkEmail',
            input: ({ context }) => ({ email: context.node!.person!.email.trim() }),
            onDone: { target: 'ready', actions: assign({ node: ({ context, event }) => withEmailState(context.node, event.output) }) },
            onError: { target: 'ready', actions: assign({ node: ({ context }) => withEmailState(context.node, -1) }) },
          },
        },
      },
    },
    companyForm: {
      tags: ['companyForm'],
      on: {
        NODE_CHANGE: { actions: 'changeNode' },
        // A company is opened from the shareholders hub only.
        SAVE: [
          { guard: 'nodeValid', target: 'steps.shareholdersHub', actions: ['commitNode', { type: 'saveDraft', params: ({ context }) => ({ draft: context.draft }) }] },
          { actions: assign({ node: ({ context }) => (context.node ? { ...context.node, shown: true } : null) }) },
        ],
        CANCEL: { target: 'steps.shareholdersHub', actions: assign({ node: null }) },
      },
    },
    submitting: {
      tags: ['submitting', 'busy'],
      invoke: {
        src: 'createAccount',
        input: ({ context }) => ({ draft: context.draft, captcha: context.captcha ?? '', requestId: context.requestId, brand: context.brand }),
        onDone: { target: 'completed' },
        // A failure keeps everything; the captcha is used up (the widget gives a new one).
        onError: {
          target: 'steps.summary',
          actions: [
            assign({ failure: ({ event }) => formFailureMessage(event.error), captcha: null }),
            { type: 'track', params: ({ event }) => ({ event: captchaSpentEvent(event.error) }) },
          ],
        },
      },
    },
    completed: {
      tags: ['completed'],
      entry: ['clearDraft', { type: 'track', params: { event: 'Sign Up Complete' } }],
    },
  },
});



/** The people already entered who may be linked as `role` of `parent` (not already one there). */
export function linkable(draft: BusinessDraft, role: 'director' | 'shareholder', parent: Parent): string[] {
  const holders = parent === 'root' ? draft.root : draft.companies[parent];
  if (!holders) return [];
  const taken = new Set(role === 'director' ? holders.directors : holders.shareholders.filter((h) => h.kind === 'person').map((h) => h.id));
  return Object.keys(draft.persons).filter((id) => !taken.has(id));
}

/** The hub the wizard is in (a node opened there comes back to it). */
function currentHub(self: { getSnapshot: () => { value: unknown } }): Hub {
  const value = self.getSnapshot().value as { steps?: string } | string;
  const step = typeof value === 'object' ? value.steps : undefined;
  return HUB_STEPS.find((hub) => hub === step) ?? 'directorsHub';
}

function withField<T extends RegistrationPerson | RegistrationCompany>(node: T, field: string, value: unknown): T {
  if (field.startsWith('address.')) return { ...node, address: { ...node.address, [field.slice('address.'.length)]: String(value ?? '') } };
  return { ...node, [field]: Array.isArray(value) ? [...value] : value };
}

function withEmailState(node: NodeEdit | null, state: EmailState): NodeEdit | null {
  return node?.person ? { ...node, person: { ...node.person, emailState: state } } : node;
}
