import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { allowedIpEditMachine } from '@machines/public-api/public-api-forms';
import type { FormValues } from '@machines/shared/form.machine';
import type { AllowedIp } from '@/entities/public-api';
import { withAppServices, withRouter, withShownNotifications } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { narrowIn } from '../../../../.storybook/narrow';
import { demoAllowedIps, failedReadPlay, loadingPlay } from '../../../../.storybook/public-api-fixtures';
import { AllowedIpsView, type AllowedIpsRead } from './allowed-ips-panel';

/**
 * The allowed IP addresses of the API keys (issue 57, on /merchant/internal/api_key): the entries
 * read (`args.read`), the edit (add, edit, on or off, delete) on the real statechart with fake
 * calls: `saves` records each save (`saveRefusal` refuses the next one), `removes` each delete.
 */
const [OFFICE, DATA_CENTRE, HOME] = demoAllowedIps as [AllowedIp, AllowedIp, AllowedIp];
const OVERLAP = 'The range overlaps the entry Data centre';

const saves = fn<(input: { id: number | null; values: FormValues; requestId: string }) => void>();
const removes = fn<(input: { id: number; requestId: string }) => void>();
let saveRefusal: unknown = null;

const editLogic = allowedIpEditMachine.provide({
  actors: {
    save: fromPromise(async ({ input }) => {
      saves(input);
      if (saveRefusal) {
        const refusal = saveRefusal;
        saveRefusal = null;
        throw refusal;
      }
      return { id: input.id ?? 411 };
    }),
    remove: fromPromise(async ({ input }) => {
      removes(input);
    }),
  },
});

const entriesRead = (entries: AllowedIp[]) => fakeQuery<AllowedIp[]>({ data: entries }) as AllowedIpsRead;

const meta: Meta<typeof AllowedIpsView> = {
  title: 'Features/Public API/Allowed IP addresses',
  component: AllowedIpsView,
  decorators: [withShownNotifications, withAppServices, withRouter],
  parameters: { layout: 'padded' },
  args: { read: entriesRead(demoAllowedIps), editLogic },
  beforeEach: () => {
    saves.mockClear();
    removes.mockClear();
    saveRefusal = null;
  },
};
export default meta;
type Story = StoryObj<typeof AllowedIpsView>;

const heading = (canvasElement: HTMLElement) => within(canvasElement).findByRole('heading', { level: 2, name: 'Allowed IP addresses' });

/** The list shown: no progress left, the heading there. */
const shown = async (canvasElement: HTMLElement) => {
  await heading(canvasElement);
  await waitFor(() => expect(within(canvasElement).queryByRole('progressbar')).toBeNull());
  return within(canvasElement);
};

const rowOf = (canvas: ReturnType<typeof within>, name: string) => within(canvas.getByText(name, { exact: true }).closest('li')!);

const slow = { timeout: 5000 };
const ANY_ADDRESS = "No address is on, so your keys work from any address. Add your servers' addresses to refuse requests from anywhere else.";
const ONLY_THESE = 'Your keys work only from the addresses that are on below. A request from anywhere else is refused.';

/** The entries being read: the heading and its progress, no list. */
export const Loading: Story = {
  args: { read: fakeQuery({ isPending: true }) },
  play: loadingPlay(heading),
};

/** The read failed: what happened and Try again, which reads again. */
export const Error: Story = {
  args: { read: fakeQuery({ isError: true, error: new globalThis.Error('down') }) },
  play: failedReadPlay('The addresses could not be loaded'),
};

/** No entry yet: said so, with what an entry is, and that the keys work from any address. */
export const Empty: Story = {
  args: { read: entriesRead([]) },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('No addresses yet')).toBeInTheDocument();
    await expect(canvas.getByText('Add one address, or a range from its first to its last address.')).toBeInTheDocument();
    await expect(canvas.getByText(ANY_ADDRESS)).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Add an address' })).toBeInTheDocument();
  },
};

/** Three entries: one address and a range that are on, an IPv6 address that is off; the keys work only from the ones on. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText(ONLY_THESE)).toBeInTheDocument();
    await expect(canvas.queryByText(ANY_ADDRESS)).toBeNull();
    const list = within(canvas.getByRole('list', { name: 'Allowed IP addresses' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(3);
    await expect(rowOf(canvas, OFFICE.name).getByText('203.0.113.7', { exact: true })).toBeInTheDocument();
    await expect(rowOf(canvas, DATA_CENTRE.name).getByText('198.51.100.0 – 198.51.100.255', { exact: true })).toBeInTheDocument();
    const home = rowOf(canvas, HOME.name);
    await expect(home.getByText('2001:db8::1', { exact: true })).toBeInTheDocument();
    await expect(home.getByText('Off', { exact: true })).toBeInTheDocument();
    await expect(home.getByRole('switch', { name: `On (${HOME.name})` })).not.toBeChecked();
    await expect(rowOf(canvas, OFFICE.name).getByRole('switch', { name: `On (${OFFICE.name})` })).toBeChecked();
    for (const entry of demoAllowedIps) {
      await expect(list.getByRole('button', { name: `Edit ${entry.name}` })).toBeInTheDocument();
      await expect(list.getByRole('button', { name: `Delete ${entry.name}` })).toBeInTheDocument();
    }
  },
};

/** Entries, none of them on: the page says the keys work from any address. */
export const NoneOn: Story = {
  args: { read: entriesRead(demoAllowedIps.map((entry) => ({ ...entry, enabled: false }))) },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText(ANY_ADDRESS)).toBeInTheDocument();
    await expect(canvas.queryByText(ONLY_THESE)).toBeNull();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
  },
};

