import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { MerchantFacts, MerchantPage } from '@machines/merchant/merchant.rules';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { downFetch, withFetch } from '../../../../.storybook/fake-fetch';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { narrowIn } from '../../../../.storybook/narrow';
import { ipnRead, merchantService, merchantServiceFetch } from '../../../../.storybook/merchant-fixtures';
import { IpnHistoryView, type IpnMessagesRead } from './ipn-history';
import { MerchantArea } from './merchant-page';

/**
 * The merchant area (issue 55; 001 s2): its menu (the internal pages only with full access) and a
 * page; the IPN history with its read given (`args.read`: loading, empty, failed, pages of 25) and
 * a fake merchant service for a message's details and its confirmation.
 */
interface Args {
  page: MerchantPage;
  facts: MerchantFacts;
  read: IpnMessagesRead | null;
}

const FULL: MerchantFacts = { kind: 'business', merchantLevel: 2 };
const READER: MerchantFacts = { kind: 'employee', merchantLevel: 1 };

function Area({ page, facts, read }: Args) {
  return <MerchantArea page={page} facts={facts}>{read ? <IpnHistoryView read={read} canManage={facts.merchantLevel === 2} /> : <p>The page</p>}</MerchantArea>;
}

const meta: Meta<typeof Area> = {
  title: 'Pages/Merchant',
  component: Area,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'padded' },
  args: { page: 'ipn/history', facts: FULL, read: ipnRead(60, 1) },
  beforeEach: () => {
    merchantService.reset();
    return withFetch(merchantServiceFetch)();
  },
};
export default meta;
type Story = StoryObj<typeof Area>;

const menu = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('navigation', { name: 'Merchant tools' }));
const notifications = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('list', { name: 'IPN history' }));

/** The menu with every group for full access, the page asked for marked (its content given). */
export const Menu: Story = {
  args: { page: 'internal/api_log', read: null },
  play: async ({ canvasElement }) => {
    const nav = await menu(canvasElement);
    await expect(nav.getAllByRole('link')).toHaveLength(12);
    await expect(nav.getByRole('link', { name: 'API log' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'API keys' })).toHaveAttribute('href', '/merchant/internal/api_key');
    await expect(nav.getByRole('link', { name: 'IPN history' })).not.toHaveAttribute('aria-current');
  },
};

/** A user who reads (merchant level 1): the internal pages are not in the menu; no Confirm on any notification. */
export const Reader: Story = {
  args: { facts: READER },
  play: async ({ canvasElement }) => {
    const nav = await menu(canvasElement);
    await expect(nav.getAllByRole('link')).toHaveLength(9);
    await expect(nav.queryByRole('link', { name: 'API keys' })).toBeNull();
    await expect(nav.queryByRole('heading', { name: 'Internal' })).toBeNull();
    const list = await notifications(canvasElement);
    await expect(list.getAllByRole('listitem')).toHaveLength(25);
    await expect(list.queryByRole('button', { name: /^Confirm/ })).toBeNull();
    await expect(list.getAllByRole('button', { name: /^Details/ })).toHaveLength(25);
  },
};

/** The first read running: the heading at once, its progress, no list. */
export const Loading: Story = {
  args: { read: { ...ipnRead(0, 0), ...fakeQuery({ isPending: true }), data: undefined } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'IPN history' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('list', { name: 'IPN history' })).toBeNull();
  },
};

/** No notification yet: said so, with when one is sent; no "Show more". */
export const Empty: Story = {
  args: { read: ipnRead(0, 1, { hasNextPage: false }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No notifications yet')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Show more' })).toBeNull();
  },
};

