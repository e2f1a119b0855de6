import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Account } from '@/entities/account';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoAccounts, demoCardAccounts, fakeQuery } from '../../../../.storybook/fixtures';
import { CardsListPageView } from './cards-list-page';

const query = (over: Parameters<typeof fakeQuery<Account[]>>[0] = {}) => fakeQuery<Account[]>(over);

/** /cards/physical and /cards/virtual with the account query injected: loading, error, empty and filled. */
const meta: Meta<typeof CardsListPageView> = {
  title: 'Pages/Cards/List',
  component: CardsListPageView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'fullscreen' },
  args: { kind: 'physical' },
};
export default meta;
type Story = StoryObj<typeof CardsListPageView>;

export const Loading: Story = {
  args: { query: query({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Physical cards' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Apply for a card' })).toBeNull();
  },
};

export const Error: Story = {
  args: { query: query({ isError: true, error: new globalThis.Error('Network down'), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Your cards could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.query.refetch).toHaveBeenCalledTimes(1);
  },
};

/** No cards at all: the empty physical list offers to apply for one (no kind links). */
export const Empty: Story = {
  args: { query: query({ data: demoAccounts.filter((a) => a.accountId < 2000) }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No cards here')).toBeInTheDocument();
    await expect(canvas.getByText('You have no physical cards.')).toBeInTheDocument();
    await expect(canvas.queryByRole('navigation', { name: 'Card kinds' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Apply for a card' })).toHaveAttribute('href', '/cards/apply');
    await expect(canvas.getByRole('link', { name: 'Your cards at other banks' })).toHaveAttribute('href', '/add-card');
  },
};

/** Physical and virtual cards: the kinds are one link apart; each tile opens its card (debit and cancelled cards are not listed). */
export const FilledPhysical: Story = {
  args: { query: query({ data: demoCardAccounts }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const kinds = await canvas.findByRole('navigation', { name: 'Card kinds' });
    await expect(within(kinds).getByRole('link', { name: 'Physical (3)' })).toHaveAttribute('href', '/cards/physical');
    await expect(within(kinds).getByRole('link', { name: 'Virtual (2)' })).toHaveAttribute('href', '/cards/virtual');
    const tiles = canvas.getAllByRole('link').filter((a) => /^\/cards\/\d+$/.test(a.getAttribute('href') ?? ''));
    await expect(tiles.map((a) => a.getAttribute('href'))).toEqual(['/cards/2001', '/cards/2003', '/cards/2004']);
    await expect(canvas.getByRole('link', { name: /Travel card/ })).toHaveTextContent('$310.00');
    await expect(canvas.getByRole('link', { name: /Spare card/ })).toHaveTextContent('Physical · Shipped');
    await expect(canvas.getByRole('link', { name: /London card/ })).toHaveTextContent('Physical · Expired · expires 01/25');
    await expect(canvas.queryByRole('link', { name: /Debit card/ })).toBeNull();
    await expect(canvas.queryByRole('link', { name: /Old card/ })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Apply for a card' })).toBeInTheDocument();
  },
};

export const FilledVirtual: Story = {
  args: { kind: 'virtual', query: query({ data: demoCardAccounts }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Virtual cards' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: /Virtual card/ })).toHaveAttribute('href', '/cards/2002');
    await expect(canvas.getByRole('link', { name: /Online shopping/ })).toHaveAttribute('href', '/cards/2005');
    await expect(canvas.queryByRole('link', { name: /Travel card/ })).toBeNull();
  },
};
