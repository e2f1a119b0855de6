import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { withAppServices } from '../../../../.storybook/decorators';
import { adminService, adminServiceFetch, longAdminDocument } from '../../../../.storybook/admin-fixtures';
import { downFetch, pendingFetch, withFetch } from '../../../../.storybook/fake-fetch';
import { clippedText } from '../../../../.storybook/layout-checks';
import { sampleUpload } from '../../../../.storybook/sample-files';
import { AdminDocuments } from './admin-documents';

/**
 * The admin documents of the customer an admin acts for (issue 52), on the real statecharts and the
 * app's calls, answered by a fake company service (no network): the list read, a document added
 * (checked before it is sent, refused by the service, sent again as the same attempt) and removed
 * after a confirmation, the list read again after each change.
 */
const meta: Meta<typeof AdminDocuments> = {
  title: 'Features/Admin documents',
  component: AdminDocuments,
  decorators: [withAppServices],
  parameters: { layout: 'padded' },
  args: { customerId: 10, customerName: 'Acme S.L.' },
  beforeEach: () => {
    adminService.reset();
    return withFetch(adminServiceFetch)();
  },
};
export default meta;
type Story = StoryObj<typeof AdminDocuments>;

const list = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('list', { name: 'Documents' }));
/** The popups render in a portal: plays look in `screen`. */
const openAssign = async (canvasElement: HTMLElement) => {
  await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Add a document' }));
  return within(await screen.findByRole('dialog', { name: 'Add a document for Acme S.L.' }));
};
/** A PDF one byte over the service's 10 MB (10,000,000 bytes). */
const tooLarge = () => new File([new Uint8Array(10_000_001)], 'annual-report.pdf', { type: 'application/pdf' });

/** The first read still running: its progress, no list, nothing to add to yet. */
export const Loading: Story = {
  beforeEach: withFetch(pendingFetch),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Documents of Acme S.L.' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Add a document' })).toBeNull();
  },
};

/** Nothing on the customer's file: said so; adding is there. */
export const Empty: Story = {
  beforeEach: () => void adminService.reset({ documents: [] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("No documents on this customer's file")).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Add a document' })).toBeEnabled();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** The read failed: what happened and "Try again". */
export const Error: Story = {
  beforeEach: withFetch(downFetch),
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('The documents could not be loaded');
    await expect(alert).toHaveTextContent('Server is not available');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('list')).toBeNull();
  },
};

/** Two documents, newest first: name, file and size, when and by whom; Download and Remove named with the document. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const documents = await list(canvasElement);
    const [first, second] = documents.getAllByRole('listitem');
    await expect(first).toHaveTextContent('Signed service agreement');
    await expect(first).toHaveTextContent('service-agreement-signed.pdf');
    await expect(first).toHaveTextContent('284.3 kB');
    await expect(first).toHaveTextContent(/Added on .+ by admin@brand1\.test/);
    await expect(first!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-20T09:30:00Z');
    await expect(second).toHaveTextContent('Certificate of incorporation');
    await expect(second).toHaveTextContent('1.2 MB');
    await expect(second).not.toHaveTextContent(' by ');
    await expect(documents.getByRole('button', { name: 'Download Signed service agreement' })).toBeInTheDocument();
    await expect(documents.getByRole('button', { name: 'Remove Signed service agreement' })).toHaveAttribute('aria-haspopup', 'dialog');
  },
};

/**
 * Checked before sending: nothing given is refused at both fields (focus on the name); a PDF one
 * byte over 10 MB is refused at the file (focus there, announced), the name kept; nothing is sent.
 */
export const AssignTooLarge: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openAssign(canvasElement);
    const name = dialog.getByRole('textbox', { name: /Document name/ });
    await waitFor(() => expect(name).toHaveFocus());
    await userEvent.click(dialog.getByRole('button', { name: 'Add the document' }));
    await expect(await dialog.findByText("Enter the document's name.")).toBeInTheDocument();
    await expect(dialog.getByText('Choose the file.')).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());
    await userEvent.type(name, 'Annual report 2025');
    const file = dialog.getByLabelText('The file');
    await userEvent.upload(file, tooLarge());
    await expect(dialog.getByText('annual-report.pdf')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Add the document' }));
    const error = await dialog.findByText('This file is larger than 10 MB.');
    await expect(error).toHaveAttribute('role', 'alert');
    await expect(file).toHaveAttribute('aria-invalid', 'true');
    await expect(file).toHaveAccessibleDescription('This file is larger than 10 MB.');
    await waitFor(() => expect(file).toHaveFocus());
    await expect(name).toHaveValue('Annual report 2025');
    await expect(name).not.toHaveAttribute('aria-invalid');
    await expect(adminService.assigns).toEqual([]);
  },
};

