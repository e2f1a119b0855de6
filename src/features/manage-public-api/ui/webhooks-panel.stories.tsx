import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { secretRevealMachine } from '@machines/merchant/secret-reveal.machine';
import { SIGNATURE_HEADER, VERIFICATION_SNIPPET } from '@machines/public-api/public-api.rules';
import { webhookEditMachine } from '@machines/public-api/public-api-forms';
import { webhookPingMachine } from '@machines/public-api/webhook-ping.machine';
import type { FormValues } from '@machines/shared/form.machine';
import type { Webhook } from '@/entities/public-api';
import { withAppServices, withRouter, withShownNotifications } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { narrowIn } from '../../../../.storybook/narrow';
import { ACCOUNTING_WEBHOOK, demoWebhooks, NOW, ORDERS_WEBHOOK, sampleWebhook, failedReadPlay, loadingPlay } from '../../../../.storybook/public-api-fixtures';
import { WebhooksView, type WebhooksRead } from './webhooks-panel';

/**
 * The webhooks (issue 57, on /merchant/internal/webhook_log above their deliveries): the webhooks
 * read (`args.read`) measured against the fixed moment `NOW`; the edit, the signing secret and the
 * test event on their real statecharts with fake calls: `saves` records each save (a create answers
 * the signing secret; `saveRefusal` refuses the next one), `removes` each delete, `regenerates`
 * each new secret, `pings` each test event (the Orders address answers 200, any other does not
 * answer). The clipboard is a fake for the stories that copy (`writes`).
 */
const NEW_SECRET = 'whsec_9Tb2Lq7Xz4Nc1Vr8Mk3Pw6Yd0Hs5Ja';
const ROTATED_SECRET = 'whsec_4Hd8Rw1Kq6Zt3Nb9Xm2Vc7Lp0Gs5Yf';
const TAKEN = 'Another of your webhooks already posts to this address';

const saves = fn<(input: { id: number | null; values: FormValues; requestId: string }) => void>();
const removes = fn<(input: { id: number; requestId: string }) => void>();
const regenerates = fn<(input: { requestId: string; subject: number | null; choice: string | null }) => void>();
const pings = fn<(input: { url: string }) => void>();
let saveRefusal: unknown = null;

const editLogic = webhookEditMachine.provide({
  actors: {
    save: fromPromise(async ({ input }) => {
      saves(input);
      if (saveRefusal) {
        const refusal = saveRefusal;
        saveRefusal = null;
        throw refusal;
      }
      return { id: input.id ?? 511, secret: input.id === null ? NEW_SECRET : null };
    }),
    remove: fromPromise(async ({ input }) => {
      removes(input);
    }),
  },
});
const secretLogic = secretRevealMachine.provide({
  actors: {
    regenerate: fromPromise(async ({ input }) => {
      regenerates(input);
      return ROTATED_SECRET;
    }),
  },
});
const pingLogic = webhookPingMachine.provide({
  actors: {
    ping: fromPromise(async ({ input }) => {
      pings(input);
      return input.url === ORDERS_WEBHOOK.url
        ? { delivered: true, responseStatus: 200, durationMs: 84, responseExcerpt: '{"received":true}' }
        : { delivered: false, responseStatus: null, durationMs: 3000, responseExcerpt: null };
    }),
  },
});

/** The clipboard as the browser gives it, replaced for one story by a fake that records what is written. */
let writes = fn<(text: string) => Promise<void>>();
const fakeClipboard = () => {
  const own = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  writes = fn(async (_text: string) => {});
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: writes } });
  return () => {
    if (own) Object.defineProperty(navigator, 'clipboard', own);
    else Reflect.deleteProperty(navigator, 'clipboard');
  };
};

const webhooksRead = (webhooks: Webhook[]) => fakeQuery<Webhook[]>({ data: webhooks }) as WebhooksRead;

const meta: Meta<typeof WebhooksView> = {
  title: 'Features/Public API/Webhooks',
  component: WebhooksView,
  decorators: [withShownNotifications, withAppServices, withRouter],
  parameters: { layout: 'padded' },
  args: { read: webhooksRead(demoWebhooks), editLogic, secretLogic, pingLogic, now: NOW },
  beforeEach: () => {
    saves.mockClear();
    removes.mockClear();
    regenerates.mockClear();
    pings.mockClear();
    saveRefusal = null;
  },
};
export default meta;
type Story = StoryObj<typeof WebhooksView>;

const heading = (canvasElement: HTMLElement) => within(canvasElement).findByRole('heading', { level: 2, name: 'Webhooks' });

/** The list shown: no progress left, the heading there. */
const shown = async (canvasElement: HTMLElement) => {
  await heading(canvasElement);
  await waitFor(() => expect(within(canvasElement).queryByRole('progressbar')).toBeNull());
  return within(canvasElement);
};

