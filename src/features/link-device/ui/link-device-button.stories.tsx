import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { withAppServices } from '../../../../.storybook/decorators';
import { linkDeviceLogic } from '../model/link-device-actors';
import { LinkDeviceButton } from './link-device-button';

const never = () => new Promise<never>(() => {});

/** The fake calls: they succeed unless a story says otherwise (reset before each story). */
const requestDeeplink = fn<() => Promise<{ deeplink: string }>>();
const sendStoreLinks = fn<(input: { phoneNumber: string }) => Promise<void>>();

/** The real statechart with the fake calls (no network). Failures are what the app's calls throw: a UiMessage, a form failure. */
const logic = linkDeviceLogic.provide({
  actors: {
    requestDeeplink: fromPromise<{ deeplink: string }, void>(() => requestDeeplink()),
    sendStoreLinks: fromPromise<void, { phoneNumber: string }>(({ input }) => sendStoreLinks(input)),
  },
});

/**
 * "Link a new phone" on /setting (001 s3 popups): the popup with the QR code of a deeplink the
 * mobile app scans, and the app's store links by SMS, on the link-device statechart with fake
 * calls. The popup's code loads on demand and renders in a portal: plays look in `screen`.
 */
const meta: Meta<typeof LinkDeviceButton> = {
  title: 'Features/Link device',
  component: LinkDeviceButton,
  decorators: [withAppServices],
  args: { logic },
  beforeEach: () => {
    requestDeeplink.mockReset();
    requestDeeplink.mockImplementation(async () => ({ deeplink: 'app://link/abc123' }));
    sendStoreLinks.mockReset();
    sendStoreLinks.mockImplementation(async () => undefined);
  },
};
export default meta;
type Story = StoryObj<typeof LinkDeviceButton>;

/** The button pressed: the popup (its code loaded on demand). */
async function open(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Link a new phone' }));
  return within(await screen.findByRole('dialog', { name: 'Link a new phone' }, { timeout: 5000 }));
}

type DialogQueries = Awaited<ReturnType<typeof open>>;

const mobileNumber = (dialog: DialogQueries) => dialog.getByRole('textbox', { name: 'Mobile number' });

/** A number typed and Send links pressed. */
async function sendTo(dialog: DialogQueries, number: string) {
  await userEvent.type(mobileNumber(dialog), number);
  await userEvent.click(dialog.getByRole('button', { name: 'Send links' }));
}

/** The QR code of the deeplink; Close ends it and focus is back on the button. */
export const QrShown: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Link a new phone' });
    await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    const dialog = await open(canvasElement);
    await expect(await dialog.findByRole('img', { name: 'QR code to link your new phone' }, { timeout: 5000 })).toBeInTheDocument();
    await expect(dialog.getByRole('heading', { name: 'Scan with the mobile app' })).toBeInTheDocument();
    await expect(dialog.queryByRole('progressbar')).toBeNull();
    await expect(requestDeeplink).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  },
};

/** The deeplink is being asked for: the QR's place says it is loading; the store links can be sent meanwhile. */
export const QrLoading: Story = {
  beforeEach: () => void requestDeeplink.mockImplementation(never),
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await expect(dialog.getByRole('progressbar', { name: 'Loading the QR code' })).toBeInTheDocument();
    await expect(dialog.queryByRole('img', { name: 'QR code to link your new phone' })).toBeNull();
    await expect(mobileNumber(dialog)).not.toHaveAttribute('readonly');
    await expect(dialog.getByRole('button', { name: 'Send links' })).toBeEnabled();
  },
};

/** The deeplink could not be had: the reason and Try again, which asks again and shows the QR. */
export const QrFailed: Story = {
  beforeEach: () => void requestDeeplink.mockImplementationOnce(() => Promise.reject({ text: 'The service is not available. Try again later.' })),
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await expect(await dialog.findByRole('alert')).toHaveTextContent('The service is not available. Try again later.');
    await expect(dialog.queryByRole('progressbar')).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Try again' }));
    await expect(await dialog.findByRole('img', { name: 'QR code to link your new phone' }, { timeout: 5000 })).toBeInTheDocument();
    await expect(dialog.queryByRole('alert')).toBeNull();
    await expect(requestDeeplink).toHaveBeenCalledTimes(2);
  },
};

/** The store links sent to a number typed with spaces: sent without them, and the popup says where. */
export const LinksSent: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await expect(mobileNumber(dialog)).toHaveAccessibleDescription('International format, e.g. +40 712 345 678.');
    await sendTo(dialog, '+40 712 345 678');
    await expect(await dialog.findByText('We sent the links to +40712345678.')).toBeInTheDocument();
    await expect(sendStoreLinks).toHaveBeenCalledWith({ phoneNumber: '+40712345678' });
    await expect(mobileNumber(dialog)).not.toHaveAttribute('aria-invalid', 'true');
  },
};

/** A number the rule refuses ("12"): its error on the field, nothing sent. */
export const NumberRefusedByTheRule: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await sendTo(dialog, '12');
    const message = 'Enter the number in international format, starting with + and the country code, like +40 712 345 678.';
    await expect(await dialog.findByText(message)).toBeInTheDocument();
    await expect(mobileNumber(dialog)).toHaveAttribute('aria-invalid', 'true');
    await expect(mobileNumber(dialog)).toHaveValue('12');
    await expect(sendStoreLinks).not.toHaveBeenCalled();
    await expect(dialog.getByRole('status')).toBeEmptyDOMElement();
  },
};

/** The service refuses the number: its reason as the form's alert, the number kept for another try. */
export const NumberRefusedByTheService: Story = {
  beforeEach: () => void sendStoreLinks.mockImplementation(() => Promise.reject({ fields: { phoneNumber: { text: 'This number cannot receive SMS' } } })),
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await sendTo(dialog, '+40712345678');
    await expect(await dialog.findByRole('alert')).toHaveTextContent('This number cannot receive SMS');
    await expect(mobileNumber(dialog)).toHaveValue('+40712345678');
    await expect(dialog.queryByText(/We sent the links/)).toBeNull();
    await expect(sendStoreLinks).toHaveBeenCalledTimes(1);
  },
};
