import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { configureApi } from '@/shared/api';
import { removeStored, storageKeys } from '@/shared/config';
import { withAppServices, withDictionaries, withShownNotifications } from '../../../../.storybook/decorators';
import { blankBusiness, companyFileFetch, companyFileService, demoBusiness, demoCurrencies } from '../../../../.storybook/company-file-fixtures';
import { downFetch, pendingFetch, withFetch } from '../../../../.storybook/fake-fetch';
import { clippedText } from '../../../../.storybook/layout-checks';
import { FinancialDetailsForm } from './financial-details-form';

/**
 * The company's financial details (issue 53, /company/financial-details) on the real form
 * statechart and the app's calls, answered by a fake company service (no network): the reference
 * lists read (not kept between stories), the details shown, checked before sending, refused by the
 * service, saved once and started again from what was kept; read-only for a user without full access.
 */
const meta: Meta<typeof FinancialDetailsForm> = {
  title: 'Features/Company financial details/Financial details form',
  component: FinancialDetailsForm,
  decorators: [withShownNotifications, withAppServices, withDictionaries({ currencies: demoCurrencies })],
  parameters: { layout: 'padded' },
  args: { business: demoBusiness, canChange: true },
  beforeEach: () => {
    // The reference lists are kept in the tab per language: each story reads them itself.
    removeStored(storageKeys.referenceLists);
    companyFileService.reset();
    return withFetch(companyFileFetch)();
  },
};
export default meta;
type Story = StoryObj<typeof FinancialDetailsForm>;

/** The form once its lists are here, with its fields. */
const form = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const save = await canvas.findByRole('button', { name: 'Save' });
  return {
    canvas,
    save,
    deposit: canvas.getByRole('combobox', { name: 'Estimated monthly deposits' }),
    industry: canvas.getByRole('combobox', { name: 'Industry' }),
    check: (name: string) => canvas.getByRole('checkbox', { name }),
  };
};

/** The lists still being read: the section's title and progress, no form yet. */
export const Loading: Story = {
  beforeEach: withFetch(pendingFetch),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Money and currencies' })).toBeInTheDocument();
    await expect(await canvas.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Save' })).toBeNull();
  },
};

/** The service is down: what happened and "Try again", which reads the lists again (the service back: the form). */
export const Error: Story = {
  beforeEach: withFetch(downFetch),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The financial details could not be loaded');
    await expect(alert).toHaveTextContent('Server is not available');
    await expect(canvas.queryByRole('button', { name: 'Save' })).toBeNull();
    configureApi({ fetch: companyFileFetch });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('button', { name: 'Save' })).toBeInTheDocument();
  },
};

/** The company's details as the form's first values: each list's choices ticked, the choices chosen, the industries in their groups. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, deposit, industry, check } = await form(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Sources of funds' })).toBeInTheDocument();
    await expect(check('Revenue from sales and services')).toBeChecked();
    await expect(check('Share capital')).toBeChecked();
    await expect(check('Loans from shareholders')).not.toBeChecked();
    await expect(check('Receiving payments from customers')).toBeChecked();
    await expect(check('Paying employees and contractors')).toBeChecked();
    await expect(check('Paying suppliers')).not.toBeChecked();
    await expect(deposit).toHaveValue('from5kTo25k');
    await expect(check('EUR · Euro')).toBeChecked();
    await expect(check('USD · US dollar')).toBeChecked();
    await expect(check('GBP · British pound')).not.toBeChecked();
    await expect(industry).toHaveValue('softwareIt');
    await expect(industry.querySelector('optgroup[label="Mainstream company"]')).not.toBeNull();
    await expect(deposit).toBeRequired();
  },
};

/** A user without full access: the same details in words, and who may change them; nothing to change. */
export const ReadOnly: Story = {
  args: { canChange: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Only users with full access can change the financial details.')).toBeInTheDocument();
    const terms = canvas.getAllByRole('term').map((term) => term.textContent);
    await expect(terms).toEqual(['Sources of funds', 'Purpose of the account', 'Estimated monthly deposits', 'Currencies the company will hold', 'Industry']);
    await expect(canvas.getByText('Revenue from sales and services')).toBeInTheDocument();
    await expect(canvas.getByText('5,000 – 25,000 USD')).toBeInTheDocument();
    await expect(canvas.getByText('EUR · Euro')).toBeInTheDocument();
    await expect(canvas.getByText('Software and IT services')).toBeInTheDocument();
    await expect(canvas.queryByRole('checkbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Save' })).toBeNull();
  },
};

