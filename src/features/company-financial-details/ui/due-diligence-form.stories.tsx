import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { configureApi } from '@/shared/api';
import { removeStored, storageKeys } from '@/shared/config';
import { withAppServices, withShownNotifications } from '../../../../.storybook/decorators';
import { blankBusiness, companyFileFetch, companyFileService, demoBusiness } from '../../../../.storybook/company-file-fixtures';
import { downFetch, pendingFetch, withFetch } from '../../../../.storybook/fake-fetch';
import { clippedText } from '../../../../.storybook/layout-checks';
import { DueDiligenceForm } from './due-diligence-form';

/**
 * The company's due-diligence answers (issue 53, /company/financial-details) on the real form
 * statechart and the app's calls, answered by a fake company service (no network): the business
 * additional questions read and adjusted as the registration wizard adjusts them (a yes/no radio
 * with its follow-up, who controls the account), checked before sending, refused by the service,
 * saved once (a hidden follow-up's answer left out) and started again; read-only without full access.
 */
const meta: Meta<typeof DueDiligenceForm> = {
  title: 'Features/Company financial details/Due diligence form',
  component: DueDiligenceForm,
  decorators: [withShownNotifications, withAppServices],
  parameters: { layout: 'padded' },
  args: { business: demoBusiness, canChange: true },
  beforeEach: () => {
    removeStored(storageKeys.referenceLists);
    companyFileService.reset();
    return withFetch(companyFileFetch)();
  },
};
export default meta;
type Story = StoryObj<typeof DueDiligenceForm>;

const ANOTHER_ACCOUNT = 'Does the company hold an account with another bank or payment institution?';
const WHICH_ACCOUNT = 'Which bank or payment institution, and which account?';
const CONTROL = 'Who will control this account?';
const COUNTRIES = 'In which countries are most of your customers?';
const PAYMENTS = 'How many payments does the company expect to make each month?';

const form = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const save = await canvas.findByRole('button', { name: 'Save' });
  return {
    canvas,
    save,
    anotherAccount: within(canvas.getByRole('radiogroup', { name: ANOTHER_ACCOUNT })),
    control: within(canvas.getByRole('radiogroup', { name: CONTROL })),
    countries: canvas.getByRole('textbox', { name: COUNTRIES }),
    payments: canvas.getByRole('combobox', { name: PAYMENTS }),
  };
};

/** The questions still being read: the section's title and progress, no form yet. */
export const Loading: Story = {
  beforeEach: withFetch(pendingFetch),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Due diligence questions' })).toBeInTheDocument();
    await expect(await canvas.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Save' })).toBeNull();
  },
};

/** The service is down: what happened and "Try again" (the service back: the form). */
export const Error: Story = {
  beforeEach: withFetch(downFetch),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The questions could not be loaded');
    await expect(alert).toHaveTextContent('Server is not available');
    configureApi({ fetch: companyFileFetch });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('button', { name: 'Save' })).toBeInTheDocument();
  },
};

/** The company's answers as the form's first values; "Yes" shows its follow-up with the answer given. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, anotherAccount, control, countries, payments } = await form(canvasElement);
    await expect(anotherAccount.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: WHICH_ACCOUNT })).toHaveValue('Sparkasse Berlin, business current account');
    await expect(control.getByRole('radio', { name: 'Me' })).toBeChecked();
    await expect(canvas.queryByRole('group', { name: 'The person who controls the account: full name and date of birth' })).toBeNull();
    await expect(countries).toHaveValue('Germany, Austria');
    await expect(payments).toHaveValue('from11To50');
  },
};

/** A user without full access: each question shown with its answer in words, and who may change them. */
export const ReadOnly: Story = {
  args: { canChange: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Only users with full access can change the due diligence answers.')).toBeInTheDocument();
    const terms = canvas.getAllByRole('term').map((term) => term.textContent);
    await expect(terms).toEqual([ANOTHER_ACCOUNT, WHICH_ACCOUNT, CONTROL, COUNTRIES, PAYMENTS]);
    const answers = canvas.getAllByRole('definition').map((answer) => answer.textContent);
    await expect(answers).toEqual(['Yes', 'Sparkasse Berlin, business current account', 'Me', 'Germany, Austria', '11 – 50']);
    await expect(canvas.queryByRole('button', { name: 'Save' })).toBeNull();
    await expect(canvas.queryByRole('radio')).toBeNull();
  },
};

/**
 * Nothing answered and Save pressed: every question shown asks for its answer (the first radio
 * takes focus), nothing is sent; "Yes" and "Someone else" bring their follow-ups, asked for too.
 */
