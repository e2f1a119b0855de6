import { useEffect, useState } from 'react';
import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { useSelector } from '@xstate/react';
import { createActor, fromPromise } from 'xstate';
import { businessWizardMachine } from '@machines/registration/business-wizard.machine';
import { SANDBOX_CAPTCHA_TOKEN } from '@machines/registration/captcha';
import type { BusinessDraft } from '@machines/registration/registration-draft';
import { EMAIL_STATE, type EmailState } from '@machines/registration/registration.rules';
import { SandboxCaptcha } from '@/shared/ui';
import { clippedText } from '../../../../.storybook/layout-checks';
import { BusinessWizard } from './business-wizard';
import type { BusinessWizardActor, WizardLists } from './wizard-parts';
import { BUSINESS_QUESTIONS, COMPANY_NAME, completeDraft, draftAt, emptyBusinessDraft, filledAt, GENERAL, HOLDING_NAME, LENA, TODAY, wizardLists } from './wizard.fixtures';

const never = () => new Promise<never>(() => {});

type CreateAccountInput = { draft: BusinessDraft; captcha: string; requestId: string; brand: string | undefined };

/** The wizard's calls: `checkEmail` answers what the story needs (free unless told); `createAccount` never answers unless told. */
const checkEmail = fn<(input: { email: string }) => Promise<EmailState>>();
const createAccount = fn<(input: CreateAccountInput) => Promise<void>>();
/** The page's actions, recorded only: nothing touches localStorage or analytics. */
const saveDraft = fn<(draft: BusinessDraft) => void>();
const clearDraft = fn<() => void>();
const track = fn<(params: { event: string; step?: number }) => void>();

/** The real statechart with the fake calls and actions, the e-mail checked at once (no pause). */
const logic = businessWizardMachine.provide({
  actors: {
    checkEmail: fromPromise<EmailState, { email: string }>(({ input }) => checkEmail(input)),
    createAccount: fromPromise<void, CreateAccountInput>(({ input }) => createAccount(input)),
  },
  actions: {
    saveDraft: (_, params) => saveDraft(params.draft),
    clearDraft: () => clearDraft(),
    track: (_, params) => track(params),
  },
  delays: { emailPause: 0 },
});

/** The story's statechart on the story's draft, started once (with the story's events) and stopped when the story goes. */
function useStoryActor(draft: BusinessDraft | undefined, start?: (actor: BusinessWizardActor) => void): BusinessWizardActor {
  const [actor] = useState(() => {
    const created: BusinessWizardActor = createActor(logic, {
      input: { draft: draft ?? null, questions: BUSINESS_QUESTIONS, sourceOfWealth: true, agreements: [], today: TODAY, brand: 'brand1' },
    });
    created.start();
    start?.(created);
    return created;
  });
  useEffect(() => () => actor.stop(), [actor]);
  return actor;
}

interface WizardStoryProps {
  onDone: () => void;
  /** The draft the wizard resumes (none: it opens empty at the first step). */
  draft?: BusinessDraft;
  start?: (actor: BusinessWizardActor) => void;
  lists?: WizardLists;
}

/** The wizard as /register/business shows it: the sandbox captcha, ticked into the statechart and locked while busy. */
function WizardStory({ onDone, draft, start, lists = wizardLists }: WizardStoryProps) {
  const actor = useStoryActor(draft, start);
  const token = useSelector(actor, (s) => s.context.captcha);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <BusinessWizard
      actor={actor}
      lists={lists}
      captcha={<SandboxCaptcha token={token} onToken={(next) => actor.send({ type: 'CAPTCHA', token: next })} isDisabled={busy} />}
      onDone={onDone}
    />
  );
}

/** /register/business's wizard (002 s2, s4, s5) on the real statechart: each step empty, refused and filled; the person and company forms; submit. */
const meta: Meta<typeof WizardStory> = {
  title: 'Features/BusinessWizard',
  component: WizardStory,
  args: { onDone: fn() },
  beforeEach: () => {
    checkEmail.mockReset();
    checkEmail.mockImplementation(async () => EMAIL_STATE.free);
    createAccount.mockReset();
    createAccount.mockImplementation(never);
    saveDraft.mockReset();
    clearDraft.mockReset();
    track.mockReset();
  },
};
export default meta;
type Story = StoryObj<typeof WizardStory>;

// ---- helpers ---------------------------------------------------------------------------------------

const send = (...events: Parameters<BusinessWizardActor['send']>[0][]) => (actor: BusinessWizardActor) => {
  for (const event of events) actor.send(event);
};

const stepHeading = (canvasElement: HTMLElement, name: string) => within(canvasElement).getByRole('heading', { level: 2, name });
const stepsNav = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('navigation', { name: 'Registration steps' }));
const currentStep = (canvasElement: HTMLElement) => within(canvasElement).getByRole('navigation', { name: 'Registration steps' }).querySelector('[aria-current="step"]');
const nextButton = (canvasElement: HTMLElement) => within(canvasElement).getByRole('button', { name: 'Next' });
const submitButton = (canvasElement: HTMLElement) => within(canvasElement).getByRole('button', { name: 'Submit the registration' });

/** Next pressed (or Submit on the summary). */
const pressNext = async (canvasElement: HTMLElement) => userEvent.click(nextButton(canvasElement));

