import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { IpListChange } from '@machines/settings/ip-list.machine';
import { reauthenticationMachine, type CheckPasswordInput, type CheckPasswordReply } from '@machines/settings/reauthentication.machine';
import type { FormFailure, FormValues } from '@machines/shared/form.machine';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { ApiError } from '@/shared/api';
import { forgetProof } from '@/shared/model';
import { ipAddFormLogic, ipListLogic } from '../model/ip-list-actors';
import { AllowedIpSection } from './allowed-ip-section';

/** The fake calls: they succeed unless a story says otherwise (reset before each story). */
const checkPassword = fn<(input: CheckPasswordInput) => Promise<CheckPasswordReply>>();
const addIp = fn<(input: { values: FormValues; proof: string | null; requestId?: string }) => Promise<unknown>>();
const applyChange = fn<(input: { change: IpListChange; requestId: string; proof: string | null }) => Promise<unknown>>();

const reauthentication = reauthenticationMachine.provide({
  actors: { checkPassword: fromPromise<CheckPasswordReply, CheckPasswordInput>(({ input }) => checkPassword(input)) },
});

/** The real statecharts (the list, its add popup and re-authentication) with the fake calls (no network). */
const logic = ipListLogic.provide({
  actors: {
    reauthentication,
    addForm: ipAddFormLogic.provide({ actors: { reauthentication, submit: fromPromise(({ input }) => addIp(input)) } }),
    applyChange: fromPromise(({ input }) => applyChange(input)),
  },
});

const entries = [
  { id: 1, ip: '198.51.100.0', toIp: '198.51.100.255', created: '2026-10-02T09:30:00Z' },
  { id: 2, ip: '2001:db8::1', toIp: null, created: '2026-11-12T17:05:00Z' },
];
const listData = (mode: 'on' | 'off', ips = entries) => [
  [['security', 'access-ips'], { mode, ips }],
  [['security', 'ip-info'], { ip: '127.0.0.1', country_code: 'RO', privacy: { vpn: false, proxy: false, tor: false, hosting: false } }],
];

/**
 * The allowed IP list on /setting (001 s2, s3, s7; issue 50): the mode, the address the service
 * sees, the entries, and the popups of a change, on the list statechart with fake calls. Popups
 * render in a portal: plays look in `screen`.
 */
const meta: Meta<typeof AllowedIpSection> = {
  title: 'Features/Allowed IP list',
  component: AllowedIpSection,
  decorators: [withAppServices, withRouter],
  args: { logic },
  parameters: { layout: 'padded', queryData: listData('off') },
  beforeEach: () => {
    forgetProof();
    checkPassword.mockReset();
    checkPassword.mockImplementation(async () => ({ proof: 'story-proof', expiresIn: 300 }));
    addIp.mockReset();
    addIp.mockImplementation(async ({ values }) => ({ id: 3, ip: values.ip, toIp: values.toIp || null, created: '2026-11-30T08:00:00Z' }));
    applyChange.mockReset();
    applyChange.mockImplementation(async () => ({}));
  },
};
export default meta;
type Story = StoryObj<typeof AllowedIpSection>;

const section = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('region', { name: 'Allowed IP addresses' }));

/** Off, two entries (a range and one IPv6 address), the current address shown. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const view = await section(canvasElement);
    await expect(await view.findByText('Off')).toBeInTheDocument();
    await expect(view.getByText('127.0.0.1')).toBeInTheDocument();
    const table = view.getByRole('table', { name: 'Allowed IP addresses' });
    await expect(within(table).getByRole('rowheader', { name: '198.51.100.0 – 198.51.100.255' })).toBeInTheDocument();
    await expect(within(table).getByRole('button', { name: 'Delete 2001:db8::1' })).toBeEnabled();
  },
};

/** No entries yet: the list says so, and adding is the way on. */
export const Empty: Story = {
  parameters: { queryData: listData('off', []) },
  play: async ({ canvasElement }) => {
    const view = await section(canvasElement);
    await expect(await view.findByText('No addresses on the list')).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Add an address' })).toBeEnabled();
  },
};

/** Nothing read yet (no network in Storybook): the section shows its progress, no buttons. */
export const Loading: Story = {
  parameters: { queryData: [] },
  play: async ({ canvasElement }) => {
    const view = await section(canvasElement);
    await expect(view.queryByRole('button', { name: 'Add an address' })).toBeNull();
    await expect(view.queryByRole('table')).toBeNull();
  },
};

