import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { deliveryResendMachine } from '@machines/public-api/delivery-resend.machine';
import type { UiMessage } from '@machines/shared/ui-message';
import type { WebhookRequest } from '@/entities/public-api';
import { withAppServices } from '../../../../.storybook/decorators';
import { clippedText } from '../../../../.storybook/layout-checks';
import { narrowIn } from '../../../../.storybook/narrow';
import { ACCOUNTING_WEBHOOK, demoDeliveries, deliveryWithoutAttempts, failedInfiniteRead, infiniteRead, ORDERS_WEBHOOK, pagesOf, pendingInfiniteRead } from '../../../../.storybook/public-api-fixtures';
import { WebhookLogView } from './webhook-log';

/**
 * The deliveries to the webhooks (issue 57, /merchant/internal/webhook_log): the deliveries read
 * page by page (`args.read`: pages of 20, "Show more" while the last page names a next cursor), the
 * filters the address holds (`args.filters`) and `args.onFilters`; the resend on its real
 * statechart with a fake call: `resends` records each resend (the new attempt is delivered, 200;
 * `resendFails`: the next call fails).
 */
const ALL = demoDeliveries(45);
const [DELIVERED, PENDING, FAILED] = ALL as [WebhookRequest, WebhookRequest, WebhookRequest];

const resends = fn<(input: { id: number; requestId: string }) => void>();
let resendFails = false;
const resendLogic = deliveryResendMachine.provide({
  actors: {
    resend: fromPromise(async ({ input }) => {
      resends(input);
      if (resendFails) {
        resendFails = false;
        throw { text: 'The service is not available' } satisfies UiMessage;
      }
      return { delivered: true, responseStatus: 200 };
    }),
  },
});

const meta: Meta<typeof WebhookLogView> = {
  title: 'Features/Public API/Webhook log',
  component: WebhookLogView,
  decorators: [withAppServices],
  parameters: { layout: 'padded' },
  args: { read: infiniteRead(pagesOf(ALL, 20, 1)), filters: {}, onFilters: fn(), resendLogic },
  beforeEach: () => {
    resends.mockClear();
    resendFails = false;
  },
};
export default meta;
type Story = StoryObj<typeof WebhookLogView>;

const heading = (canvasElement: HTMLElement) => within(canvasElement).findByRole('heading', { level: 2, name: 'Deliveries' });

/** The log shown: no progress left, the heading there. */
const shown = async (canvasElement: HTMLElement) => {
  await heading(canvasElement);
  await waitFor(() => expect(within(canvasElement).queryByRole('progressbar')).toBeNull());
  return within(canvasElement);
};

/** The row of a delivery, by its number. */
const rowOf = (canvas: ReturnType<typeof within>, delivery: WebhookRequest) => canvas.getByText(`#${delivery.id}`, { exact: true }).closest('li')!;

const filterForm = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('search', { name: 'Filters' }));

/** The first deliveries being read: the filters and the progress, no list. */
export const Loading: Story = {
  args: { read: pendingInfiniteRead<WebhookRequest>() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement);
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.getByRole('search', { name: 'Filters' })).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** The read failed: what happened and Try again, which reads again. */
export const Error: Story = {
  args: { read: failedInfiniteRead<WebhookRequest>() },
  play: async ({ canvasElement, args }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('The log could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.read.refetch).toHaveBeenCalledTimes(1);
  },
};

/** No delivery yet (no filters): said so, with where they come from. */
export const Empty: Story = {
  args: { read: infiniteRead<WebhookRequest>([{ items: [], nextCursor: null }]) },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('No deliveries yet')).toBeInTheDocument();
    await expect(canvas.getByText('Events posted to your webhooks are listed here.')).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** Filtered by a search nothing matches: said so, the search shown in its field. */
export const EmptyFiltered: Story = {
  args: { read: infiniteRead<WebhookRequest>([{ items: [], nextCursor: null }]), filters: { query: 'refund.created' } },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('No delivery matches these filters')).toBeInTheDocument();
    await expect(filterForm(canvasElement).getByRole('searchbox', { name: 'Event, address or delivery No.' })).toHaveValue('refund.created');
  },
};

