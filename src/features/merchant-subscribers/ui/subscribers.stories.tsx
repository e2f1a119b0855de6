import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { confirmedChangeMachine } from '@machines/shared/confirmed-change.machine';
import type { UiMessage } from '@machines/shared/ui-message';
import type { Subscription } from '@/entities/merchant';
import { withAppServices, withRouter, withShownNotifications } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { demoInstallments, demoSubscriptions, installmentsSeed, sampleSubscription } from '../../../../.storybook/merchant-fixtures';
import { narrowIn } from '../../../../.storybook/narrow';
import { SubscribersView, type SubscriptionsRead } from './subscribers';

/**
 * /merchant/accounts/subscribers (issue 56): the subscriptions read (`args.read`, pages of 50 with
 * "Show more" while fewer than the total were read), each one's installments seeded under
 * merchantKeys.installments(id), and the cancel on the real confirmed-change statechart with a fake
 * call: `cancels` records each cancel (its subject and requestId).
 */
const cancels = fn<(input: { subject: string; requestId: string }) => Promise<void>>();
const cancelLogic = confirmedChangeMachine.provide({ actors: { change: fromPromise(({ input }) => cancels(input)) } });

/** The read as the view takes it: `pages` read of `total` subscriptions, more while fewer than the total were read. */
const subscriptionsRead = (pages: Subscription[][], total: number, over: Partial<SubscriptionsRead> = {}): SubscriptionsRead => ({
  ...fakeQuery({ data: { pages: pages.map((subscriptions) => ({ subscriptions, total })) } }),
  hasNextPage: pages.flat().length < total,
  isFetchingNextPage: false,
  fetchNextPage: fn(),
  ...over,
});

/** The first page of 50 of 120: the four demo subscriptions, then 46 more active ones. */
const FIRST_PAGE: Subscription[] = [...demoSubscriptions, ...Array.from({ length: 46 }, (_, i) => sampleSubscription(i + 5))];

const [ANNA, RADU, MARIA, JONAS] = demoSubscriptions as [Subscription, Subscription, Subscription, Subscription];

const meta: Meta<typeof SubscribersView> = {
  title: 'Features/Subscribers',
  component: SubscribersView,
  decorators: [withShownNotifications, withAppServices, withRouter],
  parameters: { layout: 'padded', queryData: installmentsSeed(demoInstallments) },
  args: { read: subscriptionsRead([demoSubscriptions], demoSubscriptions.length), canManage: true, cancelLogic },
  beforeEach: () => {
    cancels.mockReset();
    cancels.mockImplementation(async () => {});
  },
};
export default meta;
type Story = StoryObj<typeof SubscribersView>;

const heading = (canvasElement: HTMLElement) => within(canvasElement).findByRole('heading', { level: 1, name: 'Subscribers' });

/** The list shown: no progress left, the heading there. */
const shown = async (canvasElement: HTMLElement) => {
  await heading(canvasElement);
  await waitFor(() => expect(within(canvasElement).queryByRole('progressbar')).toBeNull());
  return within(canvasElement);
};

/** The row of a subscription, by its payer's name. */
const rowOf = (canvas: ReturnType<typeof within>, name: string) => canvas.getByText(name, { exact: true }).closest('li')!;

const cancelQuestion = (name: string) => screen.findByRole('alertdialog', { name: `Cancel the subscription of ${name}?` }, { timeout: 5000 });

/** The subscriptions being read: the heading and its progress, no list and nothing to press. */
export const Loading: Story = {
  args: { read: { ...subscriptionsRead([], 0), ...fakeQuery({ isPending: true }), data: undefined } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Show more' })).toBeNull();
  },
};

/** The read failed: what happened and Try again, which reads again. */
export const Error: Story = {
  args: { read: { ...subscriptionsRead([], 0), ...fakeQuery({ isError: true, error: new globalThis.Error('down') }), data: undefined } },
  play: async ({ canvasElement, args }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('The subscribers could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.read.refetch).toHaveBeenCalledTimes(1);
    await expect(within(canvasElement).queryByRole('list')).toBeNull();
  },
};

/** No subscription yet: said so, with where they come from; no count, no list, no "Show more". */
export const Empty: Story = {
  args: { read: subscriptionsRead([[]], 0) },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('No subscribers yet')).toBeInTheDocument();
    await expect(canvas.getByText('When a payer subscribes through one of your buttons, the subscription shows here.')).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.queryByText(/^Showing/)).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Show more' })).toBeNull();
  },
};

/**
 * The first 50 of 120: the count, each payer with what, how much and how often, how many paid and
 * the status; only an active one can be cancelled; "Show more" reads the next page.
 */
