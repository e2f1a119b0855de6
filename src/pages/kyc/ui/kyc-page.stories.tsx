import { useMemo } from 'react';
import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromCallback, fromPromise } from 'xstate';
import type { KycEvent, KycLoaded, KycUploadInput } from '@machines/verification/kyc.machine';
import type { DueDiligenceDocument, KycCustomerInfo, KycQuestionValues, KycRequest, KycStepKind, PersonalInfoPayload } from '@machines/verification/kyc.rules';
import { SessionContext } from '@/entities/session';
import { statesQuery } from '@/entities/verification';
import { kycLogicFor, profileUpdateLogic } from '@/features/complete-kyc';
import { LANGUAGES } from '@/shared/config';
import { fakeSignedInSession, withAppServices, withDictionaries, withRouter } from '../../../../.storybook/decorators';
import { clippedText } from '../../../../.storybook/layout-checks';
import { sampleUpload } from '../../../../.storybook/sample-files';
import { KycPage, ProfileUpdatePage } from './kyc-page';

const never = () => new Promise<never>(() => {});
const slow = { timeout: 5000 };
const TODAY = '2026-11-24';

const countries = [
  { code: 'RO', name: 'Romania' },
  { code: 'US', name: 'United States' },
];
const usStates = [
  { code: 'CA', name: 'California' },
  { code: 'NY', name: 'New York' },
];
/** The states call seeded for every language: the United States has two, Romania none. */
const statesData = LANGUAGES.flatMap((language) => countries.map(({ code }) => [statesQuery(code, language).queryKey, code === 'US' ? usStates : []] as const));

const lists: KycLoaded['lists'] = {
  occupations: [
    { id: 'employee', name: 'Employee (private sector)' },
    { id: 'selfEmployed', name: 'Self-employed or freelancer' },
  ],
  sourcesOfFunds: [
    { id: 'salary', name: 'Salary or wages' },
    { id: 'savings', name: 'Savings' },
  ],
  purposesOfAccount: [
    { id: 'everydaySpending', name: 'Everyday spending' },
    { id: 'savings', name: 'Savings' },
  ],
  estimatedMonthlyDeposits: [
    { id: 'upTo1k', name: 'Up to 1,000 USD' },
    { id: 'from1kTo5k', name: '1,000 – 5,000 USD' },
  ],
};
const info: KycCustomerInfo = {
  firstName: 'Ana',
  lastName: 'Demo',
  birthDay: '1990-04-12',
  residenceCountryCode: 'RO',
  address: { countryCode: 'RO', stateCode: null, city: 'Bucharest', street: 'Strada Lipscani 12', postalCode: '030031' },
  occupationId: null,
  sourceOfFundsId: null,
  purposeOfAccountId: null,
  estimatedMonthlyDepositId: null,
};
const request = (steps: KycStepKind[], status: KycRequest['status'] = 'open'): KycRequest => ({
  id: 7,
  status,
  steps: steps.map((kind) => ({ kind, done: false })),
  dueDiligenceLevel: 1,
  comment: null,
});
const sourceOfFunds: DueDiligenceDocument = { documentTypeId: 110, name: 'Proof of the source of funds', required: true, statusId: null };
const sourceOfWealth: DueDiligenceDocument = { documentTypeId: 112, name: 'Proof of the source of wealth', required: true, statusId: 0 };
const ALL: KycStepKind[] = ['questions', 'personalInfo', 'dueDiligence'];

const saves = { questions: fn(async (_v: KycQuestionValues) => ({})), personal: fn(async (_v: PersonalInfoPayload) => ({})) };

