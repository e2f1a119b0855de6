import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { secretRevealMachine } from '@machines/merchant/secret-reveal.machine';
import { apiKeyEditMachine } from '@machines/public-api/public-api-forms';
import type { FormValues } from '@machines/shared/form.machine';
import type { UiMessage } from '@machines/shared/ui-message';
import type { ApiKey } from '@/entities/public-api';
import { withAppServices, withRouter, withShownNotifications } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { narrowIn } from '../../../../.storybook/narrow';
import { demoApiKeys, expiredApiKey, NOW, OFF_KEY, PRODUCTION_KEY, ROLLED_KEY, failedReadPlay, loadingPlay } from '../../../../.storybook/public-api-fixtures';
import { ApiKeysView, type ApiKeysRead } from './api-keys-panel';

/**
 * /merchant/internal/api_key (issue 57): the keys read (`args.read`), measured against the fixed
 * moment `NOW`; the edit (new key, edit, on or off, delete) and the roll on their real statecharts
 * with fake calls: `saves` records each save (a create answers the new key's secret; `saveRefusal`
 * refuses the next one), `removes` each delete, `regenerates` each roll (`rollFails`: the next one
 * fails).
 */
const NEW_KEY_ID = 311;
const NEW_SECRET = 'pk_live_7f3Kq9LmZx2Rt8Vb4Nc6Hd1Jw5Ys0Pa';
const ROLLED_SECRET = 'pk_live_2Bv8Nq4Xr7Lk1Mz9Tc3Wd6Hf5Js0Ga';

const saves = fn<(input: { id: number | null; values: FormValues; requestId: string }) => void>();
const removes = fn<(input: { id: number; requestId: string }) => void>();
const regenerates = fn<(input: { requestId: string; subject: number | null; choice: string | null }) => void>();
let saveRefusal: unknown = null;
let rollFails = false;

const editLogic = apiKeyEditMachine.provide({
  actors: {
    save: fromPromise(async ({ input }) => {
      saves(input);
      if (saveRefusal) {
        const refusal = saveRefusal;
        saveRefusal = null;
        throw refusal;
      }
      return { id: input.id ?? NEW_KEY_ID, secret: input.id === null ? NEW_SECRET : null };
    }),
    remove: fromPromise(async ({ input }) => {
      removes(input);
    }),
  },
});
const rollLogic = secretRevealMachine.provide({
  actors: {
    regenerate: fromPromise(async ({ input }) => {
      regenerates(input);
      if (rollFails) {
        rollFails = false;
        throw { text: 'The service is not available' } satisfies UiMessage;
      }
      return ROLLED_SECRET;
    }),
  },
});

const keysRead = (keys: ApiKey[]) => fakeQuery<ApiKey[]>({ data: keys }) as ApiKeysRead;

const meta: Meta<typeof ApiKeysView> = {
  title: 'Features/Public API/API keys',
  component: ApiKeysView,
  decorators: [withShownNotifications, withAppServices, withRouter],
  parameters: { layout: 'padded' },
  args: { read: keysRead(demoApiKeys), editLogic, rollLogic, now: NOW },
  beforeEach: () => {
    saves.mockClear();
    removes.mockClear();
    regenerates.mockClear();
    saveRefusal = null;
    rollFails = false;
  },
};
export default meta;
type Story = StoryObj<typeof ApiKeysView>;

const heading = (canvasElement: HTMLElement) => within(canvasElement).findByRole('heading', { level: 1, name: 'API keys' });

/** The list shown: no progress left, the heading there. */
const shown = async (canvasElement: HTMLElement) => {
  await heading(canvasElement);
  await waitFor(() => expect(within(canvasElement).queryByRole('progressbar')).toBeNull());
  return within(canvasElement);
};

/** The row of a key, by its name. */
const rowOf = (canvas: ReturnType<typeof within>, name: string) => within(canvas.getByText(name, { exact: true }).closest('li')!);

const slow = { timeout: 5000 };