/** The wizard moved to `title`: its heading shows and has the focus. */
const expectStepOpened = async (canvasElement: HTMLElement, title: string) => {
  const heading = await within(canvasElement).findByRole('heading', { level: 2, name: title });
  await waitFor(() => expect(heading).toHaveFocus());
  await expect(currentStep(canvasElement)).toHaveTextContent(title);
};

/** A node's form opened over its hub: the steps are locked while it is open. */
const expectFormOpened = async (canvasElement: HTMLElement, title: string) => {
  const heading = await within(canvasElement).findByRole('heading', { level: 2, name: title });
  await waitFor(() => expect(heading).toHaveFocus());
  await expect(stepsNav(canvasElement).queryAllByRole('button')).toHaveLength(0);
};

/** The last draft saved has `step` finished. */
const expectSavedFinished = async (step: BusinessDraft['finished'][number]) => {
  await expect(saveDraft).toHaveBeenCalled();
  await expect(saveDraft.mock.lastCall?.[0].finished).toContain(step);
};

const NODE_PROBLEM = 'Some details are missing or wrong: open to fix.';

// ---- 1. the company (generalForm) --------------------------------------------------------------------

/** Nothing entered yet: the first step, nothing to go back to, no error before Next. */
export const GeneralEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stepHeading(canvasElement, 'The company')).toBeInTheDocument();
    await expect(currentStep(canvasElement)).toHaveTextContent('The company');
    // No step is finished: none can be opened from the list.
    await expect(stepsNav(canvasElement).queryAllByRole('button')).toHaveLength(0);
    const type = canvas.getByRole('combobox', { name: 'Type of business' });
    await expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose…',
      'Advertising network',
      'Affiliate program',
      'Live streaming network',
      'Freelance company',
      'Hosting provider',
      'Billing or payment processor',
      'Webcam studio',
      'Other',
    ]);
    await expect(canvas.getByRole('textbox', { name: 'Company name' })).toHaveValue('');
    await expect(canvas.queryByText('Required.')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Back' })).toBeNull();
    await expect(track).toHaveBeenCalledWith({ event: 'Register Business Step', step: 1 });
  },
};

/** Next on the empty step (an empty draft stored): the eight required fields say so, the step stays, the focus goes to the first; a wrong e-mail says why. */
export const GeneralInvalid: Story = {
  args: { draft: emptyBusinessDraft() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pressNext(canvasElement);
    await expect(await canvas.findAllByText('Required.')).toHaveLength(8);
    const type = canvas.getByRole('combobox', { name: 'Type of business' });
    await expect(type).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(type).toHaveFocus());
    await expect(stepHeading(canvasElement, 'The company')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'Trading name (optional)' })).not.toHaveAttribute('aria-invalid');
    // The errors follow what is typed from now on.
    await userEvent.type(canvas.getByRole('textbox', { name: 'Company e-mail' }), 'office@acme');
    await expect(await canvas.findByText('Check the format.')).toBeInTheDocument();
    await expect(canvas.getAllByText('Required.')).toHaveLength(7);
    await expect(saveDraft.mock.calls.some(([draft]) => draft.finished.length > 0)).toBe(false);
  },
};

/** Every field right: Next finishes the step (saved) and opens the next one, whose heading gets the focus. */
export const GeneralFilled: Story = {
  args: { draft: filledAt('generalForm') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Type of business' })).toHaveValue('advertisingNetworks');
    await expect(canvas.getByRole('textbox', { name: 'Company name' })).toHaveValue(COMPANY_NAME);
    await expect(canvas.getByRole('combobox', { name: 'Country of registration' })).toHaveValue('DE');
    await expect(canvas.getByLabelText('Date of registration')).toHaveValue(GENERAL.registrationDate);
    await expect(canvas.getByRole('combobox', { name: 'Industry' })).toHaveValue('marketing');
    await pressNext(canvasElement);
    await expectStepOpened(canvasElement, 'Money and currencies');
    await expectSavedFinished('generalForm');
    await expect(stepsNav(canvasElement).getByRole('button', { name: 'The company (finished)' })).toBeInTheDocument();
    await expect(track).toHaveBeenLastCalledWith({ event: 'Register Business Step', step: 2 });
  },
};

