import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { useState, type ReactNode } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { AccessibleCustomer } from '@/entities/admin';
import { ActingCustomerContext } from '@/entities/session';
import { NotificationCenter } from '@/widgets/notification-center';
import { withAppServices, withDictionaries, withRouter } from '../../../../.storybook/decorators';
import { demoCountries } from '../../../../.storybook/company-file-fixtures';
import { anaPop, representativesService, type RepresentativesService } from '../../../../.storybook/company-people-fixtures';
import { actingChosen, adminService, adminServiceFetch, demoActingChoices, demoAdminCustomers, fakeActingActor, type FakeSwitch } from '../../../../.storybook/admin-fixtures';
import { downFetch, pendingFetch, withFetch } from '../../../../.storybook/fake-fetch';
import { clippedText } from '../../../../.storybook/layout-checks';
import { AdminOverview } from './admin-overview-page';

/**
 * The acting-customer statechart with fake calls, made inside the story's render (an actor is no
 * arg): acting for `parameters.actingFor` (null: the admin's own), its switch answered as
 * `parameters.switching` says; `parameters.noActing` renders the page without one.
 */
function WithActing({ actingFor, switching, children }: { actingFor: number | null; switching: FakeSwitch; children: ReactNode }) {
  const [acting] = useState(() => fakeActingActor({ current: actingFor, choices: demoActingChoices, switching }));
  return <ActingCustomerContext.Provider value={acting}>{children}</ActingCustomerContext.Provider>;
}

/** `count` administered customers, by name. */
const many = (count: number): AccessibleCustomer[] =>
  Array.from({ length: count }, (_, i) => ({ id: 100 + i, name: `Demo customer ${String(i + 1).padStart(2, '0')}`, username: `demo${i + 1}@brand1.test`, customerType: i % 3 === 0 ? 0 : 2 }));

/**
 * /admin-overview for an address: the administered customers read through the app's call from a
 * fake company service (no network), the acting-customer statechart with fake calls, and the acted-for
 * customer's documents (the admin-documents feature on the same fake service).
 */
const meta: Meta<typeof AdminOverview> = {
  title: 'Pages/Admin overview',
  component: AdminOverview,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'padded', actingFor: 10, switching: 'ok' },
  args: { search: {}, onSearch: fn() },
  render: (args, { parameters }) => {
    const page = (
      <>
        <AdminOverview {...args} />
        <NotificationCenter />
      </>
    );
    if (parameters.noActing) return page;
    return (
      <WithActing actingFor={(parameters.actingFor as number | null | undefined) ?? null} switching={(parameters.switching as FakeSwitch | undefined) ?? 'ok'}>
        {page}
      </WithActing>
    );
  },
  beforeEach: () => {
    adminService.reset();
    actingChosen.mockReset();
    return withFetch(adminServiceFetch)();
  },
};
export default meta;
type Story = StoryObj<typeof AdminOverview>;

const customers = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('list', { name: 'Customers you administer' }));
const rowOf = (list: ReturnType<typeof within>, name: string) => list.getByText(name).closest('li')!;