/** The keys being read: the heading and its progress, no list. */
export const Loading: Story = {
  args: { read: fakeQuery({ isPending: true }) },
  play: loadingPlay(heading),
};

/** The read failed: what happened and Try again, which reads again. */
export const Error: Story = {
  args: { read: fakeQuery({ isError: true, error: new globalThis.Error('down') }) },
  play: failedReadPlay('The keys could not be loaded'),
};

/** No key yet: said so, with why to make one per server, and "New key". */
export const Empty: Story = {
  args: { read: keysRead([]) },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('No keys yet')).toBeInTheDocument();
    await expect(canvas.getByText('Make a key for each server or app that calls the API, so you can turn one off without stopping the others.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'New key' })).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/**
 * Three keys, each with its state, masked secret, when it was made and used: Production (active,
 * can be rolled), Mobile app (rolled: "Expiring", until when it works, no Roll), Staging (off, never
 * used, can be turned on); each with its requests in the API log, Edit and Delete. No secret shown.
 */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const list = within(canvas.getByRole('list', { name: 'API keys' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(3);
    const production = rowOf(canvas, PRODUCTION_KEY.name);
    await expect(production.getByText('Active', { exact: true })).toBeInTheDocument();
    await expect(production.getByText('••••••••a9Qz')).toBeInTheDocument();
    await expect(production.getByText(/^Made .* · Last used /)).toBeInTheDocument();
    await expect(production.getByRole('switch', { name: `On (${PRODUCTION_KEY.name})` })).toBeChecked();
    await expect(production.getByRole('button', { name: `Roll ${PRODUCTION_KEY.name}` })).toHaveAttribute('aria-haspopup', 'dialog');
    // The key's requests in the API log (the stories' router writes a number-like text in quotes; the app's writes it plain).
    const requests = new URL(production.getByRole('link', { name: `Requests ${PRODUCTION_KEY.name}` }).getAttribute('href') ?? '', 'http://app.example');
    await expect(requests.pathname).toBe('/merchant/internal/api_log');
    await expect([String(PRODUCTION_KEY.id), JSON.stringify(String(PRODUCTION_KEY.id))]).toContain(requests.searchParams.get('apiKeyId'));
    const rolled = rowOf(canvas, ROLLED_KEY.name);
    await expect(rolled.getByText('Expiring', { exact: true })).toBeInTheDocument();
    await expect(rolled.getByText(/ · Works until /)).toBeInTheDocument();
    await expect(rolled.queryByRole('button', { name: /^Roll / })).toBeNull();
    await expect(rolled.getByRole('switch', { name: `On (${ROLLED_KEY.name})` })).toBeEnabled();
    const off = rowOf(canvas, OFF_KEY.name);
    await expect(off.getByText('Off', { exact: true })).toBeInTheDocument();
    await expect(off.getByText(/ · Never used$/)).toBeInTheDocument();
    await expect(off.getByRole('switch', { name: `On (${OFF_KEY.name})` })).not.toBeChecked();
    await expect(off.getByRole('switch', { name: `On (${OFF_KEY.name})` })).toBeEnabled();
    for (const key of demoApiKeys) {
      await expect(list.getByRole('button', { name: `Edit ${key.name}` })).toBeInTheDocument();
      await expect(list.getByRole('button', { name: `Delete ${key.name}` })).toBeInTheDocument();
    }
    await expect(canvas.getAllByRole('button', { name: /^Roll / })).toHaveLength(2);
    await expect(canvas.queryByText(/pk_live_/)).toBeNull();
  },
};

/** A rolled key whose old secret has stopped working, and is off: "Expired", when; it cannot be turned back on or rolled again. */
export const ExpiredKey: Story = {
  args: { read: keysRead([...demoApiKeys, expiredApiKey]) },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const expired = rowOf(canvas, expiredApiKey.name);
    await expect(expired.getByText('Expired', { exact: true })).toBeInTheDocument();
    await expect(expired.getByText(/ · Expired /)).toBeInTheDocument();
    const toggle = expired.getByRole('switch', { name: `On (${expiredApiKey.name})` });
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeDisabled();
    await expect(expired.queryByRole('button', { name: /^Roll / })).toBeNull();
    // An off key that was never rolled may still be turned on.
    await expect(rowOf(canvas, OFF_KEY.name).getByRole('switch', { name: `On (${OFF_KEY.name})` })).toBeEnabled();
  },
};

/**
 * New key: a form without a name is refused at the field and nothing is sent; named, it is sent
 * once, on; the secret the service answered is shown once, and after "I have kept it" it is gone.
 */
export const CreateKey: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'New key' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New API key' }, slow));
    await expect(dialog.getByRole('checkbox', { name: 'On: requests made with this key are accepted' })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Make the key' }));
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    await expect(name).toHaveAccessibleDescription(expect.stringContaining('Enter a name.'));
    await waitFor(() => expect(name).toHaveFocus());
    await expect(saves).not.toHaveBeenCalled();
    await userEvent.type(name, 'Checkout server');
    await userEvent.click(dialog.getByRole('button', { name: 'Make the key' }));
    const reveal = await screen.findByRole('alertdialog', { name: 'Your new API key' }, slow);
    await expect(screen.queryByRole('dialog', { name: 'New API key' })).toBeNull();
    await expect(saves).toHaveBeenCalledTimes(1);
    await expect(saves).toHaveBeenCalledWith({ id: null, values: { name: 'Checkout server', enabled: 'true' }, requestId: expect.any(String) });
    await expect(within(reveal).getByText(NEW_SECRET)).toBeInTheDocument();
    await expect(reveal).toHaveTextContent('Keep it somewhere safe now: it is not shown again.');
    await expect(await screen.findByText('The key was created.')).toBeInTheDocument();
    await userEvent.click(within(reveal).getByRole('button', { name: 'I have kept it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(screen.queryByText(NEW_SECRET)).toBeNull();
    await expect(regenerates).not.toHaveBeenCalled();
  },
};

/** Edit: the key's name and switch filled in; a refusal in the service's words keeps what was typed; saved with the key's id. */
export const EditKey: Story = {
  beforeEach: () => {
    saveRefusal = { message: { text: 'The service is not available' } };
  },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: `Edit ${PRODUCTION_KEY.name}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `Edit the key ${PRODUCTION_KEY.name}` }, slow));
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveValue(PRODUCTION_KEY.name);
    await userEvent.clear(name);
    await userEvent.type(name, 'Production EU');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'On: requests made with this key are accepted' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('The service is not available');
    await expect(name).toHaveValue('Production EU');
    await expect(dialog.getByRole('checkbox', { name: 'On: requests made with this key are accepted' })).not.toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(saves).toHaveBeenCalledTimes(2);
    await expect(saves).toHaveBeenLastCalledWith({ id: PRODUCTION_KEY.id, values: { name: 'Production EU', enabled: 'false' }, requestId: saves.mock.calls[0]![0].requestId });
    await expect(await screen.findByText('The key was saved.')).toBeInTheDocument();
    // An edit issues no secret.
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};

/** On from the list: sent at once with the key's values and the switch flipped. */
export const TurnOn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(rowOf(canvas, OFF_KEY.name).getByRole('switch', { name: `On (${OFF_KEY.name})` }));
    await waitFor(() => expect(saves).toHaveBeenCalledTimes(1));
    await expect(saves).toHaveBeenCalledWith({ id: OFF_KEY.id, values: { name: OFF_KEY.name, enabled: 'true' }, requestId: expect.any(String) });
    await expect(await screen.findByText('The key was saved.')).toBeInTheDocument();
  },
};

/**
 * Roll: the question says what happens and offers how long the old secret keeps working (24 hours
 * chosen first); "In 1 hour" is sent with the key's id; the new secret is shown once.
 */
export const RollKey: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: `Roll ${PRODUCTION_KEY.name}` }));
    const question = within(await screen.findByRole('alertdialog', { name: 'Roll the key?' }, slow));
    await expect(question.getByText(/A new secret is made for this key's name/)).toBeInTheDocument();
    const choices = within(question.getByRole('radiogroup', { name: 'The old secret stops working' }));
    await expect(choices.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Now', 'In 1 hour', 'In 24 hours', 'In 7 days']);
    await expect(choices.getByRole('radio', { name: 'In 24 hours' })).toBeChecked();
    await userEvent.click(choices.getByRole('radio', { name: 'In 1 hour' }));
    await expect(regenerates).not.toHaveBeenCalled();
    await userEvent.click(question.getByRole('button', { name: 'Roll the key' }));
    const reveal = await screen.findByRole('alertdialog', { name: 'Your new API key' }, slow);
    await expect(regenerates).toHaveBeenCalledTimes(1);
    await expect(regenerates).toHaveBeenCalledWith({ subject: PRODUCTION_KEY.id, choice: '1h', requestId: expect.any(String) });
    await expect(within(reveal).getByText(ROLLED_SECRET)).toBeInTheDocument();
    await userEvent.click(within(reveal).getByRole('button', { name: 'I have kept it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(screen.queryByText(ROLLED_SECRET)).toBeNull();
  },
};

/** The roll is cancelled: nothing is sent. It fails: said beside the list with Try again, which sends the same request (one secret issued). */
export const RollFails: Story = {
  beforeEach: () => {
    rollFails = true;
  },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const roll = canvas.getByRole('button', { name: `Roll ${OFF_KEY.name}` });
    await userEvent.click(roll);
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Roll the key?' }, slow)).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(regenerates).not.toHaveBeenCalled();
    await userEvent.click(roll);
    const question = within(await screen.findByRole('alertdialog', { name: 'Roll the key?' }, slow));
    await userEvent.click(question.getByRole('radio', { name: 'Now' }));
    await userEvent.click(question.getByRole('button', { name: 'Roll the key' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The service is not available');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const reveal = await screen.findByRole('alertdialog', { name: 'Your new API key' }, slow);
    await expect(within(reveal).getByText(ROLLED_SECRET)).toBeInTheDocument();
    await expect(regenerates).toHaveBeenCalledTimes(2);
    const [first, second] = regenerates.mock.calls.map(([input]) => input);
    await expect(first).toEqual({ subject: OFF_KEY.id, choice: 'now', requestId: expect.any(String) });
    await expect(second).toEqual(first);
    await userEvent.click(within(reveal).getByRole('button', { name: 'I have kept it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** Delete asks first (an alert dialog, saying what stops); cancelled nothing is sent; confirmed, it is sent once with the key's id and said. */
export const DeleteKey: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const button = canvas.getByRole('button', { name: `Delete ${ROLLED_KEY.name}` });
    await userEvent.click(button);
    const asked = await screen.findByRole('alertdialog', { name: `Delete the key ${ROLLED_KEY.name}?` }, slow);
    await expect(asked).toHaveTextContent('Requests made with it stop working at once.');
    await userEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(removes).not.toHaveBeenCalled();
    await userEvent.click(button);
    const again = await screen.findByRole('alertdialog', { name: `Delete the key ${ROLLED_KEY.name}?` }, slow);
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(removes).toHaveBeenCalledTimes(1);
    await expect(removes).toHaveBeenCalledWith({ id: ROLLED_KEY.id, requestId: expect.any(String) });
    await expect(await screen.findByText('The key was deleted.')).toBeInTheDocument();
  },
};

/** The keys, the rolled one included, on a 320 px column in Portuguese: nothing cut off, nothing scrolling sideways. */
export const NarrowPortuguese: Story = narrowIn('pt', async ({ canvasElement }) => {
  const section = (await within(canvasElement).findByRole('heading', { level: 1 })).closest('section')!;
  await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
  await expect(clippedText(section)).toEqual([]);
  await expect(section.scrollWidth).toBeLessThanOrEqual(section.clientWidth);
});