/** The KYC statechart with fake calls (no network); whatever is not given never answers. */
function fakeKyc({
  load = async () => ({ request: request(ALL), info, documents: [sourceOfFunds], lists }),
  read = never,
  questions = saves.questions,
  personal = saves.personal,
  upload = 'hang',
}: {
  load?: () => Promise<KycLoaded>;
  read?: () => Promise<KycRequest | null>;
  questions?: (values: KycQuestionValues) => Promise<unknown>;
  personal?: (values: PersonalInfoPayload) => Promise<unknown>;
  upload?: 'hang' | 'succeed';
} = {}) {
  return kycLogicFor('en').provide({
    actors: {
      load: fromPromise<KycLoaded>(() => load()),
      readRequest: fromPromise<KycRequest | null>(() => read()),
      saveQuestions: fromPromise<unknown, KycQuestionValues>(({ input }) => questions(input)),
      savePersonalInfo: fromPromise<unknown, PersonalInfoPayload>(({ input }) => personal(input)),
      upload: fromCallback<KycEvent, KycUploadInput>(({ sendBack }) => {
        const timers = [
          setTimeout(() => sendBack({ type: 'PROGRESS', percent: 40 }), 0),
          setTimeout(() => {
            if (upload === 'succeed') sendBack({ type: 'UPLOADED', documentId: 20_001 });
          }, 50),
        ];
        return () => timers.forEach(clearTimeout);
      }),
    },
  });
}
const startingAt = (steps: KycStepKind[], documents: DueDiligenceDocument[] = [sourceOfFunds]) => fakeKyc({ load: async () => ({ request: request(steps), info, documents, lists }) });

/** A signed-in session whose start page is this page (KYC or a profile update needed): the done screen stays to be seen. */
const withSession =
  (customer: Record<string, unknown>): Decorator =>
  (Story) => {
    const session = useMemo(() => fakeSignedInSession({ customer: { customerType: 0, ...customer }, access: null }), []);
    return (
      <SessionContext.Provider value={session}>
        <Story />
      </SessionContext.Provider>
    );
  };

const identityStart = <p>The identity provider’s start (the identity verification feature).</p>;

const meta: Meta<typeof KycPage> = {
  title: 'Pages/KYC',
  component: KycPage,
  decorators: [withAppServices, withDictionaries({ countries }), withSession({ isNeedKyc: true }), withRouter],
  parameters: { queryData: statesData },
  args: { logic: fakeKyc(), identityStart, today: TODAY },
};
export default meta;
type Story = StoryObj<typeof KycPage>;

/** The step's heading: its number and name, at level 2. */
const stepHeading = (canvas: ReturnType<typeof within>, number: number, total: number, name: string) => canvas.findByRole('heading', { level: 2, name: `Step ${number} of ${total}: ${name}` }, slow);

const questions = (canvas: ReturnType<typeof within>) => ({
  occupation: canvas.getByRole('combobox', { name: 'Your occupation' }),
  source: canvas.getByRole('combobox', { name: 'Where your money comes from' }),
  purpose: canvas.getByRole('combobox', { name: 'What you will use the account for' }),
  deposits: canvas.getByRole('combobox', { name: 'How much you expect to deposit each month' }),
});

async function answerQuestions(canvas: ReturnType<typeof within>) {
  await stepHeading(canvas, 1, 3, 'A few questions about you');
  const q = questions(canvas);
  await userEvent.selectOptions(q.occupation, 'employee');
  await userEvent.selectOptions(q.source, 'salary');
  await userEvent.selectOptions(q.purpose, 'savings');
  await userEvent.selectOptions(q.deposits, 'upTo1k');
}

/** The page while the request and the customer's data load. */
export const Loading: Story = {
  args: { logic: fakeKyc({ load: never }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The memory router renders its route a moment later.
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Identity verification' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading what we need from you…' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Identity verification · /));
  },
};

