import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { buttonEditMachine } from '@machines/merchant/button-edit.machine';
import { confirmedChangeMachine } from '@machines/shared/confirmed-change.machine';
import type { UiMessage } from '@machines/shared/ui-message';
import { merchantKeys, type SavedButton } from '@/entities/merchant';
import { brands, type BrandId } from '../../../../brands';
import { withAppServices, withRouter, withShownNotifications } from '../../../../.storybook/decorators';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { demoButtons, demoLogos, logoImagesSeed, sampleButton } from '../../../../.storybook/merchant-fixtures';
import { narrowIn } from '../../../../.storybook/narrow';
import { SavedButtonsView, type ButtonsRead } from './saved-buttons';

/**
 * /merchant/buttons/my_saved_buttons (issue 55): the buttons read (`args.read`), the logos and the
 * open accounts' currencies as the page passes them, the edit form and the deletion on their real
 * statecharts with fake calls: `saves` records each save (`saveFails`: the first is refused with
 * the service's words), `deletes` each deletion. The logos' images are seeded as real PNG blobs.
 */
const MERCHANT_ID = 10442;
const SCRIPT = '<script>alert(1)</script>';

let saves = fn();
let saveFails = false;
const deletes = fn<(input: { subject: string; requestId: string }) => Promise<void>>();

const editLogic = buttonEditMachine.provide({
  actors: {
    save: fromPromise(async ({ input }) => {
      saves(input);
      if (saveFails) {
        saveFails = false;
        throw { message: { text: 'The service is not available' } satisfies UiMessage };
      }
      return input.id ?? 601;
    }),
  },
});
const deleteLogic = confirmedChangeMachine.provide({ actors: { change: fromPromise(({ input }) => deletes(input)) } });

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

const buttonsSeed = (buttons: SavedButton[]) => buttons.map((button) => [merchantKeys.button(button.id), button] as const);

const meta: Meta<typeof SavedButtonsView> = {
  title: 'Features/Saved buttons',
  component: SavedButtonsView,
  decorators: [withShownNotifications, withAppServices, withRouter],
  // The logos' images, and each button as savedButtonGet answers it (Edit starts from it).
  parameters: { layout: 'padded', queryData: [...logoImagesSeed(demoLogos), ...buttonsSeed(demoButtons)] },
  args: {
    read: fakeQuery<SavedButton[]>({ data: demoButtons }) as ButtonsRead,
    logos: demoLogos,
    currencies: ['EUR', 'RON', 'USD'],
    merchantId: MERCHANT_ID,
    canManage: true,
    insecureHosts: [],
    editLogic,
    deleteLogic,
  },
  beforeEach: () => {
    saves = fn();
    saveFails = false;
    deletes.mockReset();
    deletes.mockImplementation(async () => {});
  },
};
export default meta;
type Story = StoryObj<typeof SavedButtonsView>;

const heading = (canvasElement: HTMLElement) => within(canvasElement).findByRole('heading', { level: 1, name: 'Saved buttons' });

/** The list shown: no progress left, the heading there. */
const shown = async (canvasElement: HTMLElement) => {
  await heading(canvasElement);
  await waitFor(() => expect(within(canvasElement).queryByRole('progressbar')).toBeNull());
  return within(canvasElement);
};

/** The row of a button, by its name. */
const rowOf = (canvas: ReturnType<typeof within>, name: string) => canvas.getByText(name, { exact: true }).closest('li')!;

/** The checkout address of the brand the story renders in (the snippet posts to it). */
const checkoutUrlIn = (globals: Record<string, unknown>) => (brands[(globals.brand as BrandId | undefined) ?? 'brand1'] ?? brands.brand1).config.checkoutUrl;

/** The buttons being read: the heading and its progress, nothing to press yet. */
export const Loading: Story = {
  args: { read: fakeQuery({ isPending: true }) },
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('button', { name: 'New button' })).toBeNull();
  },
};

/** The read failed: what happened and Try again. */
export const Error: Story = {
  args: { read: fakeQuery({ isError: true, error: new globalThis.Error('down') }) },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('The saved buttons could not be loaded');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('button', { name: 'New button' })).toBeNull();
  },
};