/** Brand 1 shows adult-industry options: the four groups of industries, adult-related first. */
export const IndustriesWithAdult: Story = {
  play: async ({ canvasElement }) => {
    const industry = within(canvasElement).getByRole('combobox', { name: 'Industry' });
    await expect([...industry.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['Adult-related business', 'Mainstream company', 'Financial companies', 'Investment companies']);
    await expect(within(industry).getByRole('option', { name: 'Adult entertainment' })).toBeInTheDocument();
  },
};

/** A brand without adult-industry options: that group and its industries are not offered. */
export const IndustriesWithoutAdult: Story = {
  args: { lists: { ...wizardLists, adultIndustry: false } },
  play: async ({ canvasElement }) => {
    const industry = within(canvasElement).getByRole('combobox', { name: 'Industry' });
    await expect([...industry.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['Mainstream company', 'Financial companies', 'Investment companies']);
    await expect(within(industry).queryByRole('option', { name: 'Adult entertainment' })).toBeNull();
    await expect(within(industry).getByRole('option', { name: 'Marketing and advertising' })).toBeInTheDocument();
  },
};

// ---- 2. money and currencies (financialInfoForm) ---------------------------------------------------------

/** The first step done: this one empty, no error yet; the finished step can be opened again, Back is there. */
export const FinancialEmpty: Story = {
  args: { draft: draftAt('financialInfoForm') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stepHeading(canvasElement, 'Money and currencies')).toBeInTheDocument();
    await expect(stepsNav(canvasElement).getByRole('button', { name: 'The company (finished)' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Back' })).toBeEnabled();
    const currencies = canvas.getByRole('group', { name: 'Currencies the company will hold' });
    await expect(within(currencies).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual(['EUR · Euro', 'USD · US dollar', 'GBP · British pound']);
    for (const box of canvas.getAllByRole('checkbox')) await expect(box).not.toBeChecked();
    await expect(canvas.getByRole('combobox', { name: 'Estimated monthly deposits' })).toHaveValue('');
    await expect(canvas.queryByText('Required.')).toBeNull();
  },
};

/** Next on the empty step: all four say so and the first source of funds gets the focus. */
export const FinancialInvalid: Story = {
  args: { draft: draftAt('financialInfoForm') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pressNext(canvasElement);
    await expect(await canvas.findAllByText('Required.')).toHaveLength(4);
    const first = canvas.getByRole('checkbox', { name: 'Revenue from sales and services' });
    await waitFor(() => expect(first).toHaveFocus());
    await expect(stepHeading(canvasElement, 'Money and currencies')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'GBP · British pound' }));
    await waitFor(() => expect(canvas.getAllByText('Required.')).toHaveLength(3));
  },
};

/** Filled: the choices show; Next opens the questions. */
export const FinancialFilled: Story = {
  args: { draft: filledAt('financialInfoForm') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'Revenue from sales and services' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Share capital' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Investor funding' })).not.toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Paying suppliers' })).toBeChecked();
    await expect(canvas.getByRole('combobox', { name: 'Estimated monthly deposits' })).toHaveValue('from5kTo25k');
    await expect(canvas.getByRole('checkbox', { name: 'USD · US dollar' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'GBP · British pound' })).not.toBeChecked();
    await pressNext(canvasElement);
    await expectStepOpened(canvasElement, 'A few questions');
    await expectSavedFinished('financialInfoForm');
  },
};

// ---- 3. a few questions (dueDilligenceForm) -----------------------------------------------------------

const ANOTHER_ACCOUNT = 'Does the company hold an account with another bank or payment institution?';
const CONTROL = 'Who will control this account?';
const FOLLOW_UP_ACCOUNT = 'Which bank or payment institution, and which account?';
const FOLLOW_UP_PERSON = 'The person who controls the account: full name and date of birth';

/** The questions as adjusted on load (yes/no and who controls as radios), the follow-ups hidden; no error yet. */
export const DueDiligenceEmpty: Story = {
  args: { draft: draftAt('dueDilligenceForm') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stepHeading(canvasElement, 'A few questions')).toBeInTheDocument();
    const another = canvas.getByRole('radiogroup', { name: ANOTHER_ACCOUNT });
    await expect(within(another).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Yes', 'No']);
    await expect(within(canvas.getByRole('radiogroup', { name: CONTROL })).getAllByRole('radio')).toHaveLength(2);
    await expect(canvas.getByRole('textbox', { name: 'In which countries are most of your customers?' })).toHaveValue('');
    await expect(canvas.getByRole('combobox', { name: 'How many payments does the company expect to make each month?' })).toHaveValue('');
    await expect(canvas.getByRole('combobox', { name: 'Does the company need a licence for its activity?' })).toHaveValue('');
    await expect(canvas.queryByText(FOLLOW_UP_ACCOUNT)).toBeNull();
    await expect(canvas.queryByText(FOLLOW_UP_PERSON)).toBeNull();
    await expect(canvas.queryByText('Required.')).toBeNull();
  },
};

/** Next with nothing answered: each of the five says so, the first question gets the focus; answers that ask more add their follow-up, required too. */
export const DueDiligenceInvalid: Story = {
  args: { draft: draftAt('dueDilligenceForm') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pressNext(canvasElement);
    await expect(await canvas.findAllByText('Required.')).toHaveLength(5);
    const another = canvas.getByRole('radiogroup', { name: ANOTHER_ACCOUNT });
    await waitFor(() => expect(within(another).getByRole('radio', { name: 'Yes' })).toHaveFocus());
    await userEvent.click(within(another).getByRole('radio', { name: 'Yes' }));
    const details = await canvas.findByRole('textbox', { name: FOLLOW_UP_ACCOUNT });
    await expect(details).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(within(canvas.getByRole('radiogroup', { name: CONTROL })).getByRole('radio', { name: 'Someone else' }));
    const person = await canvas.findByRole('group', { name: FOLLOW_UP_PERSON });
    await expect(within(person).getByRole('textbox', { name: 'Full name' })).toHaveAttribute('aria-invalid', 'true');
    // Three first answers still missing, and the two follow-ups.
    await expect(canvas.getAllByText('Required.')).toHaveLength(5);
    await expect(stepHeading(canvasElement, 'A few questions')).toBeInTheDocument();
  },
};