const rowElement = (canvas: ReturnType<typeof within>, name: string) => canvas.getByText(name, { exact: true }).closest('li')!;
const rowOf = (canvas: ReturnType<typeof within>, name: string) => within(rowElement(canvas, name));
/** The badge beside a webhook's name (on or off). */
const badgeOf = (canvas: ReturnType<typeof within>, name: string) => canvas.getByText(name, { exact: true }).nextElementSibling;

const slow = { timeout: 5000 };

/** The webhooks being read: the heading and its progress, no list. */
export const Loading: Story = {
  args: { read: fakeQuery({ isPending: true }) },
  play: loadingPlay(heading),
};

/** The read failed: what happened and Try again, which reads again. */
export const Error: Story = {
  args: { read: fakeQuery({ isError: true, error: new globalThis.Error('down') }) },
  play: failedReadPlay('The webhooks could not be loaded'),
};

/** No webhook yet: said so, with what to add, "New webhook", and how deliveries are signed. */
export const Empty: Story = {
  args: { read: webhooksRead([]) },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('No webhooks yet')).toBeInTheDocument();
    await expect(canvas.getByText('Add the address of your server that should hear about payments as they happen.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'New webhook' })).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.getByText('Checking the signature')).toBeInTheDocument();
  },
};

/**
 * Two webhooks: Orders (on; its secret by its last four, and until when the replaced one still
 * signs) and Accounting (off); each with its test event, Edit, New signing secret and Delete.
 */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const list = within(canvas.getByRole('list', { name: 'Webhooks' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(2);
    const orders = rowOf(canvas, ORDERS_WEBHOOK.name);
    await expect(badgeOf(canvas, ORDERS_WEBHOOK.name)).toHaveTextContent(/^On$/);
    await expect(orders.getByText(ORDERS_WEBHOOK.url)).toBeInTheDocument();
    await expect(orders.getByText('••••••••Wq4e')).toBeInTheDocument();
    await expect(rowElement(canvas, ORDERS_WEBHOOK.name)).toHaveTextContent('The old secret also signs until');
    await expect(orders.getByRole('switch', { name: `On (${ORDERS_WEBHOOK.name})` })).toBeChecked();
    const accounting = rowOf(canvas, ACCOUNTING_WEBHOOK.name);
    await expect(badgeOf(canvas, ACCOUNTING_WEBHOOK.name)).toHaveTextContent(/^Off$/);
    await expect(accounting.getByText('••••••••Jx7c')).toBeInTheDocument();
    await expect(rowElement(canvas, ACCOUNTING_WEBHOOK.name)).not.toHaveTextContent('The old secret also signs');
    await expect(accounting.getByRole('switch', { name: `On (${ACCOUNTING_WEBHOOK.name})` })).not.toBeChecked();
    for (const webhook of demoWebhooks) {
      await expect(list.getByRole('button', { name: `Send a test event ${webhook.name}` })).toBeInTheDocument();
      await expect(list.getByRole('button', { name: `Edit ${webhook.name}` })).toBeInTheDocument();
      await expect(list.getByRole('button', { name: `New signing secret ${webhook.name}` })).toHaveAttribute('aria-haspopup', 'dialog');
      await expect(list.getByRole('button', { name: `Delete ${webhook.name}` })).toBeInTheDocument();
    }
    await expect(canvas.queryByText(/whsec_/)).toBeNull();
  },
};

/** A replaced secret whose time has passed, and a service that does not rotate secrets: neither the overlap nor New signing secret is shown. */
export const WithoutRotation: Story = {
  args: {
    read: webhooksRead([
      { ...ORDERS_WEBHOOK, previousSecretExpiresAt: new Date(NOW - 60_000).toISOString() },
      { id: 503, customerId: ORDERS_WEBHOOK.customerId, name: 'Legacy', url: 'https://legacy.example/hook', enabled: true },
    ]),
  },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(rowElement(canvas, ORDERS_WEBHOOK.name)).not.toHaveTextContent('The old secret also signs');
    await expect(rowOf(canvas, ORDERS_WEBHOOK.name).getByRole('button', { name: `New signing secret ${ORDERS_WEBHOOK.name}` })).toBeInTheDocument();
    const legacy = rowOf(canvas, 'Legacy');
    await expect(legacy.queryByText(/Signing secret/)).toBeNull();
    await expect(legacy.queryByRole('button', { name: /^New signing secret/ })).toBeNull();
    await expect(legacy.getByRole('button', { name: 'Send a test event Legacy' })).toBeInTheDocument();
  },
};

/**
 * Send a test event: what the address answered is said under its row (Orders delivered, 200 and
 * the time; Accounting not answered), one address at a time.
 */