/**
 * The service refuses the file (its bytes are not a PDF): its words at the file, the name and the
 * file kept. Sent again unchanged it is the same attempt (the same requestId), and kept this time:
 * the popup closes and the list read again shows it first; focus is back on "Add a document".
 */
export const AssignRefusedByService: Story = {
  beforeEach: () => {
    adminService.refuseAssign = { param: 'file', description: 'The file is not a PDF, JPEG or PNG' };
  },
  play: async ({ canvasElement }) => {
    const dialog = await openAssign(canvasElement);
    const name = dialog.getByRole('textbox', { name: /Document name/ });
    await userEvent.type(name, '  Board resolution ');
    await userEvent.upload(dialog.getByLabelText('The file'), sampleUpload.pdf('board-resolution.pdf'));
    await userEvent.click(dialog.getByRole('button', { name: 'Add the document' }));
    await expect(await dialog.findByText('The file is not a PDF, JPEG or PNG')).toHaveAttribute('role', 'alert');
    await expect(name).toHaveValue('  Board resolution ');
    await expect(dialog.getByText('board-resolution.pdf')).toBeInTheDocument();
    await expect(adminService.assigns).toHaveLength(1);
    await expect(adminService.assigns[0]).toMatchObject({
      data: { name: 'Board resolution', requestId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/) },
      file: { name: 'board-resolution.pdf', type: 'application/pdf' },
    });

    adminService.refuseAssign = null;
    await userEvent.click(dialog.getByRole('button', { name: 'Add the document' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(adminService.assigns).toHaveLength(2);
    await expect(adminService.assigns[1]!.data.requestId).toBe(adminService.assigns[0]!.data.requestId);
    const documents = await list(canvasElement);
    await waitFor(() => expect(documents.getAllByRole('listitem')[0]).toHaveTextContent('Board resolution'));
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Add a document' })).toHaveFocus());
  },
};

/**
 * Removal asks first (an alert dialog); Cancel sends nothing; Remove sends once (the document's id
 * with a requestId), and the list read again no longer has it; focus goes to "Add a document".
 */
export const RemoveConfirmation: Story = {
  play: async ({ canvasElement }) => {
    const documents = await list(canvasElement);
    await userEvent.click(documents.getByRole('button', { name: 'Remove Signed service agreement' }));
    let dialog = within(await screen.findByRole('alertdialog', { name: 'Remove the document Signed service agreement?' }));
    await expect(dialog.getByText('The document is taken off the file of Acme S.L. and cannot be brought back.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(adminService.removes).toEqual([]);

    await userEvent.click(documents.getByRole('button', { name: 'Remove Signed service agreement' }));
    dialog = within(await screen.findByRole('alertdialog', { name: 'Remove the document Signed service agreement?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(adminService.removes).toHaveLength(1);
    await expect(adminService.removes[0]).toMatchObject({ documentId: 40002, requestId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/) });
    await waitFor(() => expect(documents.getAllByRole('listitem')).toHaveLength(1));
    await expect(documents.queryByText('Signed service agreement')).toBeNull();
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Add a document' })).toHaveFocus());
  },
};

/** A phone-wide column (320 px). */
const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }}>
    <Story />
  </div>
);

/** In Russian on a 320 px column, a 120-character name and a long file name wrap: nothing is cut off, nothing scrolls sideways. */
export const NarrowRussian: Story = {
  globals: { locale: 'ru' },
  decorators: [narrow],
  args: { customerName: 'Общество с ограниченной ответственностью «Северная торговая компания»' },
  beforeEach: () => void adminService.reset({ documents: [longAdminDocument] }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('list');
    const section = canvasElement.querySelector('section')!;
    await expect(clippedText(section)).toEqual([]);
    await expect(section.scrollWidth).toBeLessThanOrEqual(section.clientWidth);
  },
};