/** Every question answered: the answers show; Next opens the registered address. */
export const DueDiligenceFilled: Story = {
  args: { draft: filledAt('dueDilligenceForm') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(within(canvas.getByRole('radiogroup', { name: ANOTHER_ACCOUNT })).getByRole('radio', { name: 'No' })).toBeChecked();
    await expect(within(canvas.getByRole('radiogroup', { name: CONTROL })).getByRole('radio', { name: 'Me' })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'In which countries are most of your customers?' })).toHaveValue('Germany, Austria and Switzerland');
    await expect(canvas.getByRole('combobox', { name: 'How many payments does the company expect to make each month?' })).toHaveValue('from11To50');
    await expect(canvas.queryByText(FOLLOW_UP_ACCOUNT)).toBeNull();
    await pressNext(canvasElement);
    await expectStepOpened(canvasElement, 'Registered address');
    await expectSavedFinished('dueDilligenceForm');
  },
};

// ---- 4. registered address (legalForm) ------------------------------------------------------------------

export const LegalEmpty: Story = {
  args: { draft: draftAt('legalForm') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const address = canvas.getByRole('group', { name: "The company's registered address" });
    await expect(within(address).getByRole('combobox', { name: 'Country' })).toHaveValue('');
    await expect(within(address).getByRole('textbox', { name: 'City' })).toHaveValue('');
    // The brand lists no agreements here.
    await expect(canvas.queryByRole('group', { name: 'Agreements' })).toBeNull();
    await expect(canvas.queryByText('Required.')).toBeNull();
    await expect(stepsNav(canvasElement).getAllByRole('button')).toHaveLength(3);
  },
};

/** Next on the empty address: all four say so; the country gets the focus. */
export const LegalInvalid: Story = {
  args: { draft: draftAt('legalForm') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pressNext(canvasElement);
    await expect(await canvas.findAllByText('Required.')).toHaveLength(4);
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Country' })).toHaveFocus());
    await expect(stepHeading(canvasElement, 'Registered address')).toBeInTheDocument();
  },
};

export const LegalFilled: Story = {
  args: { draft: filledAt('legalForm') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Country' })).toHaveValue('DE');
    await expect(canvas.getByRole('textbox', { name: 'Street and number' })).toHaveValue('Friedrichstraße 68');
    await expect(canvas.getByRole('textbox', { name: 'Postal code' })).toHaveValue('10117');
    await pressNext(canvasElement);
    await expectStepOpened(canvasElement, 'Directors');
    await expectSavedFinished('legalForm');
  },
};

// ---- 5. directors (directorsHub) ----------------------------------------------------------------------

export const DirectorsEmpty: Story = {
  args: { draft: draftAt('directorsHub') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stepHeading(canvasElement, 'Directors')).toBeInTheDocument();
    await expect(canvas.getByText('No directors yet.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Add a director' })).toBeInTheDocument();
    await expect(canvas.queryByText(`${COMPANY_NAME} needs at least one director.`)).toBeNull();
  },
};

/** Next without a director: the hub says the company needs one and stays. */
export const DirectorsInvalid: Story = {
  args: { draft: draftAt('directorsHub') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pressNext(canvasElement);
    await expect(await canvas.findByText(`${COMPANY_NAME} needs at least one director.`)).toBeInTheDocument();
    await expect(stepHeading(canvasElement, 'Directors')).toBeInTheDocument();
    await expect(saveDraft.mock.calls.some(([draft]) => draft.finished.includes('directorsHub'))).toBe(false);
  },
};

/** A director whose details are incomplete (an older draft): flagged after Next; opened, the form says what is missing. */
export const DirectorNeedsFixing: Story = {
  args: { draft: ((draft) => ({ ...draft, persons: { ...draft.persons, p2: { ...draft.persons.p2!, email: '' } } }))(filledAt('directorsHub')) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(NODE_PROBLEM)).toBeNull();
    await pressNext(canvasElement);
    await expect(await canvas.findAllByText(NODE_PROBLEM)).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: 'Open Jonas Brandt' }).closest('li')).toHaveTextContent(NODE_PROBLEM);
    await userEvent.click(canvas.getByRole('button', { name: 'Open Jonas Brandt' }));
    await expectFormOpened(canvasElement, 'A person');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveFocus());
    await expect(canvas.getAllByText('Required.')).toHaveLength(1);
  },
};

/** Two directors listed with their e-mails; Next opens the shareholders. */
export const DirectorsFilled: Story = {
  args: { draft: filledAt('directorsHub') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getAllByRole('list').find((l) => l.textContent?.includes('Lena Keller'));
    if (!list) throw new Error('no directors list');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(within(list).getByText(LENA.email)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Open Jonas Brandt' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Remove Jonas Brandt' })).toBeInTheDocument();
    await pressNext(canvasElement);
    await expectStepOpened(canvasElement, 'Shareholders');
    await expectSavedFinished('directorsHub');
  },
};

// ---- 6. shareholders (shareholdersHub) -----------------------------------------------------------------