/**
 * Add a range: one that ends before it starts is refused at its last address by the settings'
 * rule and nothing is sent; put right, it is sent once, on, as typed, and said.
 */
export const AddRange: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add an address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an address' }, slow));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'VPN');
    await userEvent.type(dialog.getByRole('textbox', { name: 'IP address' }), '10.0.0.20');
    const last = dialog.getByRole('textbox', { name: 'Last address of the range (optional)' });
    await userEvent.type(last, '10.0.0.10');
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(last).toHaveAttribute('aria-invalid', 'true'));
    await expect(last).toHaveAccessibleDescription(expect.stringContaining('The range must not end before it starts.'));
    await expect(dialog.getByRole('textbox', { name: 'IP address' })).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(last).toHaveFocus());
    await expect(saves).not.toHaveBeenCalled();
    await userEvent.clear(last);
    await userEvent.type(last, '10.0.0.30');
    await expect(dialog.queryByText('The range must not end before it starts.')).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(saves).toHaveBeenCalledTimes(1);
    await expect(saves).toHaveBeenCalledWith({ id: null, values: { name: 'VPN', enabled: 'true', ipFrom: '10.0.0.20', ipTo: '10.0.0.30' }, requestId: expect.any(String) });
    await expect(await screen.findByText('The address was added.')).toBeInTheDocument();
  },
};

/** An address that is not one: refused at the field, nothing sent. */
export const AddressRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add an address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an address' }, slow));
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining('Enter a name.')));
    await expect(dialog.getByRole('textbox', { name: 'IP address' })).toHaveAccessibleDescription(expect.stringContaining('Enter an IP address.'));
    await userEvent.type(name, 'Office 2');
    await userEvent.type(dialog.getByRole('textbox', { name: 'IP address' }), '203.0.113.999');
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await expect(await dialog.findByText(/^Enter an IPv4 address/)).toBeInTheDocument();
    await expect(saves).not.toHaveBeenCalled();
  },
};

/**
 * A range the service refuses with `errors` (it overlaps another entry): the response popup shows
 * its words; the form says it was not saved and keeps what was typed.
 */
export const OverlapRefused: Story = {
  beforeEach: () => {
    saveRefusal = { message: { text: 'Not saved' }, reply: { errors: [OVERLAP] } };
  },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add an address' }));
    const form = await screen.findByRole('dialog', { name: 'Add an address' }, slow);
    const dialog = within(form);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Backup servers');
    await userEvent.type(dialog.getByRole('textbox', { name: 'IP address' }), '198.51.100.200');
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    const popup = await screen.findByRole('alertdialog', {}, slow);
    await expect(popup).toHaveTextContent(OVERLAP);
    await expect(saves).toHaveBeenCalledTimes(1);
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Not saved');
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Backup servers');
    await expect(dialog.getByRole('textbox', { name: 'IP address' })).toHaveValue('198.51.100.200');
    await expect(form).toBeInTheDocument();
  },
};

/** Edit: the entry's values filled in (a range's end too); saved with its id. */
export const EditRange: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: `Edit ${DATA_CENTRE.name}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `Edit ${DATA_CENTRE.name}` }, slow));
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(DATA_CENTRE.name);
    await expect(dialog.getByRole('textbox', { name: 'IP address' })).toHaveValue('198.51.100.0');
    const last = dialog.getByRole('textbox', { name: 'Last address of the range (optional)' });
    await expect(last).toHaveValue('198.51.100.255');
    await userEvent.clear(last);
    await userEvent.type(last, '198.51.100.127');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(saves).toHaveBeenCalledWith({ id: DATA_CENTRE.id, values: { name: DATA_CENTRE.name, enabled: 'true', ipFrom: '198.51.100.0', ipTo: '198.51.100.127' }, requestId: expect.any(String) });
    await expect(await screen.findByText('The address was saved.')).toBeInTheDocument();
  },
};

/** On from the list: sent at once with the entry's values (an empty end for one address) and the switch flipped. */
export const TurnOn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(rowOf(canvas, HOME.name).getByRole('switch', { name: `On (${HOME.name})` }));
    await waitFor(() => expect(saves).toHaveBeenCalledTimes(1));
    await expect(saves).toHaveBeenCalledWith({ id: HOME.id, values: { name: HOME.name, enabled: 'true', ipFrom: '2001:db8::1', ipTo: '' }, requestId: expect.any(String) });
    await expect(await screen.findByText('The address was saved.')).toBeInTheDocument();
  },
};

/** Delete asks first; cancelled nothing is sent; confirmed, it is sent once with the entry's id. */
export const Delete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const button = canvas.getByRole('button', { name: `Delete ${OFFICE.name}` });
    await userEvent.click(button);
    const asked = await screen.findByRole('alertdialog', { name: `Delete ${OFFICE.name}?` }, slow);
    await expect(asked).toHaveTextContent('If other addresses are on, requests from this one are refused from now on.');
    await userEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(removes).not.toHaveBeenCalled();
    await userEvent.click(button);
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: `Delete ${OFFICE.name}?` }, slow)).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(removes).toHaveBeenCalledTimes(1);
    await expect(removes).toHaveBeenCalledWith({ id: OFFICE.id, requestId: expect.any(String) });
    await expect(await screen.findByText('The address was deleted.')).toBeInTheDocument();
  },
};

/** The entries on a 320 px column in Russian: nothing cut off, nothing scrolling sideways. */
export const NarrowRussian: Story = narrowIn('ru', async ({ canvasElement }) => {
  const section = (await within(canvasElement).findByRole('heading', { level: 2 })).closest('section')!;
  await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
  await expect(clippedText(section)).toEqual([]);
  await expect(section.scrollWidth).toBeLessThanOrEqual(section.clientWidth);
});
