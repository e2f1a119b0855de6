import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { logoUploadMachine } from '@machines/merchant/logo-upload.machine';
import { confirmedChangeMachine } from '@machines/shared/confirmed-change.machine';
import type { UiMessage } from '@machines/shared/ui-message';
import { taskMachine } from '@machines/shared/task.machine';
import type { Logo } from '@/entities/merchant';
import { withAppServices, withRouter, withShownNotifications } from '../../../../.storybook/decorators';
import { jsonReply, methodOf, withFetch } from '../../../../.storybook/fake-fetch';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { demoLogos, logoImagesSeed, sampleLogo } from '../../../../.storybook/merchant-fixtures';
import { narrowIn } from '../../../../.storybook/narrow';
import { sampleUpload } from '../../../../.storybook/sample-files';
import { readLogoKind } from '../model/logo-actors';
import { BusinessLogosView, type LogosRead } from './business-logos';

/**
 * /merchant/buttons/business_logos (issue 55): the logos read (`args.read`, each image seeded as a
 * real PNG blob), the upload, "Make default" and the deletion on their real statecharts with fake
 * calls: `uploads` records each upload, `defaults` each logo made the default, `deletes` each
 * deletion (its subject and requestId).
 */
const FULL: Logo[] = Array.from({ length: 20 }, (_, i) => sampleLogo(i + 1, { name: `Campaign ${i + 1}` }));
const NOT_SAVED = 'You have 20 logos already: delete one first';

let uploads = fn();
let defaults = fn();
const deletes = fn<(input: { subject: string; requestId: string }) => Promise<void>>();

const uploadLogic = logoUploadMachine.provide({
  actors: {
    readKind: readLogoKind,
    upload: fromPromise(async ({ input }) => {
      uploads(input);
      return 320;
    }),
  },
});
const deleteLogic = confirmedChangeMachine.provide({ actors: { change: fromPromise(({ input }) => deletes(input)) } });
const makeDefault = (logo: Logo) =>
  taskMachine.provide({
    actors: {
      run: fromPromise(async () => {
        defaults(logo.id);
      }),
    },
  });

/** The service refusing a logo with a reply that carries `errors` (001 s8), as the sandbox does past 20 logos; `creates` records each logoCreate. */
let creates = fn();
const refusingService: typeof fetch = async (input) => {
  const method = methodOf(input);
  creates(method);
  return jsonReply({ responseCode: 'UE', responseDescription: NOT_SAVED, errors: [NOT_SAVED] });
};

const meta: Meta<typeof BusinessLogosView> = {
  title: 'Features/Business logos',
  component: BusinessLogosView,
  decorators: [withShownNotifications, withAppServices, withRouter],
  parameters: { layout: 'padded', queryData: logoImagesSeed(demoLogos) },
  args: { read: fakeQuery<Logo[]>({ data: demoLogos }) as LogosRead, canManage: true, deleteLogic, makeDefault },
  beforeEach: () => {
    uploads = fn();
    defaults = fn();
    creates = fn();
    deletes.mockReset();
    deletes.mockImplementation(async () => {});
  },
};
export default meta;
type Story = StoryObj<typeof BusinessLogosView>;

const heading = (canvasElement: HTMLElement) => within(canvasElement).findByRole('heading', { level: 1, name: 'Business logos' });

/** The list shown: no progress left, the heading there. */
const shown = async (canvasElement: HTMLElement) => {
  await heading(canvasElement);
  await waitFor(() => expect(within(canvasElement).queryByRole('progressbar')).toBeNull());
  return within(canvasElement);
};

const addDialog = async () => screen.findByRole('dialog', { name: 'Add a logo' }, { timeout: 5000 });

/** The logos being read: the heading and its progress, nothing to press yet. */
export const Loading: Story = {
  args: { read: fakeQuery({ isPending: true }) },
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('button', { name: 'Add a logo' })).toBeNull();
  },
};

/** The read failed: what happened and Try again. */
export const Error: Story = {
  args: { read: fakeQuery({ isError: true, error: new globalThis.Error('down') }) },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('The logos could not be loaded');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('button', { name: 'Add a logo' })).toBeNull();
  },
};

