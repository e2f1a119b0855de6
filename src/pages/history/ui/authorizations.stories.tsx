import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Authorization } from '@/entities/history';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoAuthorizations, fakeQuery } from '../../../../.storybook/fixtures';
import { AuthorizationsView } from './authorizations';

type Data = { total: number; authorizations: Authorization[] };
const query = (over: Parameters<typeof fakeQuery<Data>>[0] = {}) => fakeQuery<Data>(over);

/** The page number a pager link goes to (Storybook's router JSON-quotes search values, the app's does not). */
const pageOf = (link: HTMLElement) => {
  const value = new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('page');
  return value === null ? null : value.replace(/^"(.*)"$/, '$1');
};

/** A settlement account's card authorisations, 10 a page, with the query injected. */
const meta: Meta<typeof AuthorizationsView> = {
  title: 'Pages/History/Authorizations',
  component: AuthorizationsView,
  decorators: [withAppServices, withRouter],
  args: { accountId: 1001, page: 1 },
};
export default meta;
type Story = StoryObj<typeof AuthorizationsView>;

export const Loading: Story = {
  args: { query: query({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('region', { name: 'Card authorisations' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  },
};

export const Error: Story = {
  args: { query: query({ isError: true, error: new globalThis.Error('Network down'), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The card authorisations could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.query.refetch).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { query: query({ data: { total: 0, authorizations: [] } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No card authorisations')).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  },
};

/** Page 1 of 4 (35 in all): ten rows, an "Older" link to page 2, no "Newer". */
export const Filled: Story = {
  args: { query: query({ data: { total: 35, authorizations: demoAuthorizations(10) } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Corner Market-$12.00');
    await expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Pending');
    // Without a merchant, it is a card payment.
    await expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('Card payment');
    const pager = canvas.getByRole('navigation', { name: 'Pages' });
    await expect(pager).toHaveTextContent('Page 1 of 4');
    const older = within(pager).getByRole('link', { name: 'Older' });
    await expect(pageOf(older)).toBe('2');
    await expect(decodeURIComponent(older.getAttribute('href') ?? '')).toMatch(/^\/history\?/);
    await expect(within(pager).queryByRole('link', { name: 'Newer' })).toBeNull();
  },
};

/** A middle page: both links; Newer from page 2 goes to page 1 (no page in the address). */
export const MiddlePage: Story = {
  args: { page: 2, query: query({ data: { total: 35, authorizations: demoAuthorizations(10) } }) },
  play: async ({ canvasElement }) => {
    const pager = await within(canvasElement).findByRole('navigation', { name: 'Pages' });
    await expect(pager).toHaveTextContent('Page 2 of 4');
    await expect(pageOf(within(pager).getByRole('link', { name: 'Newer' }))).toBeNull();
    await expect(pageOf(within(pager).getByRole('link', { name: 'Older' }))).toBe('3');
  },
};