export const Filled: Story = {
  args: { read: subscriptionsRead([FIRST_PAGE], 120) },
  play: async ({ canvasElement, args }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('Showing 50 of 120')).toBeInTheDocument();
    const list = within(canvas.getByRole('list', { name: 'Subscribers' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(50);
    const anna = rowOf(canvas, ANNA.payerName);
    await expect(anna).toHaveTextContent('anna.berg@example.com · Coffee club');
    await expect(anna).toHaveTextContent('€9.99 a month · 3 paid, until cancelled');
    await expect(anna).toHaveTextContent('Active · Next payment:');
    await expect(within(anna).getByRole('button', { name: `Cancel the subscription ${ANNA.payerName}` })).toBeInTheDocument();
    const radu = rowOf(canvas, RADU.payerName);
    await expect(radu).toHaveTextContent('€25.00 a month · 6 of 6 paid');
    await expect(within(radu).getByText('Completed')).toBeInTheDocument();
    await expect(radu).not.toHaveTextContent('Next payment');
    await expect(within(radu).queryByRole('button', { name: /^Cancel the subscription/ })).toBeNull();
    await expect(within(radu).getByRole('button', { name: `Installments ${RADU.payerName}` })).toHaveAttribute('aria-expanded', 'false');
    const maria = rowOf(canvas, MARIA.payerName);
    await expect(maria).toHaveTextContent('€12.50 a week · 2 paid, until cancelled');
    await expect(maria).toHaveTextContent('Cancelled · Cancelled on');
    await expect(within(maria).queryByRole('button', { name: /^Cancel the subscription/ })).toBeNull();
    await expect(rowOf(canvas, JONAS.payerName)).toHaveTextContent('lei 99.00 a year · 1 of 3 paid');
    // Every active one (48 of the 50) can be cancelled; the completed and the cancelled one cannot.
    await expect(list.getAllByRole('button', { name: /^Cancel the subscription / })).toHaveLength(48);
    await userEvent.click(canvas.getByRole('button', { name: 'Show more' }));
    await expect(args.read.fetchNextPage).toHaveBeenCalledTimes(1);
  },
};

/** The next page on its way: "Show more" shows progress and is not pressed twice. */
export const LoadingMore: Story = {
  args: { read: subscriptionsRead([demoSubscriptions], 120, { isFetchingNextPage: true }) },
  play: async ({ canvasElement, args }) => {
    await heading(canvasElement);
    // While the next page is read the button shows its progress (its words hidden) and ignores presses.
    const more = (await within(canvasElement).findByRole('progressbar', { name: 'Loading…' })).closest('button')!;
    await expect(more).toHaveAttribute('aria-busy', 'true');
    await expect(more).toHaveTextContent('Show more');
    await userEvent.click(more);
    await expect(args.read.fetchNextPage).not.toHaveBeenCalled();
  },
};

/** Every subscription read (4 of 4): the count says so and there is no "Show more". */
export const AllShown: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('Showing 4 of 4')).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
    await expect(canvas.queryByRole('button', { name: 'Show more' })).toBeNull();
  },
};

/** A subscription's installments open under it (one at a time): each with its number, amount and whether it was paid, is scheduled or will not be taken. */
export const Installments: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const annaToggle = canvas.getByRole('button', { name: `Installments ${ANNA.payerName}` });
    await expect(annaToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('list', { name: ANNA.payerName })).toBeNull();
    await userEvent.click(annaToggle);
    await expect(annaToggle).toHaveAttribute('aria-expanded', 'true');
    const annas = within(await canvas.findByRole('list', { name: ANNA.payerName }));
    const items = annas.getAllByRole('listitem');
    await expect(items).toHaveLength(4);
    await expect(items[0]).toHaveTextContent('No. 1');
    await expect(items[0]).toHaveTextContent('€9.99');
    await expect(items[0]).toHaveTextContent('Paid');
    await expect(annas.getAllByText('Paid', { exact: true })).toHaveLength(3);
    await expect(items[3]).toHaveTextContent('No. 4');
    await expect(within(items[3]!).getByText('Scheduled', { exact: true })).toBeInTheDocument();
    // Another one opened closes the first.
    const mariaToggle = canvas.getByRole('button', { name: `Installments ${MARIA.payerName}` });
    await userEvent.click(mariaToggle);
    await expect(mariaToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(annaToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('list', { name: ANNA.payerName })).toBeNull();
    const marias = within(await canvas.findByRole('list', { name: MARIA.payerName }));
    await expect(marias.getAllByText('Paid', { exact: true })).toHaveLength(2);
    await expect(marias.getByText('Failed', { exact: true })).toBeInTheDocument();
    await expect(marias.getByText('Will not be taken', { exact: true })).toBeInTheDocument();
    await expect(marias.getAllByRole('listitem')[3]).toHaveTextContent('No. 4');
    // Pressed again, it closes.
    await userEvent.click(mariaToggle);
    await expect(mariaToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('list', { name: MARIA.payerName })).toBeNull();
  },
};