/** No holders yet: the directors entered can be linked as holders; no problem shown before Next. */
export const ShareholdersEmpty: Story = {
  args: { draft: draftAt('shareholdersHub') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No shareholders yet.')).toBeInTheDocument();
    const link = canvas.getByRole('group', { name: `Someone already entered holds shares of ${COMPANY_NAME}` });
    await expect(within(link).getAllByRole('button').map((b) => b.textContent)).toEqual(['+ Lena Keller', '+ Jonas Brandt']);
    await expect(canvas.getByRole('button', { name: 'Add a person shareholder' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Add a company shareholder' })).toBeInTheDocument();
    await expect(canvas.queryByText('Add at least one shareholder.')).toBeNull();
  },
};

/** Next without holders: "add one"; a director linked as a holder then needs a share. */
export const ShareholdersNone: Story = {
  args: { draft: draftAt('shareholdersHub') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pressNext(canvasElement);
    await expect(await canvas.findByText('Add at least one shareholder.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: '+ Lena Keller' }));
    const share = await canvas.findByRole('textbox', { name: 'Share of Lena Keller, %' });
    await expect(share).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Enter the share.')).toBeInTheDocument();
    await expect(canvas.queryByText('Add at least one shareholder.')).toBeNull();
  },
};

/** Holders 40 % + 75 %, the holding company without a director, a share with three decimals. */
const brokenTree = (): BusinessDraft => {
  const draft = filledAt('shareholdersHub');
  return {
    ...draft,
    root: { ...draft.root, shareholders: [{ kind: 'person', id: 'p1', share: '40' }, { kind: 'company', id: 'c1', share: '75' }] },
    companies: { c1: { ...draft.companies.c1!, directors: [], shareholders: [{ kind: 'person', id: 'p2', share: '10,555' }] } },
  };
};

/** Next on a wrong tree: the shares together above 100 %, a company holder without its director, a share not a number; the focus on that share. */
export const ShareholdersInvalid: Story = {
  args: { draft: brokenTree() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(`The shares of ${COMPANY_NAME} together are at most 100 %.`)).toBeNull();
    await pressNext(canvasElement);
    await expect(await canvas.findByText(`The shares of ${COMPANY_NAME} together are at most 100 %.`)).toBeInTheDocument();
    await expect(canvas.getByText(`${HOLDING_NAME} needs at least one director.`)).toBeInTheDocument();
    await expect(canvas.getByText('A share is a number with at most 2 decimals.')).toBeInTheDocument();
    const jonas = canvas.getByRole('textbox', { name: 'Share of Jonas Brandt, %' });
    await waitFor(() => expect(jonas).toHaveFocus());
    await expect(stepHeading(canvasElement, 'Shareholders')).toBeInTheDocument();
    // Lena's share lowered: the sum is right again.
    const lena = canvas.getByRole('textbox', { name: 'Share of Lena Keller, %' });
    await userEvent.clear(lena);
    await userEvent.type(lena, '25');
    await waitFor(() => expect(canvas.queryByText(`The shares of ${COMPANY_NAME} together are at most 100 %.`)).toBeNull());
    await expect(canvas.getByText(`${HOLDING_NAME} needs at least one director.`)).toBeInTheDocument();
  },
};

/** The whole tree: Lena 25 %, Keller Holding AG 75 % with its director and Jonas at 10 %; Next opens the users. */
export const ShareholdersFilled: Story = {
  args: { draft: filledAt('shareholdersHub') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Share of Lena Keller, %' })).toHaveValue('25');
    await expect(canvas.getByRole('textbox', { name: `Share of ${HOLDING_NAME}, %` })).toHaveValue('75');
    await expect(canvas.getByRole('textbox', { name: 'Share of Jonas Brandt, %' })).toHaveValue('10');
    await expect(canvas.getByRole('heading', { level: 3, name: `Directors of ${HOLDING_NAME}` })).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 3, name: `Shareholders of ${HOLDING_NAME}` })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Open Sabine Keller' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: `Add a director of ${HOLDING_NAME}` })).toBeInTheDocument();
    await pressNext(canvasElement);
    await expectStepOpened(canvasElement, 'Users');
    await expectSavedFinished('shareholdersHub');
  },
};

// ---- 7. users (usersHub) ------------------------------------------------------------------------------

/** No users yet: the three people entered can be made users; no problem before Next. */
export const UsersEmpty: Story = {
  args: { draft: draftAt('usersHub') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No users yet.')).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 3, name: 'People already entered' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('button', { name: /^Make a user/ }).map((b) => b.textContent)).toEqual(['Make a user Lena Keller', 'Make a user Jonas Brandt', 'Make a user Sabine Keller']);
    await expect(canvas.queryByText('Add at least one user.')).toBeNull();
  },
};

/** Next without users: "add one". */
export const UsersNone: Story = {
  args: { draft: draftAt('usersHub') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pressNext(canvasElement);
    await expect(await canvas.findByText('Add at least one user.')).toBeInTheDocument();
    await expect(stepHeading(canvasElement, 'Users')).toBeInTheDocument();
  },
};

/** Users without full access, one of them with an e-mail never checked: both said after Next. */
export const UsersInvalid: Story = {
  args: {
    draft: ((draft) => ({
      ...draft,
      persons: { ...draft.persons, p1: { ...draft.persons.p1!, isUser: false, accessRights: null, emailState: null }, p4: { ...draft.persons.p4!, emailState: null } },
    }))(filledAt('usersHub')),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(NODE_PROBLEM)).toBeNull();
    await pressNext(canvasElement);
    await expect(await canvas.findByText('One user needs full access.')).toBeInTheDocument();
    await expect(canvas.getAllByText(NODE_PROBLEM)).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: 'Open Omar Said' }).closest('li')).toHaveTextContent(NODE_PROBLEM);
    await expect(stepHeading(canvasElement, 'Users')).toBeInTheDocument();
  },
};