/**
 * The newest 20 of more: each delivery's status, event, number, webhook and address; a retrying
 * one says when it is tried next; each offers its attempts and Resend; "Show more" reads on.
 */
export const Filled: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('The newest 20 deliveries')).toBeInTheDocument();
    const list = canvas.getByRole('list', { name: 'Deliveries' });
    await expect(list.querySelectorAll(':scope > li')).toHaveLength(20);
    const delivered = rowOf(canvas, DELIVERED);
    await expect(within(delivered).getByText('Delivered', { exact: true })).toBeInTheDocument();
    await expect(delivered).toHaveTextContent('transfer.incoming');
    await expect(delivered).toHaveTextContent(`${ORDERS_WEBHOOK.name}: ${ORDERS_WEBHOOK.url}`);
    await expect(delivered).not.toHaveTextContent('Next try');
    const pending = rowOf(canvas, PENDING);
    await expect(within(pending).getByText('Retrying', { exact: true })).toBeInTheDocument();
    await expect(pending).toHaveTextContent('ipn.created');
    await expect(pending).toHaveTextContent(`${ACCOUNTING_WEBHOOK.name}: ${ACCOUNTING_WEBHOOK.url}`);
    await expect(pending).toHaveTextContent('Next try');
    const failed = rowOf(canvas, FAILED);
    await expect(within(failed).getByText('Failed', { exact: true })).toBeInTheDocument();
    await expect(within(failed).getByText('Attempts: 5')).toBeInTheDocument();
    await expect(within(failed).getByRole('button', { name: `Resend transfer.incoming #${FAILED.id}` })).toBeInTheDocument();
    await expect(within(list).getAllByRole('button', { name: /^Resend / })).toHaveLength(20);
    await userEvent.click(canvas.getByRole('button', { name: 'Show more' }));
    await expect(args.read.fetchNextPage).toHaveBeenCalledTimes(1);
  },
};

/** Every page read (45 in three pages): the count says so, no "Show more". */
export const AllShown: Story = {
  args: { read: infiniteRead(pagesOf(ALL, 20)) },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('Deliveries: 45')).toBeInTheDocument();
    await expect(canvas.getByRole('list', { name: 'Deliveries' }).querySelectorAll(':scope > li')).toHaveLength(45);
    await expect(canvas.queryByRole('button', { name: 'Show more' })).toBeNull();
  },
};

/**
 * A failed delivery's details: its five attempts (not answered, or the status and the start of the
 * answer; the last sent by hand) and the body sent, shown when opened.
 */
export const Attempts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const failed = rowOf(canvas, FAILED);
    const details = failed.querySelector('details')!;
    await expect(details).not.toHaveAttribute('open');
    await expect(within(failed).getByText('Attempts: 5')).toBeInTheDocument();
    await userEvent.click(within(failed).getByText('Attempts: 5'));
    await expect(details).toHaveAttribute('open');
    const attempts = within(within(details).getByRole('list')).getAllByRole('listitem');
    await expect(attempts).toHaveLength(5);
    for (const line of attempts) await expect(line).toBeVisible();
    await expect(attempts[0]).toHaveTextContent('Answered 503 · 120 ms · Service Unavailable');
    await expect(attempts[1]).toHaveTextContent('No answer · 3000 ms');
    await expect(attempts[2]).toHaveTextContent('Answered 500 · 120 ms · Internal Server Error');
    await expect(attempts.filter((line) => line.textContent?.includes('sent by hand'))).toEqual([attempts[4]]);
    await expect(attempts[4]).toHaveTextContent('Answered 503 · 120 ms · sent by hand · Service Unavailable');
    const body = details.querySelector('pre code')!;
    await expect(body).toBeVisible();
    await expect(body.textContent).toBe(FAILED.payload);
    await expect(JSON.parse(body.textContent ?? '')).toMatchObject({ type: 'transfer.incoming' });
  },
};