/** Cancel asks first, saying that nothing more is taken and what stays paid; dismissed nothing is sent; confirmed, it is sent once with the subscription's id and said. */
export const Cancel: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const button = canvas.getByRole('button', { name: `Cancel the subscription ${ANNA.payerName}` });
    await userEvent.click(button);
    const asked = await cancelQuestion(ANNA.payerName);
    await expect(asked).toHaveTextContent('No installment is taken after today.');
    await expect(asked).toHaveTextContent('Already paid, and staying paid: 3 (€29.97). This cannot be undone.');
    await userEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(cancels).not.toHaveBeenCalled();
    await userEvent.click(button);
    const again = await cancelQuestion(ANNA.payerName);
    await userEvent.click(within(again).getByRole('button', { name: 'Cancel the subscription' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(cancels).toHaveBeenCalledTimes(1);
    await expect(cancels).toHaveBeenCalledWith({ subject: String(ANNA.subscriptionId), requestId: expect.any(String) });
    await expect(await screen.findByText(`The subscription of ${ANNA.payerName} was cancelled.`)).toBeInTheDocument();
  },
};

/** A subscription of a set number of installments: the question says how many will not be taken. */
export const CancelFixedTerm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: `Cancel the subscription ${JONAS.payerName}` }));
    const asked = await cancelQuestion(JONAS.payerName);
    await expect(asked).toHaveTextContent('No installment is taken after today: 2 will not be taken.');
    await expect(asked).toHaveTextContent('Already paid, and staying paid: 1 (lei 99.00).');
    await userEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(cancels).not.toHaveBeenCalled();
  },
};

/** The cancel fails: its message in the question with Try again, which sends the same requestId. */
export const CancelFails: Story = {
  beforeEach: () => {
    cancels.mockImplementationOnce(() => Promise.reject({ text: 'Server is not available' } satisfies UiMessage));
  },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: `Cancel the subscription ${ANNA.payerName}` }));
    const asked = await cancelQuestion(ANNA.payerName);
    await userEvent.click(within(asked).getByRole('button', { name: 'Cancel the subscription' }));
    await expect(await within(asked).findByRole('alert')).toHaveTextContent('Server is not available');
    await expect(within(asked).queryByRole('button', { name: 'Cancel the subscription' })).toBeNull();
    await userEvent.click(within(asked).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(cancels).toHaveBeenCalledTimes(2);
    const [first, second] = cancels.mock.calls.map(([input]) => input);
    await expect(first!.subject).toBe(String(ANNA.subscriptionId));
    await expect(second).toEqual(first);
    await expect(await screen.findByText(`The subscription of ${ANNA.payerName} was cancelled.`)).toBeInTheDocument();
  },
};

/** A user who may only look: the subscriptions and their installments, nothing to cancel. */
export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
    await expect(canvas.queryAllByRole('button', { name: /^Cancel the subscription/ })).toHaveLength(0);
    await expect(canvas.getAllByRole('button', { name: /^Installments / })).toHaveLength(4);
    await userEvent.click(canvas.getByRole('button', { name: `Installments ${ANNA.payerName}` }));
    await expect(await canvas.findByRole('list', { name: ANNA.payerName })).toBeInTheDocument();
  },
};

/** The list with Anna Berg's installments open: nothing cut off, nothing scrolling sideways. */
const layoutHolds = async (canvasElement: HTMLElement) => {
  const section = (await within(canvasElement).findByRole('heading', { level: 1 })).parentElement!;
  await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(4));
  // The first row's installments (the button is found by its state: its words are translated).
  await userEvent.click(section.querySelector<HTMLButtonElement>('button[aria-expanded]')!);
  await waitFor(() => expect(section.querySelector('ol li')).not.toBeNull());
  await expect(clippedText(section)).toEqual([]);
  await expect(section.scrollWidth).toBeLessThanOrEqual(section.clientWidth);
};

/** In Portuguese on a 320 px column: nothing cut off, nothing scrolling sideways. */
export const NarrowPortuguese: Story = narrowIn('pt', ({ canvasElement }) => layoutHolds(canvasElement));

/** The same in Russian. */
export const NarrowRussian: Story = narrowIn('ru', ({ canvasElement }) => layoutHolds(canvasElement));