/** The load failed: the service's words and a retry, which loads again. */
export const LoadFailed: Story = {
  args: {
    logic: fakeKyc({
      load: async () => {
        throw { text: 'The service is not available right now.' };
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('What we need from you could not be loaded', {}, slow)).toBeInTheDocument();
    await expect(canvas.getByText('The service is not available right now.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /Try again/ }));
    await expect(await canvas.findByText('What we need from you could not be loaded', {}, slow)).toBeInTheDocument();
  },
};

/** Step 1 of 3, nothing answered yet: four choices, Continue, no Back. */
export const QuestionsEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await stepHeading(canvas, 1, 3, 'A few questions about you');
    const q = questions(canvas);
    for (const select of Object.values(q)) await expect(select).toHaveValue('');
    await expect(
      within(q.occupation)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Employee (private sector)', 'Self-employed or freelancer']);
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Back' })).toBeNull();
  },
};

/** Continue with nothing answered: each choice says so, focus goes to the first; nothing is sent. */
export const QuestionsInvalid: Story = {
  play: async ({ canvasElement }) => {
    saves.questions.mockClear();
    const canvas = within(canvasElement);
    await stepHeading(canvas, 1, 3, 'A few questions about you');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(canvas.getAllByText('Choose an answer.')).toHaveLength(4));
    await waitFor(() => expect(questions(canvas).occupation).toHaveFocus());
    await expect(questions(canvas).occupation).toHaveAttribute('aria-invalid', 'true');
    await expect(saves.questions).not.toHaveBeenCalled();
  },
};

/** Answered and sent: step 2 of 3 follows, its heading focused, the personal data prefilled. */
export const QuestionsFilled: Story = {
  play: async ({ canvasElement }) => {
    saves.questions.mockClear();
    const canvas = within(canvasElement);
    await answerQuestions(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    const heading = await stepHeading(canvas, 2, 3, 'Your personal data');
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(saves.questions).toHaveBeenCalledWith({ occupationId: 'employee', sourceOfFundsId: 'salary', purposeOfAccountId: 'savings', estimatedMonthlyDepositId: 'upTo1k' });
    await expect(canvas.getByRole('textbox', { name: 'First name' })).toHaveValue('Ana');
    await expect(canvas.getByRole('textbox', { name: 'Postal code' })).toHaveValue('030031');
  },
};

/** While the answers are sent: the button waits, Continue is not pressed twice. */
export const QuestionsSaving: Story = {
  args: { logic: fakeKyc({ questions: never }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await answerQuestions(canvas);
    const next = canvas.getByRole('button', { name: 'Continue' });
    await userEvent.click(next);
    await waitFor(() => expect(within(next).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument());
    await expect(next).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('heading', { level: 2, name: 'Step 1 of 3: A few questions about you' })).toBeInTheDocument();
  },
};

/** The service refuses an answer: its words on that choice, everything kept. */
export const QuestionsRefused: Story = {
  args: {
    logic: fakeKyc({
      questions: async () => {
        throw { fields: { occupationId: { text: 'Choose one of the occupations' } }, message: { text: 'Choose one of the occupations' } };
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await answerQuestions(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByText('Choose one of the occupations', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(questions(canvas).occupation).toHaveFocus());
    await expect(questions(canvas).source).toHaveValue('salary');
  },
};

/** The personal data with problems: each said on its field (an adult's date of birth, a state of the United States). */
export const PersonalInfoInvalid: Story = {
  args: { logic: startingAt(['personalInfo', 'dueDiligence']) },
  play: async ({ canvasElement }) => {
    saves.personal.mockClear();
    const canvas = within(canvasElement);
    await stepHeading(canvas, 1, 2, 'Your personal data');
    const first = canvas.getByRole('textbox', { name: 'First name' });
    await userEvent.clear(first);
    const birth = canvas.getByLabelText('Date of birth');
    await userEvent.clear(birth);
    await userEvent.type(birth, '2015-03-01');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Country' }), 'US');
    const state = await canvas.findByRole('combobox', { name: 'State or region' }, slow);
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByText('Enter your first name.')).toBeInTheDocument();
    await expect(canvas.getByText('You must be at least 18 years old.')).toBeInTheDocument();
    await expect(canvas.getByText('Choose the state or region.')).toBeInTheDocument();
    await waitFor(() => expect(first).toHaveFocus());
    await expect(state).toHaveAttribute('aria-invalid', 'true');
    await expect(saves.personal).not.toHaveBeenCalled();
  },
};

/** Back from the personal data to the questions and forward again: everything entered is kept. */
export const BackKeepsValues: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await answerQuestions(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await stepHeading(canvas, 2, 3, 'Your personal data');
    const city = canvas.getByRole('textbox', { name: 'City' });
    await userEvent.clear(city);
    await userEvent.type(city, 'Cluj-Napoca');
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    const heading = await stepHeading(canvas, 1, 3, 'A few questions about you');
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(questions(canvas).deposits).toHaveValue('upTo1k');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await stepHeading(canvas, 2, 3, 'Your personal data');
    await expect(canvas.getByRole('textbox', { name: 'City' })).toHaveValue('Cluj-Napoca');
  },
};

/** Due diligence: the document still to give with its file box, one already sent waiting for review. */
export const DueDiligenceEmpty: Story = {
  args: { logic: startingAt(['dueDiligence'], [sourceOfFunds, sourceOfWealth]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await stepHeading(canvas, 1, 1, 'Where your money comes from');
    await expect(canvas.getByLabelText('Proof of the source of funds')).toHaveAttribute('type', 'file');
    await expect(canvas.getByText('Proof of the source of wealth')).toBeInTheDocument();
    await expect(canvas.getByText('Sent, waiting for review')).toBeInTheDocument();
    await expect(canvas.getByText('PDF, JPEG or PNG, up to 10 MB each.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Finish' })).toBeInTheDocument();
  },
};

/** Finish without a file, then a file that is not a PDF, JPEG or PNG: said on the document, focus there. */
export const DueDiligenceInvalid: Story = {
  args: { logic: startingAt(['dueDiligence']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await stepHeading(canvas, 1, 1, 'Where your money comes from');
    const input = canvas.getByLabelText('Proof of the source of funds');
    await userEvent.click(canvas.getByRole('button', { name: 'Finish' }));
    await expect(await canvas.findByText('Choose a file for this document.')).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.upload(input, new File(['notes'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    await expect(await canvas.findByText('This file is not a PDF, JPEG or PNG.')).toBeInTheDocument();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  },
};

/** A file chosen and sent: the progress with Cancel; Cancel keeps the file for another try. */
export const DueDiligenceUploading: Story = {
  args: { logic: startingAt(['dueDiligence']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await stepHeading(canvas, 1, 1, 'Where your money comes from');
    await userEvent.upload(canvas.getByLabelText('Proof of the source of funds'), sampleUpload.pdf('payslip.pdf'));
    await expect(await canvas.findByText('payslip.pdf')).toBeInTheDocument();
    const finish = canvas.getByRole('button', { name: 'Finish' });
    await userEvent.click(finish);
    await expect(await canvas.findByRole('progressbar', { name: 'Sending Proof of the source of funds: 40 %' }, slow)).toBeInTheDocument();
    await waitFor(() => expect(within(finish).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument());
    await expect(finish).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(canvas.queryByRole('progressbar')).toBeNull());
    await expect(canvas.getByText('payslip.pdf')).toBeInTheDocument();
  },
};

/** The identity check: its start from the identity verification feature, and a way to check again. */
export const IdentityStep: Story = {
  args: { logic: startingAt(['identity']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await stepHeading(canvas, 1, 1, 'Verify your identity');
    await expect(canvas.getByText('The identity provider’s start (the identity verification feature).')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'I have finished: check again' }));
    await expect(await canvas.findByRole('progressbar', { name: 'Checking that everything is complete…' }, slow)).toBeInTheDocument();
  },
};

/** The last document sent, the request read again: done; the session is told (here it still says KYC, so the page waits with Continue). */
export const Done: Story = {
  args: {
    logic: fakeKyc({
      load: async () => ({ request: request(['dueDiligence']), info, documents: [sourceOfFunds], lists }),
      upload: 'succeed',
      read: async () => ({ ...request(['dueDiligence'], 'submitted'), steps: [{ kind: 'dueDiligence', done: true }] }),
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await stepHeading(canvas, 1, 1, 'Where your money comes from');
    await userEvent.upload(canvas.getByLabelText('Proof of the source of funds'), sampleUpload.pdf('payslip.pdf'));
    await userEvent.click(canvas.getByRole('button', { name: 'Finish' }));
    const status = await canvas.findByRole('status', {}, slow);
    await expect(within(status).getByText('Thank you. Everything is sent: our compliance team will check it.')).toBeInTheDocument();
    await expect(within(status).getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  },
};

/** No open request: nothing to do here (the session is told; the start page opens once it says so). */
export const NothingToDo: Story = {
  args: { logic: fakeKyc({ load: async () => ({ request: null, info, documents: [], lists }) }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('There is nothing more for you to do here now.', {}, slow)).toBeInTheDocument();
  },
};

// ---- /profile-update ---------------------------------------------------------------------------------

const profileSaves = fn(async (_v: PersonalInfoPayload) => ({}));
function fakeProfile({ load = async () => info, save = profileSaves }: { load?: () => Promise<KycCustomerInfo | null>; save?: (v: PersonalInfoPayload) => Promise<unknown> } = {}) {
  return profileUpdateLogic.provide({
    actors: {
      load: fromPromise<KycCustomerInfo | null>(() => load()),
      save: fromPromise<unknown, PersonalInfoPayload>(({ input }) => save(input)),
    },
  });
}

type ProfileStory = StoryObj<typeof ProfileUpdatePage>;
const profileDecorators = [withSession({ isNeedPersonalInfoUpdate: true })];

/** /profile-update while the personal data load. */
export const ProfileUpdateLoading: ProfileStory = {
  decorators: profileDecorators,
  render: () => <ProfileUpdatePage logic={fakeProfile({ load: never })} today={TODAY} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Update your profile' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading your personal data…' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Update your profile · /));
  },
};

/** The personal data could not be loaded: a retry. */
export const ProfileUpdateLoadFailed: ProfileStory = {
  decorators: profileDecorators,
  render: () => (
    <ProfileUpdatePage
      logic={fakeProfile({
        load: async () => {
          throw new Error('offline');
        },
      })}
      today={TODAY}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your personal data could not be loaded', {}, slow)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: /Try again/ })).toBeInTheDocument();
  },
};

/** The form prefilled; a problem said on its field; saved: the session is told (here it still asks, so the page waits with Continue). */
export const ProfileUpdateFilled: ProfileStory = {
  decorators: profileDecorators,
  render: () => <ProfileUpdatePage logic={fakeProfile()} today={TODAY} />,
  play: async ({ canvasElement }) => {
    profileSaves.mockClear();
    const canvas = within(canvasElement);
    const postal = await canvas.findByRole('textbox', { name: 'Postal code' }, slow);
    await expect(canvas.getByRole('textbox', { name: 'Last name' })).toHaveValue('Demo');
    await userEvent.clear(postal);
    await userEvent.type(postal, '1');
    await userEvent.click(canvas.getByRole('button', { name: 'Save my data' }));
    await expect(await canvas.findByText('A postal code has 2 to 12 characters.')).toBeInTheDocument();
    await waitFor(() => expect(postal).toHaveFocus());
    await expect(profileSaves).not.toHaveBeenCalled();
    await userEvent.type(postal, '00114');
    await userEvent.click(canvas.getByRole('button', { name: 'Save my data' }));
    const status = await canvas.findByRole('status', {}, slow);
    await expect(within(status).getByText('Your personal data are saved.')).toBeInTheDocument();
    await expect(profileSaves).toHaveBeenCalledWith(expect.objectContaining({ lastName: 'Demo', address: expect.objectContaining({ postalCode: '100114' }) }));
  },
};

/** While the personal data are saved: the button waits. */
export const ProfileUpdateSaving: ProfileStory = {
  decorators: profileDecorators,
  render: () => <ProfileUpdatePage logic={fakeProfile({ save: never })} today={TODAY} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const save = await canvas.findByRole('button', { name: 'Save my data' }, slow);
    await userEvent.click(save);
    await waitFor(() => expect(within(save).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument());
    await expect(save).toHaveAttribute('aria-busy', 'true');
  },
};

const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }}>
    <Story />
  </div>
);

/** A phone-wide column (320 px): the personal data with its problems shown; nothing overflows or is cut off. */
export const Narrow: Story = {
  decorators: [narrow],
  args: { logic: startingAt(['personalInfo', 'dueDiligence']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await stepHeading(canvas, 1, 2, 'Your personal data');
    await userEvent.clear(canvas.getByRole('textbox', { name: 'First name' }));
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Street and number' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByText('Enter your first name.')).toBeInTheDocument();
    const section = canvasElement.querySelector('section');
    if (!section) throw new Error('no page');
    await expect(section.scrollWidth).toBeLessThanOrEqual(section.clientWidth);
    await expect(clippedText(section)).toEqual([]);
  },
};