/** No logo yet: said so, with what to do, and "Add a logo". */
export const Empty: Story = {
  args: { read: fakeQuery<Logo[]>({ data: [] }) as LogosRead },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(canvas.getByText('No logos yet')).toBeInTheDocument();
    await expect(canvas.getByText('Add your logo so payers recognise you at the checkout.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Add a logo' })).toBeEnabled();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** Three logos: each image named by its logo, the default marked, the others with Make default; each with Delete. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const list = within(canvas.getByRole('list', { name: 'Business logos' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(3);
    for (const logo of demoLogos) {
      const image = await list.findByRole('img', { name: logo.name });
      await expect(image.tagName).toBe('IMG');
    }
    const defaultRow = list.getAllByRole('listitem')[0]!;
    await expect(within(defaultRow).getByText('Default', { exact: true })).toBeInTheDocument();
    await expect(list.getAllByText('Default', { exact: true })).toHaveLength(1);
    await expect(within(defaultRow).queryByRole('button', { name: /^Make default/ })).toBeNull();
    await expect(list.getByRole('button', { name: 'Make default Winter market' })).toBeInTheDocument();
    await expect(list.getByRole('button', { name: 'Make default Gift cards' })).toBeInTheDocument();
    await expect(list.getAllByRole('button', { name: /^Delete / })).toHaveLength(3);
    await expect(canvas.getByRole('button', { name: 'Add a logo' })).toBeEnabled();
  },
};

/** A user who may only look: the logos and the default, nothing to add, make default or delete. */
export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await expect(await canvas.findByRole('img', { name: 'Roastery mark' })).toBeInTheDocument();
    await expect(canvas.getByText('Default', { exact: true })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Add a logo' })).toBeNull();
    await expect(canvas.queryAllByRole('button', { name: /^(Make default|Delete)/ })).toHaveLength(0);
    await expect(canvas.queryAllByRole('button')).toHaveLength(0);
  },
};

/** Twenty logos, the most there can be: "Add a logo" is disabled and the sentence beside it says why. */
export const Full: Story = {
  args: { read: fakeQuery<Logo[]>({ data: FULL }) as LogosRead },
  parameters: { queryData: logoImagesSeed(FULL) },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const sentence = 'You have 20 logos, the most there can be. Delete one to add another.';
    await expect(canvas.queryByRole('button', { name: 'Add a logo' })).toBeNull();
    await expect(canvas.getByText(sentence)).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(20);
  },
};

/** Nothing chosen is refused at the fields; a file that is not an image by its bytes is refused before any upload; a real PNG is uploaded once and the dialog closes. */
export const Upload: Story = {
  args: { uploadLogic },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a logo' }));
    const dialog = within(await addDialog());
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    await expect(await dialog.findByText('Enter a name.')).toBeInTheDocument();
    await expect(dialog.getByText('Choose an image.')).toBeInTheDocument();
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveFocus());
    await userEvent.type(name, 'Spring campaign');
    const input = dialog.getByLabelText('Image (PNG or JPEG, at most 1 MB)');
    await userEvent.upload(input, new File(['hello'], 'x.png', { type: 'image/png' }));
    await expect(dialog.getByText('x.png')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    await expect(await dialog.findByText('This file is not a PNG or JPEG image, whatever its name says. Choose another.')).toBeInTheDocument();
    await expect(uploads).not.toHaveBeenCalled();
    const png = sampleUpload.png('spring.png');
    await userEvent.upload(input, png);
    await expect(dialog.queryByText('This file is not a PNG or JPEG image, whatever its name says. Choose another.')).toBeNull();
    const isDefault = dialog.getByRole('checkbox', { name: 'Make it the default' });
    await expect(isDefault).not.toBeChecked();
    await userEvent.click(isDefault);
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a logo' })).toBeNull());
    await expect(uploads).toHaveBeenCalledTimes(1);
    await expect(uploads).toHaveBeenCalledWith({ name: 'Spring campaign', isDefault: true, file: png, requestId: expect.any(String) });
    await expect(await screen.findByText('The logo was uploaded.')).toBeInTheDocument();
  },
};

/** The first logo is the default whatever is chosen: the box is checked and fixed. */
export const UploadFirst: Story = {
  args: { read: fakeQuery<Logo[]>({ data: [] }) as LogosRead, uploadLogic },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a logo' }));
    const dialog = within(await addDialog());
    const isDefault = dialog.getByRole('checkbox', { name: 'Your first logo is the default' });
    await expect(isDefault).toBeChecked();
    await expect(isDefault).toBeDisabled();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Roastery mark');
    await userEvent.upload(dialog.getByLabelText('Image (PNG or JPEG, at most 1 MB)'), sampleUpload.png('mark.png'));
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveBeenCalledTimes(1));
    await expect(uploads.mock.calls[0]![0]).toMatchObject({ name: 'Roastery mark', isDefault: true });
  },
};