/** No button yet: said so, with what to do, and "New button". */
export const Empty: Story = {
  args: { read: fakeQuery<SavedButton[]>({ data: [] }) as ButtonsRead },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('No saved buttons yet')).toBeInTheDocument();
    await expect(canvas.getByText('Make a button, then paste its code into your site.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'New button' })).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** Three buttons: buy now with its amount, a donation whose payer chooses the amount, one showing its logo; each with its code, Edit and Delete. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const list = within(canvas.getByRole('list', { name: 'Saved buttons' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(3);
    await expect(rowOf(canvas, 'Coffee beans 1 kg')).toHaveTextContent('Buy now · Arabica coffee beans, 1 kg · €24.90');
    await expect(rowOf(canvas, 'Support the roastery')).toHaveTextContent('Donate · A gift to the roastery · the payer chooses the amount (EUR)');
    const workshop = rowOf(canvas, 'Tasting workshop');
    await expect(workshop).toHaveTextContent('Buy now · Tasting workshop ticket · lei 150.00');
    const logo = await within(workshop).findByRole('img', { name: 'Winter market' });
    await expect(logo.tagName).toBe('IMG');
    await expect(list.getAllByRole('img')).toHaveLength(1);
    for (const button of demoButtons) {
      await expect(list.getByRole('button', { name: `Get the code ${button.name}` })).toBeInTheDocument();
      await expect(list.getByRole('button', { name: `Edit ${button.name}` })).toBeInTheDocument();
      await expect(list.getByRole('button', { name: `Delete ${button.name}` })).toBeInTheDocument();
    }
    await expect(canvas.getByRole('button', { name: 'New button' })).toBeInTheDocument();
  },
};

/** A user who may only look: the buttons and their code, nothing to make, change or delete. */
export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'New button' })).toBeNull();
    await expect(canvas.queryAllByRole('button', { name: /^(Edit|Delete) / })).toHaveLength(0);
    await expect(canvas.getAllByRole('button', { name: /^Get the code / })).toHaveLength(3);
    await expect(canvas.getByRole('button', { name: 'Get the code Coffee beans 1 kg' })).toBeInTheDocument();
  },
};