export const RefusedByTheRule: Story = {
  args: { business: blankBusiness },
  play: async ({ canvasElement }) => {
    const { canvas, save, anotherAccount, control, countries } = await form(canvasElement);
    await expect(canvas.queryByRole('textbox', { name: WHICH_ACCOUNT })).toBeNull();
    await userEvent.click(save);
    await waitFor(() => expect(canvas.getAllByText('Answer this question.')).toHaveLength(4));
    await expect(countries).toHaveAccessibleDescription('Answer this question.');
    await waitFor(() => expect(anotherAccount.getByRole('radio', { name: 'Yes' })).toHaveFocus());
    await userEvent.click(anotherAccount.getByRole('radio', { name: 'Yes' }));
    await userEvent.click(control.getByRole('radio', { name: 'Someone else' }));
    const person = within(canvas.getByRole('group', { name: 'The person who controls the account: full name and date of birth' }));
    await expect(person.getByRole('textbox', { name: 'Full name' })).toBeInTheDocument();
    await userEvent.click(save);
    await waitFor(() => expect(canvas.getByRole('textbox', { name: WHICH_ACCOUNT })).toHaveAccessibleDescription('Answer this question.'));
    await expect(person.getByRole('textbox', { name: 'Full name' })).toHaveAccessibleDescription('Answer this question.');
    await expect(companyFileService.dueDiligenceUpdates).toEqual([]);
  },
};

/**
 * The service refuses one answer (named `answers.<id>`): its words at that question (focus there)
 * and in the form's alert, every answer kept; sent again unchanged it is the same attempt.
 */
export const RefusedByTheService: Story = {
  beforeEach: () => {
    companyFileService.refuse = { param: 'answers.mainCustomerCountries', description: 'Name the countries, not a region' };
  },
  play: async ({ canvasElement }) => {
    const { canvas, save, countries } = await form(canvasElement);
    await userEvent.clear(countries);
    await userEvent.type(countries, 'Europe');
    await userEvent.click(save);
    await waitFor(() => expect(countries).toHaveAccessibleDescription('Name the countries, not a region'));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Name the countries, not a region');
    await waitFor(() => expect(countries).toHaveFocus());
    await expect(countries).toHaveValue('Europe');
    await userEvent.click(save);
    await expect(await canvas.findByText('Due diligence answers saved')).toBeInTheDocument();
    const [first, second] = companyFileService.dueDiligenceUpdates;
    await expect(second?.requestId).toBe(first?.requestId);
  },
};

/**
 * "No" instead of "Yes": the follow-up goes, and its answer is not sent; announced, and a new form
 * starts from what was kept.
 */
export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, save, anotherAccount, payments } = await form(canvasElement);
    await userEvent.click(anotherAccount.getByRole('radio', { name: 'No' }));
    await expect(canvas.queryByRole('textbox', { name: WHICH_ACCOUNT })).toBeNull();
    await userEvent.selectOptions(payments, 'over50');
    await userEvent.click(save);
    await expect(await canvas.findByText('Due diligence answers saved')).toBeInTheDocument();
    await expect(companyFileService.dueDiligenceUpdates).toHaveLength(1);
    await expect(companyFileService.dueDiligenceUpdates[0]).toMatchObject({
      answers: { businessAnotherAccount: 'false', controlAccount: '1', mainCustomerCountries: 'Germany, Austria', monthlyTransactions: 'over50' },
      requestId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/),
    });
    await expect(companyFileService.dueDiligenceUpdates[0]?.answers).not.toHaveProperty('businessAnotherAccountDetails');
    const again = await form(canvasElement);
    await waitFor(() => expect(again.save).toHaveFocus());
    await expect(again.anotherAccount.getByRole('radio', { name: 'No' })).toBeChecked();
    await expect(again.payments).toHaveValue('over50');
  },
};

/** While it is sent: Save shows progress and a second press sends nothing more. */
export const Sending: Story = {
  beforeEach: () => {
    companyFileService.hold = true;
  },
  play: async ({ canvasElement }) => {
    const { save } = await form(canvasElement);
    await userEvent.click(save);
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(save);
    await expect(companyFileService.dueDiligenceUpdates).toHaveLength(1);
  },
};

/** A phone-wide column (320 px). */
const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }} data-testid="column">
    <Story />
  </div>
);

/** On a 320 px column with every follow-up shown and every error: nothing is cut off or overflows. */
export const Narrow: Story = {
  args: { business: blankBusiness },
  decorators: [narrow],
  play: async ({ canvasElement }) => {
    const column = within(canvasElement).getByTestId('column');
    const { save, anotherAccount, control } = await form(column);
    await userEvent.click(anotherAccount.getByRole('radio', { name: 'Yes' }));
    await userEvent.click(control.getByRole('radio', { name: 'Someone else' }));
    await userEvent.click(save);
    await waitFor(() => expect(column.querySelector('[aria-invalid="true"]')).not.toBeNull());
    await expect(clippedText(column)).toEqual([]);
    await expect(column.scrollWidth).toBeLessThanOrEqual(column.clientWidth);
  },
};