/** The app's own upload call (no logic given) refused with `errors`: the response popup shows the service's words; the form says the logo was not saved and keeps the name and the file. */
export const UploadRefusedWithErrors: Story = {
  beforeEach: withFetch(refusingService),
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a logo' }));
    const dialog = within(await addDialog());
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Spring campaign');
    await userEvent.upload(dialog.getByLabelText('Image (PNG or JPEG, at most 1 MB)'), sampleUpload.png('spring.png'));
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    const popup = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
    await expect(popup).toHaveTextContent(NOT_SAVED);
    await expect(creates).toHaveBeenCalledTimes(1);
    await expect(creates).toHaveBeenCalledWith('logoCreate');
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(await dialog.findByText('The logo was not saved.')).toBeInTheDocument();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Spring campaign');
    await expect(dialog.getByText('spring.png')).toBeInTheDocument();
    await expect(await screen.findByRole('dialog', { name: 'Add a logo' })).toBeInTheDocument();
  },
};

/** A refusal in the form's own words (a fake upload that throws one): said in the form, the name kept, nothing else lost. */
export const UploadRefused: Story = {
  args: {
    uploadLogic: logoUploadMachine.provide({
      actors: {
        readKind: readLogoKind,
        upload: fromPromise(async ({ input }) => {
          uploads(input);
          throw { message: { text: 'The logo was not saved.' } satisfies UiMessage };
        }),
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a logo' }));
    const dialog = within(await addDialog());
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Spring campaign');
    await userEvent.upload(dialog.getByLabelText('Image (PNG or JPEG, at most 1 MB)'), sampleUpload.png('spring.png'));
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('The logo was not saved.');
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Spring campaign');
    await expect(dialog.getByText('spring.png')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveBeenCalledTimes(2));
    // The same name, flag and file again: the same intent, the same requestId.
    await expect(uploads.mock.calls[1]![0].requestId).toBe(uploads.mock.calls[0]![0].requestId);
  },
};

/** "Make default" of another logo runs its task once, for that logo. */
export const MakeDefault: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Make default Gift cards' }));
    await waitFor(() => expect(defaults).toHaveBeenCalledTimes(1));
    await expect(defaults).toHaveBeenCalledWith(demoLogos[2]!.id);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Delete asks first; confirmed, it is sent once with the logo's id and said. */
export const Delete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    const button = canvas.getByRole('button', { name: 'Delete Winter market' });
    await userEvent.click(button);
    const asked = await screen.findByRole('alertdialog', { name: 'Delete the logo Winter market?' }, { timeout: 5000 });
    await expect(asked).toHaveTextContent('Buttons that show it will show no logo.');
    await userEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(deletes).not.toHaveBeenCalled();
    await userEvent.click(button);
    const again = await screen.findByRole('alertdialog', { name: 'Delete the logo Winter market?' }, { timeout: 5000 });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(deletes).toHaveBeenCalledTimes(1);
    await expect(deletes).toHaveBeenCalledWith({ subject: String(demoLogos[1]!.id), requestId: expect.any(String) });
    await expect(await screen.findByText('The logo was deleted.')).toBeInTheDocument();
  },
};

/** The deletion fails: its message in the question with Try again, which sends the same requestId. */
export const DeleteFails: Story = {
  beforeEach: () => {
    deletes.mockImplementationOnce(() => Promise.reject({ text: 'The service is not available' } satisfies UiMessage));
  },
  play: async ({ canvasElement }) => {
    const canvas = await shown(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Roastery mark' }));
    const asked = await screen.findByRole('alertdialog', { name: 'Delete the logo Roastery mark?' }, { timeout: 5000 });
    await userEvent.click(within(asked).getByRole('button', { name: 'Delete' }));
    await expect(await within(asked).findByRole('alert')).toHaveTextContent('The service is not available');
    await userEvent.click(within(asked).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(deletes).toHaveBeenCalledTimes(2);
    const [first, second] = deletes.mock.calls.map(([input]) => input);
    await expect(first!.subject).toBe(String(demoLogos[0]!.id));
    await expect(second!.requestId).toBe(first!.requestId);
  },
};

const layoutHolds = async (canvasElement: HTMLElement) => {
  await waitFor(() => expect(within(canvasElement).getAllByRole('img')).toHaveLength(demoLogos.length));
  const section = (await within(canvasElement).findByRole('heading', { level: 1 })).parentElement!;
  await expect(clippedText(section)).toEqual([]);
  await expect(section.scrollWidth).toBeLessThanOrEqual(section.clientWidth);
};

/** In Portuguese on a 320 px column: nothing cut off, nothing scrolling sideways. */
export const NarrowPortuguese: Story = narrowIn('pt', ({ canvasElement }) => layoutHolds(canvasElement));

/** The same in Russian. */
export const NarrowRussian: Story = narrowIn('ru', ({ canvasElement }) => layoutHolds(canvasElement));