/** Three users with their rights; Next opens the summary. */
export const UsersFilled: Story = {
  args: { draft: filledAt('usersHub') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Open Lena Keller' }).closest('li')).toHaveTextContent('Full access');
    await expect(canvas.getByRole('button', { name: 'Open Jonas Brandt' }).closest('li')).toHaveTextContent('Initiate');
    await expect(canvas.getByRole('button', { name: 'Open Omar Said' }).closest('li')).toHaveTextContent('Read');
    await expect(canvas.getByRole('button', { name: 'Make a user Sabine Keller' })).toBeInTheDocument();
    await pressNext(canvasElement);
    await expectStepOpened(canvasElement, 'Check and submit');
    await expectSavedFinished('usersHub');
  },
};

// ---- 8. check and submit (summary) ----------------------------------------------------------------

/** The summary of a right registration, the captcha not ticked yet: nothing refused, nothing sent. */
export const SummaryEmpty: Story = {
  args: { draft: completeDraft() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stepHeading(canvasElement, 'Check and submit')).toBeInTheDocument();
    await expect(canvas.getByRole('checkbox', { name: 'I am not a robot' })).not.toBeChecked();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(submitButton(canvasElement)).toBeEnabled();
    await expect(canvas.getAllByRole('button', { name: /^Change / })).toHaveLength(7);
    await expect(stepsNav(canvasElement).getAllByRole('button', { name: /\(finished\)$/ })).toHaveLength(7);
    await expect(createAccount).not.toHaveBeenCalled();
  },
};

/** Submit without the captcha: the summary says so, nothing is sent. */
export const SummaryInvalid: Story = {
  args: { draft: completeDraft() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(submitButton(canvasElement));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Confirm that you are not a robot, then submit again.');
    await expect(stepHeading(canvasElement, 'Check and submit')).toBeInTheDocument();
    await expect(createAccount).not.toHaveBeenCalled();
  },
};

/** A stored draft that went wrong after its steps were finished (shares 40 % + 75 %): submit opens that step with its errors. */
export const SummaryOpensFirstProblem: Story = {
  args: { draft: { ...completeDraft(), root: { ...completeDraft().root, shareholders: [{ kind: 'person', id: 'p1', share: '40' }, { kind: 'company', id: 'c1', share: '75' }] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'I am not a robot' }));
    await userEvent.click(submitButton(canvasElement));
    await expectStepOpened(canvasElement, 'Shareholders');
    await expect(canvas.getByText(`The shares of ${COMPANY_NAME} together are at most 100 %.`)).toBeInTheDocument();
    await expect(createAccount).not.toHaveBeenCalled();
  },
};

const fact = (region: HTMLElement, term: string) => {
  const dt = within(region).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling;
};

/** Everything entered, listed by step; the captcha ticked; "Change" opens a step and the summary is one step away. */
export const SummaryFilled: Story = {
  args: { draft: completeDraft(), start: send({ type: 'CAPTCHA', token: SANDBOX_CAPTCHA_TOKEN }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = (name: string) => canvas.getByRole('region', { name });
    const company = region('The company');
    await expect(fact(company, 'Company name')).toHaveTextContent(COMPANY_NAME);
    await expect(fact(company, 'Type of business')).toHaveTextContent('Advertising network');
    await expect(fact(company, 'Country of registration')).toHaveTextContent('Germany');
    await expect(fact(company, 'Industry')).toHaveTextContent('Marketing and advertising');
    const money = region('Money and currencies');
    await expect(fact(money, 'Sources of funds')).toHaveTextContent('Revenue from sales and services, Share capital');
    await expect(fact(money, 'Estimated monthly deposits')).toHaveTextContent('5,000 – 25,000 USD');
    await expect(fact(money, 'Currencies the company will hold')).toHaveTextContent('EUR, USD');
    await expect(fact(region('A few questions'), 'Questions answered')).toHaveTextContent('5');
    await expect(fact(region('Registered address'), 'Registered address')).toHaveTextContent('Friedrichstraße 68, 10117, Berlin, Germany');
    await expect(fact(region('Directors'), 'Directors')).toHaveTextContent('Lena Keller, Jonas Brandt');
    const holders = region('Shareholders');
    await expect(fact(holders, 'Shareholders')).toHaveTextContent(`Lena Keller 25 %, ${HOLDING_NAME} 75 %`);
    await expect(fact(holders, `Directors and shareholders of ${HOLDING_NAME}`)).toHaveTextContent('Sabine Keller · Jonas Brandt 10 %');
    await expect(fact(region('Users'), 'Users')).toHaveTextContent(`Lena Keller (${LENA.email}), Jonas Brandt (jonas.brandt@acme-media.example), Omar Said (omar.said@acme-media.example)`);
    await expect(canvas.getByRole('checkbox', { name: 'I am not a robot' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Change Shareholders' }));
    await expectStepOpened(canvasElement, 'Shareholders');
    await userEvent.click(stepsNav(canvasElement).getByRole('button', { name: 'Check and submit' }));
    await expectStepOpened(canvasElement, 'Check and submit');
  },
};

/** Create account under way: the button is busy, the captcha and the steps are locked. */
export const Submitting: Story = {
  args: { draft: completeDraft() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'I am not a robot' }));
    const button = submitButton(canvasElement);
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(within(button).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    await expect(canvas.getByRole('checkbox', { name: 'I am not a robot' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Back' })).toBeDisabled();
    await expect(stepsNav(canvasElement).queryAllByRole('button')).toHaveLength(0);
    await waitFor(() => expect(createAccount).toHaveBeenCalledTimes(1));
    const input = createAccount.mock.calls[0]?.[0];
    await expect(input).toMatchObject({ captcha: SANDBOX_CAPTCHA_TOKEN, brand: 'brand1' });
    await expect(input?.draft.generalForm.name).toBe(COMPANY_NAME);
    await expect(input?.requestId).toBeTruthy();
  },
};

/** Create account refused: the service's text shows, the summary stays, the captcha is used up (unticked). */
export const Failed: Story = {
  args: { draft: completeDraft() },
  beforeEach: () => void createAccount.mockImplementation(() => Promise.reject({ text: 'Server is not available' })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'I am not a robot' }));
    await userEvent.click(submitButton(canvasElement));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Server is not available');
    await expect(canvas.getByRole('checkbox', { name: 'I am not a robot' })).not.toBeChecked();
    await expect(submitButton(canvasElement)).not.toHaveAttribute('aria-busy');
    await expect(stepHeading(canvasElement, 'Check and submit')).toBeInTheDocument();
    await expect(clearDraft).not.toHaveBeenCalled();
  },
};

/** The account is created: the popup says where the activation e-mail went; the draft is forgotten; "Done" leaves. */
export const Completed: Story = {
  args: { draft: completeDraft() },
  beforeEach: () => void createAccount.mockImplementation(async () => undefined),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'I am not a robot' }));
    await userEvent.click(submitButton(canvasElement));
    const dialog = await screen.findByRole('alertdialog', { name: 'Registration completed' });
    await expect(dialog).toHaveTextContent(`We sent an activation e-mail to ${LENA.email}.`);
    await expect(clearDraft).toHaveBeenCalledTimes(1);
    await expect(track).toHaveBeenCalledWith({ event: 'Sign Up Complete' });
    await expect(args.onDone).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await expect(args.onDone).toHaveBeenCalledTimes(1);
  },
};

