import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { contractPage, contractRead, demoContracts, sampleContract } from '../../../../.storybook/contract-fixtures';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { narrowIn } from '../../../../.storybook/narrow';
import { RevenueSplitView } from './revenue-split-page';

/**
 * /revenue-split (issue 58) with its read injected (`args.list`: loading, failed, empty, filtered,
 * the seventeen contracts of every status and direction, more than a page): the tabs with the
 * service's counts, the names' filter and the order put into the address (`onSearch`), rows that
 * open a contract.
 */
const meta: Meta<typeof RevenueSplitView> = {
  title: 'Pages/Revenue split/List',
  component: RevenueSplitView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'padded' },
  args: { search: {}, onSearch: fn(), list: contractRead([contractPage(demoContracts)]) },
};
export default meta;
type Story = StoryObj<typeof RevenueSplitView>;

const heading = (canvasElement: HTMLElement) => within(canvasElement).findByRole('heading', { level: 1, name: 'Revenue split contracts' });

export const Loading: Story = {
  args: { list: { ...contractRead([]), ...fakeQuery({ isPending: true }), data: undefined } },
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('list', { name: 'Contracts' })).toBeNull();
  },
};

export const Failed: Story = {
  args: { list: { ...contractRead([]), ...fakeQuery({ isError: true, error: new Error('down'), refetch: fn() }), data: undefined } },
  play: async ({ canvasElement, args }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Your contracts could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.list.refetch).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { list: contractRead([contractPage([], [])]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No contracts yet')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'All 0' })).toHaveAttribute('aria-current', 'page');
  },
};

/** A company's name that matches nothing: said so; Clear filters empties the names, the tab and order kept. */
export const EmptyFiltered: Story = {
  args: { search: { tab: 'active', companyName: 'Zeta', orderBy: 'COMPANY_NAME', orderDir: 'ASC' }, list: contractRead([contractPage([])]) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No contract matches these filters')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Active 5' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByLabelText('Company')).toHaveValue('Zeta');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(args.onSearch).toHaveBeenLastCalledWith({ tab: 'active', orderBy: 'COMPANY_NAME', orderDir: 'ASC' }));
  },
};

/** Every contract: the counts on the tabs, each row with its company, the other party, the share and the status; a row links to its page. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Contracts' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThanOrEqual(5));
    await expect(canvas.getByText('17 contracts')).toBeInTheDocument();
    for (const name of ['All 17', 'To sign 4', 'Not started 3', 'Active 5', 'Ended 5', 'I pay 11', 'I receive 6']) await expect(canvas.getByRole('link', { name })).toBeInTheDocument();
    const first = within(list).getAllByRole('link')[0]!;
    await expect(first).toHaveAttribute('href', '/revenue-split/101');
    await expect(first).toHaveTextContent('Blue Harbor Studios');
    await expect(first).toHaveTextContent('With Mia Rossi');
    await expect(first).toHaveTextContent('You pay 12.5%');
    await expect(first).toHaveTextContent('Not signed');
    await expect(first).toHaveTextContent('Contract No. 101');
  },
};

/** The pay tab keeps the contracts Sunrise pays in (the service's statuses hold them all; the direction is the page's). */
export const PayTab: Story = {
  args: { search: { tab: 'pay' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Contracts' });
    await expect(canvas.getByText('11 contracts')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('link').length).toBeGreaterThan(0));
    for (const row of within(list).getAllByRole('link')) await expect(row).toHaveTextContent(/You pay/);
  },
};

/** Filtering by names and choosing an order put them into the address (the tab kept); a name over 255 characters is refused. */
export const FilterAndOrder: Story = {
  args: { search: { tab: 'requests' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Other party'), 'mia');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(args.onSearch).toHaveBeenLastCalledWith({ tab: 'requests', counterpartyName: 'mia' }));
    await userEvent.selectOptions(canvas.getByLabelText('Order'), 'Waiting for my signature first');
    await expect(args.onSearch).toHaveBeenLastCalledWith({ tab: 'requests', orderBy: 'INCOMING_FIRST' });
    const company = canvas.getByLabelText('Company');
    await userEvent.click(company);
    await userEvent.paste('a'.repeat(256));
    await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }));
    await expect(await canvas.findByText('Use at most 255 characters.')).toBeInTheDocument();
    await expect(args.onSearch).toHaveBeenCalledTimes(2);
  },
};

/** More than a page: the next 1000 are asked for as the end of the list comes near, and their progress shown. */
export const MorePages: Story = {
  args: {
    list: contractRead([contractPage(demoContracts.slice(0, 6), demoContracts, 1, 1006)], { hasNextPage: true, fetchNextPage: fn() }),
  },
  play: async ({ canvasElement, args }) => {
    await within(canvasElement).findByRole('list', { name: 'Contracts' });
    await expect(within(canvasElement).getByText('1,006 contracts')).toBeInTheDocument();
    await waitFor(() => expect(args.list.fetchNextPage).toHaveBeenCalled());
  },
};

export const LoadingMore: Story = {
  args: { list: contractRead([contractPage(demoContracts.slice(0, 3), demoContracts, 1, 1003)], { hasNextPage: true, isFetchingNextPage: true }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Loading more contracts' })).toBeInTheDocument();
  },
};

/** Long names on a 320 px column in Russian: nothing cut off, nothing scrolling sideways. */
export const NarrowRussian: Story = {
  args: {
    list: contractRead([
      contractPage([
        sampleContract(201, 'NEED_IDENTIFICATION', { company: { id: 9, title: 'Производственная студия «Северное сияние и партнёры»', logo: null }, percentage: '33.33' }),
        ...demoContracts.slice(0, 3),
      ]),
    ]),
  },
  ...narrowIn('ru', async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Договоры' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    await expect(clippedText(canvasElement)).toEqual([]);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  }),
};

export const NarrowPortuguese: Story = narrowIn('pt', async ({ canvasElement }) => {
  const list = await within(canvasElement).findByRole('list', { name: 'Contratos' });
  await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(3));
  await expect(clippedText(canvasElement)).toEqual([]);
  await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
});

/** Full merchant access: a new contract is made from here (issue 59). */
export const WithNewContract: Story = {
  args: { canCreate: true },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'New contract' })).toHaveAttribute('href', '/revenue-split/new');
  },
};