/** The read failed: what happened and Try again (which asks again). */
export const Error: Story = {
  args: { read: { ...ipnRead(0, 0), ...fakeQuery({ isError: true, error: new globalThis.Error('down') }), data: undefined } },
  play: async ({ canvasElement, args }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('The notifications could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.read!.refetch).toHaveBeenCalled();
  },
};

/**
 * 75 notifications (an exact multiple of 25), three pages read: "Show more" is still offered (25 × 3
 * is at most 75), and asks for the next page; each row with its payment, its delivery and Confirm
 * for those not confirmed.
 */
export const Filled: Story = {
  args: { read: ipnRead(75, 3) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = await notifications(canvasElement);
    await expect(list.getAllByRole('listitem')).toHaveLength(75);
    await expect(canvas.getByText('Showing 75 of 75')).toHaveAttribute('aria-live', 'polite');
    const first = list.getAllByRole('listitem')[0]!;
    await expect(first).toHaveTextContent('buyer1@example.com');
    await expect(first).toHaveTextContent('Delivered (HTTP 200)');
    await expect(list.getAllByRole('listitem')[3]!).toHaveTextContent('Not delivered (HTTP 503)');
    await expect(list.getAllByRole('listitem')[4]!).toHaveTextContent('Confirmed');
    await expect(within(list.getAllByRole('listitem')[4]!).queryByRole('button', { name: /^Confirm/ })).toBeNull();
    await expect(within(first).getByRole('button', { name: /^Confirm/ })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Show more' }));
    await expect(args.read!.fetchNextPage).toHaveBeenCalledTimes(1);
  },
};

/** The empty fourth page read: the button is gone. */
export const AllRead: Story = {
  args: { read: ipnRead(75, 4) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await notifications(canvasElement);
    await expect(canvas.getByText('Showing 75 of 75')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Show more' })).toBeNull();
  },
};

/** Details: the notification read on its own, what was posted shown as text; closing gives the focus back. */
export const Details: Story = {
  play: async ({ canvasElement }) => {
    const list = await notifications(canvasElement);
    const button = within(list.getAllByRole('listitem')[1]!).getByRole('button', { name: /^Details/ });
    await expect(button).toHaveAccessibleName(/^Details .*buyer2@example\.com/);
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Notification details' }, { timeout: 5000 });
    await expect(await within(dialog).findByText(/"transactionId": 70009002/, {}, { timeout: 5000 })).toBeInTheDocument();
    await expect(dialog).toHaveTextContent('https://shop.example/ipn');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  },
};

/** Confirm sends once; a failure is said beside it and may be tried again. */
export const ConfirmFails: Story = {
  beforeEach: () => {
    merchantService.failConfirm = true;
  },
  play: async ({ canvasElement }) => {
    const list = await notifications(canvasElement);
    const row = list.getAllByRole('listitem')[0]!;
    await userEvent.click(within(row).getByRole('button', { name: /^Confirm/ }));
    await expect(await within(row).findByRole('alert')).toHaveTextContent('Server is not available');
    await expect(merchantService.confirms).toEqual([9001]);
    merchantService.failConfirm = false;
    await userEvent.click(within(row).getByRole('button', { name: /^Confirm/ }));
    await waitFor(() => expect(merchantService.confirms).toEqual([9001, 9001]));
    await waitFor(() => expect(within(row).queryByRole('alert')).toBeNull());
  },
};

/** The details' own read fails: said in the dialog with Try again. */
export const DetailsFail: Story = {
  beforeEach: withFetch(downFetch),
  play: async ({ canvasElement }) => {
    const list = await notifications(canvasElement);
    await userEvent.click(within(list.getAllByRole('listitem')[0]!).getByRole('button', { name: /^Details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Notification details' }, { timeout: 5000 });
    await expect(await within(dialog).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('What was posted could not be loaded');
  },
};

const layoutHolds = async (canvasElement: HTMLElement) => {
  const area = (await within(canvasElement).findByRole('navigation')).parentElement!;
  await waitFor(() => expect(area.querySelectorAll('li').length).toBeGreaterThan(25));
  await expect(clippedText(area)).toEqual([]);
  await expect(area.scrollWidth).toBeLessThanOrEqual(area.clientWidth);
};

/** In Portuguese on a 320 px column: the menu and the notifications wrap; nothing cut off or scrolling sideways. */
export const NarrowPortuguese: Story = narrowIn('pt', ({ canvasElement }) => layoutHolds(canvasElement));

/** The same in Russian. */
export const NarrowRussian: Story = narrowIn('ru', ({ canvasElement }) => layoutHolds(canvasElement));