/** The first read still running: the heading and the search at once, the list's progress below. */
export const Loading: Story = {
  parameters: { actingFor: null },
  beforeEach: withFetch(pendingFetch),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Admin overview' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.getByRole('search', { name: 'Search customers' })).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** An admin with nobody to administer: said so; no list, no pager, no documents. */
export const Empty: Story = {
  parameters: { actingFor: null },
  beforeEach: () => void adminService.reset({ customers: [] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You do not administer any customers yet')).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    await expect(canvas.queryByRole('heading', { name: /^Documents of/ })).toBeNull();
  },
};

/** The list could not be read: what happened and "Try again". */
export const Error: Story = {
  parameters: { actingFor: null },
  beforeEach: withFetch(downFetch),
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('The customers could not be loaded');
    await expect(alert).toHaveTextContent('Server is not available');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/**
 * Five customers of every kind, Acme S.L. acted for: its row marked (aria-current, "Acting for"),
 * every other with "Act for <name>"; Acme's documents above the list. No money: nothing to pay or
 * transfer anywhere on the page.
 */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await customers(canvasElement);
    await expect(list.getAllByRole('listitem')).toHaveLength(5);
    await expect(canvas.getByText('5 customers')).toHaveAttribute('aria-live', 'polite');
    const acme = rowOf(list, 'Acme S.L.');
    await expect(acme).toHaveAttribute('aria-current', 'true');
    await expect(acme).toHaveTextContent('business@brand1.test');
    await expect(acme).toHaveTextContent('Business');
    await expect(within(acme).getByText('Acting for')).toBeInTheDocument();
    await expect(within(acme).queryByRole('button')).toBeNull();
    const ana = rowOf(list, 'Ana Ruiz');
    await expect(ana).not.toHaveAttribute('aria-current');
    await expect(ana).toHaveTextContent('Personal');
    await expect(rowOf(list, 'Harbour Freight Ltd')).toHaveTextContent('Business');
    await expect(list.getByRole('button', { name: 'Act for Ana Ruiz' })).toBeEnabled();
    await expect(canvas.getByRole('status')).toHaveTextContent('Acting for: Acme S.L.');
    const documents = await canvas.findByRole('list', { name: 'Documents' });
    await expect(within(documents).getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Documents of Acme S.L.' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /pay|transfer|send money/i })).toBeNull();
    await expect(canvas.queryByRole('link', { name: /pay|transfer/i })).toBeNull();
  },
};

/** "Act for Ana Ruiz" switches: her row is marked, the status says so, her (empty) file is shown and takes the focus. */
export const ActForAnother: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await customers(canvasElement);
    await userEvent.click(list.getByRole('button', { name: 'Act for Ana Ruiz' }));
    await waitFor(() => expect(rowOf(list, 'Ana Ruiz')).toHaveAttribute('aria-current', 'true'));
    await expect(actingChosen).toHaveBeenCalledWith(11);
    await expect(rowOf(list, 'Acme S.L.')).not.toHaveAttribute('aria-current');
    await expect(list.getByRole('button', { name: 'Act for Acme S.L.' })).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent('Acting for: Ana Ruiz');
    const heading = await canvas.findByRole('heading', { level: 2, name: 'Documents of Ana Ruiz' });
    await expect(await canvas.findByText("No documents on this customer's file")).toBeInTheDocument();
    await waitFor(() => expect(heading).toHaveFocus());
  },
};

/** While the switch runs (the new customer's access asked): a status says so and every "Act for" waits. */
export const Switching: Story = {
  parameters: { switching: 'hang' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await customers(canvasElement);
    await userEvent.click(list.getByRole('button', { name: 'Act for Harbour Freight Ltd' }));
    await expect(await canvas.findByText('Please wait: switching to Harbour Freight Ltd')).toHaveAttribute('role', 'status');
    for (const button of list.getAllByRole('button', { name: /^Act for / })) await expect(button).toBeDisabled();
    await expect(rowOf(list, 'Acme S.L.')).toHaveAttribute('aria-current', 'true');
  },
};