export const TestEvent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const orders = rowElement(canvas, ORDERS_WEBHOOK.name);
    const accounting = rowElement(canvas, ACCOUNTING_WEBHOOK.name);
    await expect(within(orders).getByRole('status')).toHaveTextContent(/^$/);
    await userEvent.click(within(orders).getByRole('button', { name: `Send a test event ${ORDERS_WEBHOOK.name}` }));
    await waitFor(() => expect(within(orders).getByRole('status')).toHaveTextContent('Test event delivered: the address answered 200 in 84 ms.'));
    await expect(within(orders).getByRole('status')).toHaveTextContent('{"received":true}');
    await expect(pings).toHaveBeenCalledTimes(1);
    await expect(pings).toHaveBeenCalledWith({ url: ORDERS_WEBHOOK.url });
    await expect(within(accounting).getByRole('status')).toHaveTextContent(/^$/);
    await userEvent.click(within(accounting).getByRole('button', { name: `Send a test event ${ACCOUNTING_WEBHOOK.name}` }));
    await waitFor(() => expect(within(accounting).getByRole('status')).toHaveTextContent('Test event not delivered: the address did not answer within 3 seconds or could not be reached.'));
    await expect(pings).toHaveBeenCalledTimes(2);
    await expect(pings).toHaveBeenLastCalledWith({ url: ACCOUNTING_WEBHOOK.url });
    // The outcome belongs to the address last tried.
    await expect(within(orders).getByRole('status')).toHaveTextContent(/^$/);
  },
};

/** How a delivery is signed: the header, and a receiver's check to copy; Copy puts exactly it on the clipboard and says so. */
export const Signature: Story = {
  beforeEach: fakeClipboard,
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const summary = canvas.getByText('Checking the signature');
    const details = summary.closest('details')!;
    await expect(details).not.toHaveAttribute('open');
    await userEvent.click(summary);
    await expect(details).toHaveAttribute('open');
    const section = within(details);
    await expect(section.getByText(new RegExp(`Each delivery carries the header ${SIGNATURE_HEADER}`))).toBeVisible();
    const code = details.querySelector('pre code')!;
    await expect(code.textContent).toBe(VERIFICATION_SNIPPET);
    await expect(code).toBeVisible();
    await userEvent.click(section.getByRole('button', { name: 'Copy the code' }));
    await expect(await section.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await expect(section.getByRole('status')).toHaveTextContent('Copied to the clipboard.');
    await expect(writes).toHaveBeenCalledTimes(1);
    await expect(writes).toHaveBeenCalledWith(VERIFICATION_SNIPPET);
  },
};

/**
 * New signing secret: the question offers how long the old one also signs (24 hours chosen first);
 * "In 7 days" is sent with the webhook's id; the new secret is shown once.
 */
export const NewSigningSecret: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: `New signing secret ${ACCOUNTING_WEBHOOK.name}` }));
    const question = within(await screen.findByRole('alertdialog', { name: 'Make a new signing secret?' }, slow));
    const choices = within(question.getByRole('radiogroup', { name: 'The old secret stops signing' }));
    await expect(choices.getAllByRole('radio')).toHaveLength(4);
    await expect(choices.getByRole('radio', { name: 'In 24 hours' })).toBeChecked();
    await userEvent.click(choices.getByRole('radio', { name: 'In 7 days' }));
    await userEvent.click(question.getByRole('button', { name: 'Make it' }));
    const reveal = await screen.findByRole('alertdialog', { name: 'Your new signing secret' }, slow);
    await expect(regenerates).toHaveBeenCalledTimes(1);
    await expect(regenerates).toHaveBeenCalledWith({ subject: ACCOUNTING_WEBHOOK.id, choice: '7d', requestId: expect.any(String) });
    await expect(within(reveal).getByText(ROTATED_SECRET)).toBeInTheDocument();
    await userEvent.click(within(reveal).getByRole('button', { name: 'I have kept it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(screen.queryByText(ROTATED_SECRET)).toBeNull();
  },
};

/**
 * New webhook: empty, refused at both fields; an http address refused; a right one sent once, on,
 * as typed; its signing secret shown once.
 */
export const CreateWebhook: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'New webhook' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New webhook' }, slow));
    await userEvent.click(dialog.getByRole('button', { name: 'Add the webhook' }));
    const name = dialog.getByRole('textbox', { name: 'Name' });
    const url = dialog.getByRole('textbox', { name: 'Address' });
    await waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining('Enter a name.')));
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveFocus());
    await userEvent.type(name, 'Refunds');
    await userEvent.type(url, 'http://shop.example/hooks/refunds');
    await userEvent.click(dialog.getByRole('button', { name: 'Add the webhook' }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(expect.stringContaining('Use an address that starts with https://.')));
    await expect(saves).not.toHaveBeenCalled();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://shop.example/hooks/refunds');
    await userEvent.click(dialog.getByRole('button', { name: 'Add the webhook' }));
    const reveal = await screen.findByRole('alertdialog', { name: 'Your new signing secret' }, slow);
    await expect(saves).toHaveBeenCalledTimes(1);
    await expect(saves.mock.calls[0]![0]).toMatchObject({ id: null, values: { name: 'Refunds', enabled: 'true', url: 'https://shop.example/hooks/refunds' }, requestId: expect.any(String) });
    await expect(within(reveal).getByText(NEW_SECRET)).toBeInTheDocument();
    await expect(await screen.findByText('The webhook was added.')).toBeInTheDocument();
    await userEvent.click(within(reveal).getByRole('button', { name: 'I have kept it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(screen.queryByText(NEW_SECRET)).toBeNull();
  },
};

/**
 * A save the service refuses with `errors` (the address is another webhook's): the response popup
 * shows its words; the form says it was not saved and keeps what was typed; nothing else is sent.
 */
export const SaveRefused: Story = {
  beforeEach: () => {
    saveRefusal = { message: { text: 'Not saved' }, reply: { errors: [TAKEN] } };
  },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'New webhook' }));
    const form = await screen.findByRole('dialog', { name: 'New webhook' }, slow);
    const dialog = within(form);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Orders again');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Address' }), ORDERS_WEBHOOK.url);
    await userEvent.click(dialog.getByRole('button', { name: 'Add the webhook' }));
    const popup = await screen.findByRole('alertdialog', {}, slow);
    await expect(popup).toHaveTextContent(TAKEN);
    await expect(saves).toHaveBeenCalledTimes(1);
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Not saved');
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Orders again');
    await expect(dialog.getByRole('textbox', { name: 'Address' })).toHaveValue(ORDERS_WEBHOOK.url);
    await expect(dialog.getByRole('checkbox', { name: 'On: events are posted to this address' })).toBeChecked();
    await expect(form).toBeInTheDocument();
    await expect(saves).toHaveBeenCalledTimes(1);
    await expect(screen.queryByText(NEW_SECRET)).toBeNull();
  },
};