/** Start over (asked first): the draft is forgotten and the first step opens empty. */
export const StartOver: Story = {
  args: { draft: filledAt('legalForm') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Start over' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start over?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start over' }));
    await waitFor(() => expect(stepHeading(canvasElement, 'The company')).toBeInTheDocument());
    await expect(canvas.getByRole('textbox', { name: 'Company name' })).toHaveValue('');
    await expect(clearDraft).toHaveBeenCalledTimes(1);
    await expect(stepsNav(canvasElement).queryAllByRole('button')).toHaveLength(0);
  },
};

// ---- a person's and a company's forms -----------------------------------------------------------------

/** A new director: Save on the empty form names the four required fields and focuses the first; filled, it is listed on the hub. */
export const PersonForm: Story = {
  args: { draft: draftAt('directorsHub'), start: send({ type: 'ADD_PERSON', role: 'director', parent: 'root' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stepHeading(canvasElement, 'A director')).toBeInTheDocument();
    await expect(canvas.queryByText('Required.')).toBeNull();
    // Not a user: the e-mail is not checked, no access rights asked.
    await expect(canvas.getByRole('checkbox', { name: 'This person signs in and acts for the company (a user)' })).not.toBeChecked();
    await expect(canvas.queryByRole('combobox', { name: 'Access rights' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findAllByText('Required.')).toHaveLength(4);
    const first = canvas.getByRole('textbox', { name: 'First name' });
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.type(first, 'Anna');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Last name' }), 'Weber');
    await userEvent.type(canvas.getByLabelText('Date of birth'), '1988-09-30');
    await userEvent.type(canvas.getByRole('textbox', { name: 'E-mail' }), 'anna.weber@acme-media.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expectStepOpened(canvasElement, 'Directors');
    await expect(canvas.getByRole('button', { name: 'Open Anna Weber' })).toBeInTheDocument();
    await expect(checkEmail).not.toHaveBeenCalled();
  },
};

/** A new user (the first: full access chosen for them): the e-mail is checked while typed; right 5 is never offered. */
export const PersonFormUser: Story = {
  args: { draft: draftAt('usersHub'), start: send({ type: 'ADD_PERSON', role: 'user', parent: 'root' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stepHeading(canvasElement, 'A user')).toBeInTheDocument();
    await expect(canvas.getByRole('checkbox', { name: 'This person signs in and acts for the company (a user)' })).toBeChecked();
    const rights = canvas.getByRole('combobox', { name: 'Access rights' });
    await expect(within(rights).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'No access', 'Read', 'Full access', 'Initiate', 'Confirmed']);
    await expect(rights).toHaveValue('2');
    const email = canvas.getByRole('textbox', { name: 'E-mail' });
    await expect(email).toHaveAccessibleDescription("A user's e-mail is checked: it must not have an account yet.");
    await userEvent.type(email, 'mia.lang@acme-media.example');
    await expect(await canvas.findByText('This e-mail is free.')).toBeInTheDocument();
    await expect(checkEmail).toHaveBeenLastCalledWith({ email: 'mia.lang@acme-media.example' });
    await expect(email).not.toHaveAttribute('aria-invalid');
  },
};

/** Lena holds 25 %: her sources of funds are asked, each chosen one described; a 10 % holder is not asked. */
export const PersonFormSourcesOfFunds: Story = {
  args: {
    draft: ((draft) => ({ ...draft, persons: { ...draft.persons, p1: { ...draft.persons.p1!, sourceOfFunds: [], sourceDetails: {} } } }))(filledAt('shareholdersHub')),
    start: send({ type: 'EDIT_PERSON', id: 'p1' }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stepHeading(canvasElement, 'A person')).toBeInTheDocument();
    const group = canvas.getByRole('group', { name: 'Sources of funds (holds 25 %)' });
    await expect(within(group).getAllByRole('checkbox')).toHaveLength(4);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await within(group).findByText('Required.')).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Salary or wages' }));
    const describe = await within(group).findByRole('textbox', { name: 'Describe: Salary or wages' });
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await within(group).findByText('Describe each source of funds chosen.')).toBeInTheDocument();
    await waitFor(() => expect(describe).toHaveFocus());
    await userEvent.type(describe, 'Salary as managing director.');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expectStepOpened(canvasElement, 'Shareholders');
    await userEvent.click(canvas.getByRole('button', { name: 'Open Jonas Brandt' }));
    await expectFormOpened(canvasElement, 'A person');
    await expect(canvas.queryByRole('group', { name: /^Sources of funds/ })).toBeNull();
  },
};

/** A new company holder: Save on the empty form names its eight required fields and focuses the name; Cancel adds nothing. */
export const CompanyForm: Story = {
  args: { draft: draftAt('shareholdersHub'), start: send({ type: 'ADD_COMPANY', parent: 'root' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stepHeading(canvasElement, 'A company shareholder')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findAllByText('Required.')).toHaveLength(8);
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Company name' })).toHaveFocus());
    await expect(canvas.getByRole('textbox', { name: 'Trading name (optional)' })).not.toHaveAttribute('aria-invalid');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expectStepOpened(canvasElement, 'Shareholders');
    await expect(canvas.getByText('No shareholders yet.')).toBeInTheDocument();
  },
};

/** A user's e-mail with an account: said at once, before Save; Save keeps the form. */
export const EmailTaken: Story = {
  args: {
    draft: draftAt('usersHub'),
    start: send({ type: 'ADD_PERSON', role: 'user', parent: 'root' }, { type: 'NODE_CHANGE', field: 'email', value: 'jonas.brandt@acme-media.example' }),
  },
  beforeEach: () => void checkEmail.mockImplementation(async () => EMAIL_STATE.exists),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This e-mail already has an account. Give the user another e-mail.')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.queryByText('Required.')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findAllByText('Required.')).toHaveLength(3);
    await expect(stepHeading(canvasElement, 'A user')).toBeInTheDocument();
  },
};

// ---- long texts ------------------------------------------------------------------------------------

/** A phone-wide column. */
const narrow: Decorator = (Story) => (
  <div style={{ maxWidth: '20rem' }}>
    <Story />
  </div>
);

/**
 * clippedText for what the eye reads: text only screen readers get (the visually hidden "(finished)" and the
 * names after "Open", "Remove" and "Change", laid out unwrapped in a 1px box) is left out while measuring.
 */
function visibleClippedText(container: Element): string[] {
  const hidden = [...container.querySelectorAll<HTMLElement>('*')].filter((element) => {
    const box = element.getBoundingClientRect();
    return getComputedStyle(element).position === 'absolute' && box.width <= 1 && box.height <= 1;
  });
  const displays = hidden.map((element) => element.style.display);
  hidden.forEach((element) => (element.style.display = 'none'));
  try {
    return clippedText(container);
  } finally {
    hidden.forEach((element, i) => (element.style.display = displays[i] ?? ''));
  }
}

/** No text of the steps' list or the step is cut off, and nothing is wider than the column. */
const expectNothingClipped = async (canvasElement: HTMLElement) => {
  const nav = canvasElement.querySelector('nav');
  const form = canvasElement.querySelector('form');
  if (!nav || !form) throw new Error('no wizard');
  await expect(visibleClippedText(nav)).toEqual([]);
  await expect(visibleClippedText(form)).toEqual([]);
  await expect(nav.scrollWidth).toBeLessThanOrEqual(nav.clientWidth);
  await expect(form.scrollWidth).toBeLessThanOrEqual(form.clientWidth);
};

/** In Russian on a phone-wide column, the shareholders' tree refused with its problems: no text is cut off. */
export const LongRussian: Story = {
  globals: { locale: 'ru' },
  decorators: [narrow],
  args: { draft: brokenTree() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const next = canvasElement.querySelector<HTMLButtonElement>('form[data-wizard] button[type="submit"]');
    if (!next) throw new Error('no submit button');
    await userEvent.click(next);
    await expect(await canvas.findByText(`${COMPANY_NAME}: сумма долей должна быть не больше 100 %.`)).toBeInTheDocument();
    await expect(canvas.getByText(`${HOLDING_NAME}: нужен хотя бы один директор.`)).toBeInTheDocument();
    await expectNothingClipped(canvasElement);
  },
};

/** In Russian on a phone-wide column, the summary refused (no captcha): no text is cut off. */
export const LongRussianSummary: Story = {
  globals: { locale: 'ru' },
  decorators: [narrow],
  args: { draft: completeDraft() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const submit = canvasElement.querySelector<HTMLButtonElement>('form[data-wizard] button[type="submit"]');
    if (!submit) throw new Error('no submit button');
    await userEvent.click(submit);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Подтвердите, что вы не робот, и отправьте снова.');
    await expect(canvas.getByRole('heading', { level: 2, name: 'Проверка и отправка' })).toBeInTheDocument();
    await expectNothingClipped(canvasElement);
  },
};