/** The list could not be read: the section says so. */
export const Failed: Story = {
  parameters: { queryData: [], queryErrors: [[['security', 'access-ips'], new ApiError({ kind: 'serverUnavailable', status: 500 })]] },
  play: async ({ canvasElement }) => {
    const view = await section(canvasElement);
    await expect(await view.findByText('Could not load the allowed IP list')).toBeInTheDocument();
    await expect(view.getByText('Server is not available')).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** A range typed the wrong way round is refused at its field, what was typed kept; set right, it is added once with its requestId. */
export const AddRange: Story = {
  play: async ({ canvasElement }) => {
    const view = await section(canvasElement);
    await userEvent.click(await view.findByRole('button', { name: 'Add an address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an IP address' }));
    const from = dialog.getByRole('textbox', { name: /^IP address/ });
    await waitFor(() => expect(from).toHaveFocus());
    await userEvent.type(from, '203.0.113.20');
    await userEvent.type(dialog.getByRole('textbox', { name: /Last address of the range/ }), '203.0.113.10');
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await expect(await dialog.findByText('The range must not end before it starts.')).toBeInTheDocument();
    await expect(addIp).not.toHaveBeenCalled();
    await expect(from).toHaveValue('203.0.113.20');
    const to = dialog.getByRole('textbox', { name: /Last address of the range/ });
    await userEvent.clear(to);
    await userEvent.type(to, '203.0.113.99{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add an IP address' })).toBeNull());
    await expect(addIp).toHaveBeenCalledTimes(1);
    await expect(addIp).toHaveBeenCalledWith({ values: { ip: '203.0.113.20', toIp: '203.0.113.99' }, proof: null, requestId: expect.any(String) });
  },
};

/** Turning the list on while this address is on no entry asks to add it first; added, the list is turned on. */
export const LockOutGuard: Story = {
  play: async ({ canvasElement }) => {
    const view = await section(canvasElement);
    await userEvent.click(await view.findByRole('button', { name: 'Turn the list on' }));
    const question = within(await screen.findByRole('alertdialog', { name: 'Add your current address first' }));
    await expect(question.getByText('You are connected from 127.0.0.1, which is not on the list. With the list on you could not sign in from here.')).toBeInTheDocument();
    await expect(applyChange).not.toHaveBeenCalled();
    await userEvent.click(question.getByRole('button', { name: 'Add 127.0.0.1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an IP address' }));
    await expect(dialog.getByRole('textbox', { name: /^IP address/ })).toHaveValue('127.0.0.1');
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(applyChange).toHaveBeenCalledWith({ change: { kind: 'mode', mode: 'on' }, requestId: expect.any(String), proof: null }));
    await expect(addIp).toHaveBeenCalledTimes(1);
  },
};

/** A deletion is confirmed first; a failure says why and Try again sends the same request. */
export const DeleteConfirmedAndRetried: Story = {
  beforeEach: () => {
    applyChange.mockImplementationOnce(() => Promise.reject({ text: 'Server is not available' }));
  },
  play: async ({ canvasElement }) => {
    const view = await section(canvasElement);
    await userEvent.click(await view.findByRole('button', { name: 'Delete 2001:db8::1' }));
    const question = within(await screen.findByRole('alertdialog', { name: 'Delete this address?' }));
    await expect(applyChange).not.toHaveBeenCalled();
    await userEvent.click(question.getByRole('button', { name: 'Delete' }));
    const failed = within(await screen.findByRole('alertdialog', { name: 'Error' }));
    await expect(failed.getByText('Server is not available')).toBeInTheDocument();
    await userEvent.click(failed.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(applyChange).toHaveBeenCalledTimes(2));
    const [first, second] = applyChange.mock.calls.map(([input]) => input);
    await expect(second).toEqual(first);
    await expect(first!.change).toEqual({ kind: 'delete', id: 2, label: '2001:db8::1' });
  },
};

/** The service asks the user to confirm it is them (403 REAUTH): the password, then the same change again with the proof. */
export const ConfirmItIsYou: Story = {
  parameters: { queryData: listData('on') },
  beforeEach: () => {
    applyChange.mockImplementationOnce(() => Promise.reject({ proofRefused: true, message: { text: 'Confirm it is you first' } } satisfies FormFailure));
  },
  play: async ({ canvasElement }) => {
    const view = await section(canvasElement);
    await userEvent.click(await view.findByRole('button', { name: 'Turn the list off' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    await userEvent.type(dialog.getByLabelText('Your password'), 'Demo-pass-1{Enter}');
    await waitFor(() => expect(applyChange).toHaveBeenCalledTimes(2));
    await expect(applyChange).toHaveBeenLastCalledWith({ change: { kind: 'mode', mode: 'off' }, requestId: applyChange.mock.calls[0]![0].requestId, proof: 'story-proof' });
  },
};