/** Resend: posted again once with the delivery's number; how it went is said in its row only. */
export const Resend: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const failed = rowOf(canvas, FAILED);
    await userEvent.click(within(failed).getByRole('button', { name: `Resend transfer.incoming #${FAILED.id}` }));
    await waitFor(() => expect(within(failed).getByRole('status')).toHaveTextContent('Sent again: delivered (200).'));
    await expect(resends).toHaveBeenCalledTimes(1);
    await expect(resends).toHaveBeenCalledWith({ id: FAILED.id, requestId: expect.any(String) });
    await expect(within(rowOf(canvas, DELIVERED)).getByRole('status')).toHaveTextContent(/^$/);
  },
};

/** The resend fails: said in the row, the button becomes Try again, which sends the same request. */
export const ResendFails: Story = {
  beforeEach: () => {
    resendFails = true;
  },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const pending = rowOf(canvas, PENDING);
    await userEvent.click(within(pending).getByRole('button', { name: `Resend ipn.created #${PENDING.id}` }));
    await waitFor(() => expect(within(pending).getByRole('status')).toHaveTextContent('The service is not available'));
    await userEvent.click(within(pending).getByRole('button', { name: `Try again ipn.created #${PENDING.id}` }));
    await waitFor(() => expect(within(pending).getByRole('status')).toHaveTextContent('Sent again: delivered (200).'));
    await expect(resends).toHaveBeenCalledTimes(2);
    const [first, second] = resends.mock.calls.map(([input]) => input);
    await expect(first!.id).toBe(PENDING.id);
    await expect(second).toEqual(first);
  },
};

/** A service that keeps no attempts: the body sent on request, no Resend. */
export const WithoutAttempts: Story = {
  args: { read: infiniteRead([{ items: [deliveryWithoutAttempts(0), deliveryWithoutAttempts(1)], nextCursor: null }]) },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getAllByText('The body sent')).toHaveLength(2);
    await expect(canvas.queryByRole('button', { name: /^Resend/ })).toBeNull();
    await userEvent.click(canvas.getAllByText('The body sent')[0]!);
    await expect(canvas.getAllByRole('listitem')[0]!.querySelector('pre code')).toBeVisible();
  },
};

/**
 * The filters: a last day before the first is refused at the last day (nothing handed on); put
 * right, Apply hands on only the search given, trimmed; Clear hands on no filter.
 */
export const Filters: Story = {
  play: async ({ canvasElement, args }) => {
    await shown(canvasElement);
    const form = filterForm(canvasElement);
    const query = form.getByRole('searchbox', { name: 'Event, address or delivery No.' });
    await userEvent.type(query, '  ipn.created ');
    const from = form.getByLabelText('First day');
    const to = form.getByLabelText('Last day');
    await userEvent.type(from, '2026-11-30');
    await userEvent.type(to, '2026-11-01');
    await userEvent.click(form.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'));
    await expect(to).toHaveAccessibleDescription(expect.stringContaining('The last day cannot be before the first.'));
    await expect(args.onFilters).not.toHaveBeenCalled();
    await userEvent.clear(from);
    await userEvent.clear(to);
    await userEvent.click(form.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(args.onFilters).toHaveBeenCalledTimes(1));
    await expect(args.onFilters).toHaveBeenCalledWith({ query: 'ipn.created' });
    await userEvent.click(form.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(args.onFilters).toHaveBeenCalledTimes(2));
    await expect(args.onFilters).toHaveBeenLastCalledWith({});
    await expect(query).toHaveValue('');
  },
};

/** On a 320 px column in Portuguese, the failed delivery's attempts and body open: nothing cut off, nothing scrolling sideways. */
export const NarrowPortuguese: Story = {
  ...narrowIn('pt', async ({ canvasElement }) => {
    const section = (await within(canvasElement).findByRole('heading', { level: 2 })).closest('section')!;
    await waitFor(() => expect(section.querySelectorAll('ul > li')).toHaveLength(3));
    const failed = section.querySelectorAll('ul > li')[2]!;
    await userEvent.click(failed.querySelector('summary')!);
    await expect(failed.querySelector('details')).toHaveAttribute('open');
    await expect(clippedText(section)).toEqual([]);
    await expect(section.scrollWidth).toBeLessThanOrEqual(section.clientWidth);
  }),
  args: { read: infiniteRead(pagesOf(ALL.slice(0, 3), 20), { hasNextPage: true }) },
};