/** Off from the list: sent at once with the webhook's values and the switch flipped. */
export const TurnOff: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(rowOf(canvas, ORDERS_WEBHOOK.name).getByRole('switch', { name: `On (${ORDERS_WEBHOOK.name})` }));
    await waitFor(() => expect(saves).toHaveBeenCalledTimes(1));
    await expect(saves.mock.calls[0]![0]).toMatchObject({ id: ORDERS_WEBHOOK.id, values: { name: ORDERS_WEBHOOK.name, enabled: 'false', url: ORDERS_WEBHOOK.url } });
    await expect(await screen.findByText('The webhook was saved.')).toBeInTheDocument();
  },
};

/** Delete asks first; cancelled nothing is sent; confirmed, it is sent once with the webhook's id. */
export const Delete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const button = canvas.getByRole('button', { name: `Delete ${ACCOUNTING_WEBHOOK.name}` });
    await userEvent.click(button);
    const asked = await screen.findByRole('alertdialog', { name: `Delete the webhook ${ACCOUNTING_WEBHOOK.name}?` }, slow);
    await expect(asked).toHaveTextContent('Its deliveries stay in the log.');
    await userEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(removes).not.toHaveBeenCalled();
    await userEvent.click(button);
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: `Delete the webhook ${ACCOUNTING_WEBHOOK.name}?` }, slow)).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(removes).toHaveBeenCalledTimes(1);
    await expect(removes).toHaveBeenCalledWith({ id: ACCOUNTING_WEBHOOK.id, requestId: expect.any(String) });
    await expect(await screen.findByText('The webhook was deleted.')).toBeInTheDocument();
  },
};

/**
 * On a 320 px column in Portuguese, with a long address, a test event's outcome and the signature's
 * code open: nothing cut off, nothing scrolling sideways.
 */
export const NarrowPortuguese: Story = {
  ...narrowIn('pt', async ({ canvasElement }) => {
    const section = (await within(canvasElement).findByRole('heading', { level: 2 })).closest('section')!;
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
    const first = within(section).getAllByRole('listitem')[0]!;
    // The row's first button is its test event (found by place: its words are translated).
    await userEvent.click(within(first).getAllByRole('button')[0]!);
    await waitFor(() => expect(within(first).getByRole('status')).not.toHaveTextContent(/^$/));
    await userEvent.click(section.querySelector('summary')!);
    await expect(section.querySelector('details')).toHaveAttribute('open');
    await expect(clippedText(section)).toEqual([]);
    await expect(section.scrollWidth).toBeLessThanOrEqual(section.clientWidth);
  }),
  args: { read: webhooksRead([...demoWebhooks, sampleWebhook(503, { name: 'Marketplace notifications for the partner shops', url: 'https://partners.marketplace.example/api/v2/payment-notifications/receive?shop=roastery-lisbon' })]) },
};