/** Nothing given yet and Save pressed: each field says what it needs, the first source of funds takes focus, nothing is sent. */
export const RefusedByTheRule: Story = {
  args: { business: blankBusiness },
  play: async ({ canvasElement }) => {
    const { canvas, save, deposit, industry, check } = await form(canvasElement);
    await userEvent.click(save);
    await expect(await canvas.findByText('Choose at least one source of funds.')).toBeInTheDocument();
    await expect(canvas.getByText('Choose at least one purpose of the account.')).toBeInTheDocument();
    await expect(canvas.getByText('Choose at least one currency.')).toBeInTheDocument();
    await expect(deposit).toHaveAccessibleDescription('Choose the estimated monthly deposits.');
    await expect(industry).toHaveAccessibleDescription("Choose the company's industry.");
    await expect(canvas.getByRole('group', { name: 'Sources of funds' })).toHaveAccessibleDescription('Choose at least one source of funds.');
    await waitFor(() => expect(check('Revenue from sales and services')).toHaveFocus());
    await userEvent.click(check('Share capital'));
    await expect(canvas.queryByText('Choose at least one source of funds.')).toBeNull();
    await expect(companyFileService.financialUpdates).toEqual([]);
  },
};

/**
 * The service refuses the industry: its words at the field (focus there) and in the form's alert,
 * what was chosen kept. Sent again unchanged it is the same attempt (the same requestId) and kept.
 */
export const RefusedByTheService: Story = {
  beforeEach: () => {
    companyFileService.refuse = { param: 'industry', description: 'This industry is not accepted for a business account' };
  },
  play: async ({ canvasElement }) => {
    const { canvas, save, deposit, industry } = await form(canvasElement);
    await userEvent.selectOptions(deposit, 'over100k');
    await userEvent.click(save);
    await waitFor(() => expect(industry).toHaveAccessibleDescription('This industry is not accepted for a business account'));
    await expect(industry).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('alert')).toHaveTextContent('This industry is not accepted for a business account');
    await waitFor(() => expect(industry).toHaveFocus());
    await expect(deposit).toHaveValue('over100k');
    await userEvent.click(save);
    await expect(await canvas.findByText('Financial details saved')).toBeInTheDocument();
    const [first, second] = companyFileService.financialUpdates;
    await expect(second?.requestId).toBe(first?.requestId);
  },
};

/**
 * Changed and saved: sent once with the lists as lists, announced, and a new form starts from what
 * was kept (its Save takes the focus); saving again is a new attempt.
 */
export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, save, deposit, check } = await form(canvasElement);
    await userEvent.click(check('Share capital'));
    await userEvent.click(check('Investor funding'));
    await userEvent.selectOptions(deposit, 'over100k');
    await userEvent.click(check('GBP · British pound'));
    await userEvent.click(save);
    await expect(await canvas.findByText('Financial details saved')).toBeInTheDocument();
    await expect(companyFileService.financialUpdates).toHaveLength(1);
    await expect(companyFileService.financialUpdates[0]).toMatchObject({
      sourcesOfFunds: ['revenue', 'investorFunding'],
      purposesOfAccount: ['customerPayments', 'payroll'],
      estimatedMonthlyDeposit: 'over100k',
      currencies: ['EUR', 'USD', 'GBP'],
      industry: 'softwareIt',
      requestId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/),
    });
    const again = await form(canvasElement);
    await waitFor(() => expect(again.save).toHaveFocus());
    await expect(again.save).not.toHaveAttribute('aria-busy');
    await expect(again.check('Investor funding')).toBeChecked();
    await expect(again.check('Share capital')).not.toBeChecked();
    await expect(again.deposit).toHaveValue('over100k');
    await userEvent.click(again.save);
    await waitFor(() => expect(companyFileService.financialUpdates).toHaveLength(2));
    await expect(companyFileService.financialUpdates[1]?.requestId).not.toBe(companyFileService.financialUpdates[0]?.requestId);
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
    await expect(companyFileService.financialUpdates).toHaveLength(1);
  },
};

/** A phone-wide column (320 px). */
const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }} data-testid="column">
    <Story />
  </div>
);

/** On a 320 px column with every error shown: nothing is cut off or overflows. */
export const Narrow: Story = {
  args: { business: blankBusiness },
  decorators: [narrow],
  play: async ({ canvasElement }) => {
    const column = within(canvasElement).getByTestId('column');
    await userEvent.click(await within(column).findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(column.querySelector('[aria-invalid="true"]')).not.toBeNull());
    await expect(clippedText(column)).toEqual([]);
    await expect(column.scrollWidth).toBeLessThanOrEqual(column.clientWidth);
  },
};