/** The service refuses the switch: its words in an alert; Acme S.L. is still the one acted for. */
export const SwitchRefused: Story = {
  parameters: { switching: { refused: 'You cannot act for this customer' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await customers(canvasElement);
    await userEvent.click(list.getByRole('button', { name: 'Act for Ana Ruiz' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('You cannot act for this customer');
    await expect(rowOf(list, 'Acme S.L.')).toHaveAttribute('aria-current', 'true');
    await expect(list.getByRole('button', { name: 'Act for Ana Ruiz' })).toBeEnabled();
    await expect(actingChosen).not.toHaveBeenCalled();
  },
};

/** Outside the app (no acting-customer statechart): the customers are listed, "Act for" is not offered, no documents. */
export const WithoutActing: Story = {
  parameters: { noActing: true },
  play: async ({ canvasElement }) => {
    const list = await customers(canvasElement);
    await expect(list.getByRole('button', { name: 'Act for Ana Ruiz' })).toBeDisabled();
    await expect(within(canvasElement).queryByRole('heading', { name: /^Documents of/ })).toBeNull();
  },
};

/** A search too long is refused at the field (nothing applied); a right one goes into the address from the first page; Clear drops it. */
export const Search: Story = {
  args: { search: { page: 2 } },
  parameters: { actingFor: null },
  beforeEach: () => void adminService.reset({ customers: many(45) }),
  play: async ({ canvasElement, args }) => {
    const form = within(await within(canvasElement).findByRole('search', { name: 'Search customers' }));
    const field = form.getByRole('searchbox', { name: 'Name or e-mail' });
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(101));
    await userEvent.click(form.getByRole('button', { name: 'Search' }));
    await expect(await form.findByText('Search with at most 100 characters.')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveFocus());
    await expect(args.onSearch).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, ' harbour ');
    await userEvent.click(form.getByRole('button', { name: 'Search' }));
    await expect(args.onSearch).toHaveBeenCalledWith({ search: 'harbour' });
    await userEvent.click(form.getByRole('button', { name: 'Clear' }));
    await expect(args.onSearch).toHaveBeenLastCalledWith({});
  },
};

/** The second of three pages: both ways, each keeping the search. */
export const Paged: Story = {
  args: { search: { search: 'demo', page: 2 } },
  parameters: { actingFor: null },
  beforeEach: () => void adminService.reset({ customers: many(45) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await customers(canvasElement);
    await expect(list.getAllByRole('listitem')).toHaveLength(20);
    await expect(list.getAllByRole('listitem')[0]).toHaveTextContent('Demo customer 21');
    await expect(canvas.getByText('45 customers')).toBeInTheDocument();
    const pager = canvas.getByRole('navigation', { name: 'Pages' });
    await expect(pager).toHaveTextContent('Page 2 of 3');
    await expect(within(pager).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/admin-overview?search=demo');
    await expect(within(pager).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/admin-overview?search=demo&page=3');
    await expect(canvas.getByRole('searchbox', { name: 'Name or e-mail' })).toHaveValue('demo');
  },
};

/** A search that finds nobody: said so, with what to do. */
export const NoMatch: Story = {
  args: { search: { search: 'zzz' } },
  parameters: { actingFor: null },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No customers match your search')).toBeInTheDocument();
  },
};

/** The fake representatives service of the story below (made afresh before it). */
let representatives: RepresentativesService = representativesService();

/**
 * Acme S.L. (a company) acted for: its representatives are not read until asked; shown, an admin
 * deletes one with documents by force (said so, sent with force), and can hide them again.
 */
export const Representatives: Story = {
  decorators: [withDictionaries({ countries: demoCountries })],
  beforeEach: () => {
    representatives = representativesService();
    return withFetch(async (input, init) => (await representatives.answer(input, init)) ?? adminServiceFetch(input, init))();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await customers(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Show the representatives of Acme S.L.' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('heading', { level: 2, name: "The company's representatives" })).toBeNull();
    await userEvent.click(toggle);
    await expect(canvas.getByRole('button', { name: 'Hide the representatives of Acme S.L.' })).toHaveAttribute('aria-expanded', 'true');
    const owners = within(await canvas.findByRole('region', { name: 'Ultimate beneficial owners' }, { timeout: 5000 }));
    const ana = (await owners.findByRole('heading', { level: 4, name: 'Ana Pop' }, { timeout: 5000 })).closest('li') as HTMLElement;
    await waitFor(() => expect(canvas.queryAllByRole('progressbar')).toHaveLength(0), { timeout: 5000 });
    await expect(canvas.queryByRole('button', { name: 'Add a representative' })).toBeNull();
    await userEvent.click(within(ana).getByRole('button', { name: 'Delete Ana Pop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Ana Pop?' }, { timeout: 5000 });
    await expect(dialog).toHaveTextContent('This is a forced delete');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete with documents' }));
    await waitFor(() => expect(canvas.queryByRole('heading', { level: 4, name: 'Ana Pop' })).toBeNull(), { timeout: 5000 });
    await expect(representatives.sentOf('businessRepresentativeDelete')).toEqual([expect.objectContaining({ representativeId: anaPop.id, force: true })]);
    await userEvent.click(canvas.getByRole('button', { name: 'Hide the representatives of Acme S.L.' }));
    await expect(canvas.queryByRole('heading', { level: 2, name: "The company's representatives" })).toBeNull();
  },
};

/** A phone-wide column (320 px). */
const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }}>
    <Story />
  </div>
);

/** The customers and the documents shown (counted, not found by name: the names are in the story's language). */
const layoutHolds = async (canvasElement: HTMLElement) => {
  // The page: the heading's block's parent.
  const page = (await within(canvasElement).findByRole('heading', { level: 1 })).parentElement!.parentElement!;
  await waitFor(() => expect(page.querySelectorAll('li').length).toBe(demoAdminCustomers.length + 2));
  await expect(clippedText(page)).toEqual([]);
  await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth);
};

/** In Portuguese on a 320 px column, with long company names and e-mails: nothing is cut off, nothing scrolls sideways. */
export const NarrowPortuguese: Story = {
  globals: { locale: 'pt' },
  decorators: [narrow],
  play: async ({ canvasElement }) => layoutHolds(canvasElement),
};

/** The same in Russian. */
export const NarrowRussian: Story = {
  globals: { locale: 'ru' },
  decorators: [narrow],
  play: async ({ canvasElement }) => layoutHolds(canvasElement),
};