/** A new button: an empty one refused field by field before anything is sent; the preview follows what is typed; created once with the values as typed (the amount's comma kept), the dialog closed. */
export const Create: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'New button' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New button' }, { timeout: 5000 }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create the button' }));
    await expect(await dialog.findByText('Enter a name.')).toBeInTheDocument();
    await expect(dialog.getByText("Enter the item's name.")).toBeInTheDocument();
    await expect(dialog.getByText('Enter the amount.')).toBeInTheDocument();
    await expect(dialog.getByText('Choose a currency you hold an open account in.')).toBeInTheDocument();
    await expect(saves).not.toHaveBeenCalled();
    const name = dialog.getByRole('textbox', { name: 'Button name' });
    await waitFor(() => expect(name).toHaveFocus());
    await userEvent.type(name, 'Espresso cups');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Item name' }), 'Two espresso cups');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Amount' }), '12,50');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Currency' }), 'EUR');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Logo' }), String(demoLogos[0]!.id));
    const preview = within(dialog.getByRole('figure'));
    await expect(preview.getByText('Preview')).toBeInTheDocument();
    await expect(preview.getByText('Two espresso cups')).toBeInTheDocument();
    await expect(preview.getByText('€12.50')).toBeInTheDocument();
    await expect(preview.getByText('Buy now')).toBeInTheDocument();
    await expect(await preview.findByRole('img', { name: 'Roastery mark' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: 'Donate: the payer may choose the amount' }));
    await expect(preview.getByText('Donate')).toBeInTheDocument();
    await expect(preview.queryByText('Buy now')).toBeNull();
    await expect(dialog.getByRole('textbox', { name: 'Amount (optional)' })).toHaveValue('12,50');
    await userEvent.click(dialog.getByRole('button', { name: 'Create the button' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New button' })).toBeNull());
    await expect(saves).toHaveBeenCalledTimes(1);
    await expect(saves).toHaveBeenCalledWith({
      id: null,
      values: { name: 'Espresso cups', buttonType: 'donate', itemName: 'Two espresso cups', amount: '12,50', currencyCode: 'EUR', logoId: demoLogos[0]!.id, returnUrl: '', cancelUrl: '' },
      requestId: expect.any(String),
    });
    await expect(await screen.findByText('The button was created.')).toBeInTheDocument();
  },
};

/** Edit opens the button's values; a save the service refuses is said and loses nothing; pressed again it is sent with the same requestId. */
export const Edit: Story = {
  beforeEach: () => {
    saveFails = true;
  },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Coffee beans 1 kg' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit the button' }, { timeout: 5000 }));
    await expect(dialog.getByRole('textbox', { name: 'Button name' })).toHaveValue('Coffee beans 1 kg');
    await expect(dialog.getByRole('radio', { name: 'Buy now: a fixed amount' })).toBeChecked();
    await expect(dialog.getByRole('textbox', { name: 'Item name' })).toHaveValue('Arabica coffee beans, 1 kg');
    await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('24.90');
    await expect(dialog.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
    await expect(dialog.getByRole('combobox', { name: 'Logo' })).toHaveValue('');
    await expect(dialog.getByRole('textbox', { name: 'Return address (optional)' })).toHaveValue('https://shop.example/thanks');
    await expect(dialog.getByRole('textbox', { name: 'Cancel address (optional)' })).toHaveValue('https://shop.example/cart');
    const amount = dialog.getByRole('textbox', { name: 'Amount' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '26,00');
    await userEvent.click(dialog.getByRole('button', { name: 'Save the button' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('The service is not available');
    await expect(amount).toHaveValue('26,00');
    await expect(dialog.getByRole('textbox', { name: 'Button name' })).toHaveValue('Coffee beans 1 kg');
    await userEvent.click(dialog.getByRole('button', { name: 'Save the button' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit the button' })).toBeNull());
    await expect(saves).toHaveBeenCalledTimes(2);
    const [first, second] = saves.mock.calls.map(([input]) => input);
    await expect(first).toMatchObject({ id: demoButtons[0]!.id, values: { amount: '26,00', name: 'Coffee beans 1 kg' } });
    await expect(second.requestId).toBe(first.requestId);
    await expect(await screen.findByText('The button was saved.')).toBeInTheDocument();
  },
};

/** "Get the code": the snippet posting to the brand's checkout with the merchant's and the button's ids; Copy puts exactly it on the clipboard and says so. */
export const Code: Story = {
  beforeEach: fakeClipboard,
  play: async ({ canvasElement, globals }) => {
    const canvas = await shown(canvasElement);
    const button = demoButtons[0]!;
    await userEvent.click(canvas.getByRole('button', { name: `Get the code ${button.name}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `The code of ${button.name}` }, { timeout: 5000 }));
    const code = dialog.getByLabelText("The button's code").querySelector('code')!;
    const text = code.textContent ?? '';
    await expect(text).toContain(`action="${checkoutUrlIn(globals)}"`);
    await expect(text).toContain(`name="buttonId" value="${button.id}"`);
    await expect(text).toContain(`name="merchantId" value="${MERCHANT_ID}"`);
    await expect(text).toContain('>Buy now</button>');
    await userEvent.click(dialog.getByRole('button', { name: 'Copy the code' }));
    await expect(await dialog.findByText('The code was copied to the clipboard.')).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await expect(writes).toHaveBeenCalledTimes(1);
    await expect(writes).toHaveBeenCalledWith(text);
  },
};

/** The browser refuses the clipboard: said, with what to do instead. */
export const CodeCopyRefused: Story = {
  beforeEach: () => {
    const restore = fakeClipboard();
    writes.mockImplementation(() => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')));
    return restore;
  },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Get the code Support the roastery' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'The code of Support the roastery' }, { timeout: 5000 }));
    await expect(dialog.getByLabelText("The button's code")).toHaveTextContent('>Donate</button>');
    await userEvent.click(dialog.getByRole('button', { name: 'Copy the code' }));
    await expect(await dialog.findByText('The code could not be copied: select it and copy it yourself.')).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Copy the code' })).toBeInTheDocument();
  },
};

const MARKUP = sampleButton(9, { name: SCRIPT, itemName: `${SCRIPT} <b>bold</b>`, amount: '5' });

/** A name and an item that look like markup are shown as text: no element is made of them, in the list, the code's dialog or the form's preview. */
export const Escaping: Story = {
  args: { read: fakeQuery<SavedButton[]>({ data: [MARKUP] }) as ButtonsRead },
  parameters: { queryData: [...logoImagesSeed(demoLogos), ...buttonsSeed([MARKUP])] },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText(SCRIPT, { exact: true })).toBeInTheDocument();
    await expect(rowOf(canvas, SCRIPT)).toHaveTextContent(`Buy now · ${SCRIPT} <b>bold</b> · €5.00`);
    await expect(canvasElement.querySelector('script, b')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: `Get the code ${SCRIPT}` }));
    const code = await screen.findByRole('dialog', { name: `The code of ${SCRIPT}` }, { timeout: 5000 });
    await expect(code.querySelector('script, b')).toBeNull();
    await expect(within(code).getByLabelText("The button's code")).not.toHaveTextContent('alert(1)');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: `Edit ${SCRIPT}` }));
    const form = await screen.findByRole('dialog', { name: 'Edit the button' }, { timeout: 5000 });
    const preview = within(form).getByRole('figure');
    await expect(within(preview).getByText(`${SCRIPT} <b>bold</b>`)).toBeInTheDocument();
    await expect(form.querySelector('script, b')).toBeNull();
  },
};

/** Delete asks first; cancelled nothing is sent; confirmed, it is sent once with the button's id and said. */
export const Delete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const button = canvas.getByRole('button', { name: 'Delete Support the roastery' });
    await userEvent.click(button);
    const asked = await screen.findByRole('alertdialog', { name: 'Delete the button Support the roastery?' }, { timeout: 5000 });
    await expect(asked).toHaveTextContent('Pages that show its code will show a button that no longer works.');
    await userEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(deletes).not.toHaveBeenCalled();
    await userEvent.click(button);
    const again = await screen.findByRole('alertdialog', { name: 'Delete the button Support the roastery?' }, { timeout: 5000 });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(deletes).toHaveBeenCalledTimes(1);
    await expect(deletes).toHaveBeenCalledWith({ subject: String(demoButtons[1]!.id), requestId: expect.any(String) });
    await expect(await screen.findByText('The button was deleted.')).toBeInTheDocument();
  },
};

/** The deletion fails: its message in the question with Try again, which sends the same requestId. */
export const DeleteFails: Story = {
  beforeEach: () => {
    deletes.mockImplementationOnce(() => Promise.reject({ text: 'The service is not available' } satisfies UiMessage));
  },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Tasting workshop' }));
    const asked = await screen.findByRole('alertdialog', { name: 'Delete the button Tasting workshop?' }, { timeout: 5000 });
    await userEvent.click(within(asked).getByRole('button', { name: 'Delete' }));
    await expect(await within(asked).findByRole('alert')).toHaveTextContent('The service is not available');
    await userEvent.click(within(asked).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(deletes).toHaveBeenCalledTimes(2);
    const [first, second] = deletes.mock.calls.map(([input]) => input);
    await expect(first!.subject).toBe(String(demoButtons[2]!.id));
    await expect(second!.requestId).toBe(first!.requestId);
  },
};

const layoutHolds = async (canvasElement: HTMLElement) => {
  await within(canvasElement).findByRole('img', { name: 'Winter market' });
  const section = (await within(canvasElement).findByRole('heading', { level: 1 })).parentElement!;
  await expect(clippedText(section)).toEqual([]);
  await expect(section.scrollWidth).toBeLessThanOrEqual(section.clientWidth);
};

/** In Portuguese on a 320 px column: nothing cut off, nothing scrolling sideways. */
export const NarrowPortuguese: Story = narrowIn('pt', ({ canvasElement }) => layoutHolds(canvasElement));

/** The same in Russian. */
export const NarrowRussian: Story = narrowIn('ru', ({ canvasElement }) => layoutHolds(canvasElement));
