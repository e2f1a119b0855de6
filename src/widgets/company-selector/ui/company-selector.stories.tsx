import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CompanySelectorView } from './company-selector';

/** The header's company selector (issue 52) in each of its states; the list opens from the button. */
const many = [
  { id: 101, name: 'Demo Trading 1 SRL', username: 'business@brand1.test' },
  { id: 102, name: 'Harbour Freight 1 Ltd', username: 'company-b@brand1.test' },
  { id: 103, name: 'Société Générale des Transports Routiers et Maritimes du Nord', username: 'transports@brand1.test' },
  { id: 104, name: 'Baltic Amber Exports', username: 'amber@brand1.test' },
];

const meta: Meta<typeof CompanySelectorView> = {
  title: 'Widgets/CompanySelector',
  component: CompanySelectorView,
  args: { companyName: 'Demo Trading 1 SRL', choices: many, current: 101, state: 'ready', listError: null, onChoose: fn(), onRetry: fn(), onShow: fn() },
  parameters: { layout: 'padded' },
  decorators: [(Story) => <div style={{ display: 'flex', justifyContent: 'flex-end', minHeight: '30rem' }}><Story /></div>],
};
export default meta;
type Story = StoryObj<typeof CompanySelectorView>;

const open = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.click(canvas.getByRole('button', { name: /Company: Demo Trading 1 SRL\. Choose another|Choose a company/ }));
  return within(canvas.getByRole('group', { name: 'Companies you can act for' }));
};

/** Several companies: the current one first and marked; a search narrows the list; a choice is sent. */
export const Many: Story = {
  play: async ({ canvasElement, args }) => {
    const panel = await open(canvasElement);
    await expect(args.onShow).toHaveBeenCalledTimes(1);
    const buttons = panel.getAllByRole('button');
    await expect(buttons).toHaveLength(4);
    await expect(buttons[0]).toHaveAttribute('aria-current', 'true');
    await userEvent.type(panel.getByLabelText('Search companies'), 'societe');
    await expect(panel.getAllByRole('button')).toHaveLength(1);
    await userEvent.click(panel.getByRole('button', { name: /Société Générale/ }));
    await expect(args.onChoose).toHaveBeenCalledWith(103);
  },
};

/** One company only: listed and marked; choosing it again sends nothing. */
export const One: Story = {
  args: { choices: [many[0]!] },
  play: async ({ canvasElement, args }) => {
    const panel = await open(canvasElement);
    const only = panel.getByRole('button', { name: /Demo Trading 1 SRL/ });
    await expect(only).toHaveAttribute('aria-current', 'true');
    await userEvent.click(only);
    await expect(args.onChoose).not.toHaveBeenCalled();
  },
};

/** Nothing matches what is typed. */
export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const panel = await open(canvasElement);
    await userEvent.type(panel.getByLabelText('Search companies'), 'zzz');
    await expect(panel.getByText('No company matches “zzz”.')).toBeVisible();
  },
};

/** The list is still loading. */
export const Loading: Story = {
  args: { choices: null, state: 'listing' },
  play: async ({ canvasElement }) => {
    const panel = await open(canvasElement);
    await expect(panel.getByRole('status')).toHaveTextContent('Loading your companies…');
  },
};

/** The list failed: said, with Try again. */
export const Failed: Story = {
  args: { choices: null, state: 'listFailed', listError: { text: 'Server is not available' } },
  play: async ({ canvasElement, args }) => {
    const panel = await open(canvasElement);
    await expect(panel.getByRole('alert')).toHaveTextContent('Server is not available');
    await userEvent.click(panel.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** A switch under way: the button is busy and the choices wait. */
export const Switching: Story = {
  args: { state: 'switching' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: /Company: Demo Trading 1 SRL/ })).toHaveAttribute('aria-busy', 'true');
    const panel = await open(canvasElement);
    await expect(panel.getByRole('status')).toHaveTextContent('Switching company…');
    for (const button of panel.getAllByRole('button')) await expect(button).toBeDisabled();
  },
};

/** Before any company is named (an admin's own session): the button says what it is for. */
export const NoCompanyYet: Story = {
  args: { companyName: null, current: null },
  play: async ({ canvasElement }) => {
    const panel = await open(canvasElement);
    await expect(panel.queryByRole('button', { current: true })).toBeNull();
  },
};
