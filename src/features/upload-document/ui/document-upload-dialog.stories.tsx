import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromCallback } from 'xstate';
import type { DocumentUploadContext, DocumentUploadEvent } from '@machines/verification/document-upload.machine';
import { LANGUAGES } from '@/shared/config';
import { withAppServices, withAppStart } from '../../../../.storybook/decorators';
import { sampleUpload } from '../../../../.storybook/sample-files';
import { pendingFetch, withFetch } from '../../../../.storybook/fake-fetch';
import { documentUploadLogic } from '../model/upload-actors';
import { DocumentUploadDialog } from './document-upload-dialog';
import { UploadDocumentButton } from './upload-document-button';

type UploadInput = Pick<DocumentUploadContext, 'categoryId' | 'documentTypeId' | 'target' | 'files'>;

/** A fake upload: PROGRESS at once, then nothing more (hang), a failure, or the document's id. */
function fakeLogic(outcome: 'hang' | 'fail' | 'succeed') {
  return documentUploadLogic.provide({
    actors: {
      upload: fromCallback<DocumentUploadEvent, UploadInput>(({ sendBack }) => {
        const timers = [
          setTimeout(() => sendBack({ type: 'PROGRESS', percent: 40 }), 0),
          setTimeout(() => {
            if (outcome === 'fail') sendBack({ type: 'UPLOAD_FAILED', error: { message: { text: 'The upload was interrupted' } } });
            if (outcome === 'succeed') sendBack({ type: 'UPLOADED', documentId: 9010 });
          }, 50),
        ];
        return () => timers.forEach(clearTimeout);
      }),
    },
  });
}
const hanging = fakeLogic('hang');
const failing = fakeLogic('fail');
const succeeding = fakeLogic('succeed');

/** The documentTypes reply's categories (identity with four types, address with one). */
const categories = [
  {
    id: '1',
    name: 'Identity',
    customerDocumentTypes: [
      { id: '1', name: 'Passport' },
      { id: '4', name: 'National identity card' },
      { id: '5', name: 'Driving licence' },
      { id: '88', name: 'Internal passport' },
    ],
  },
  { id: '2', name: 'Address', customerDocumentTypes: [{ id: '20', name: 'Utility bill' }] },
];
/** Seeded for every language the story may be shown in (the query's key is ['documentTypes', language]). */
const seededTypes = LANGUAGES.map((language) => [['documentTypes', language], categories] as const);

const passport = () => sampleUpload.jpeg('passport.jpg');
const notes = () => new File(['x'.repeat(2048)], 'notes.txt', { type: 'text/plain' });

/** The call that is never answered until it is cancelled, and the one that fails (no network). */
const failingFetch: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));

/** The dialog renders in a portal: plays look in `screen`. */
const openDialog = async (name = 'Upload your identity document') => screen.findByRole('dialog', { name });

/** A verification document uploaded, on its statechart with fake uploads (no network). */
const meta: Meta<typeof DocumentUploadDialog> = {
  title: 'Features/Upload document',
  component: DocumentUploadDialog,
  decorators: [withAppServices, withAppStart],
  parameters: { queryData: seededTypes },
  args: { title: 'Upload your identity document', categoryId: 1, countryCode: 'RO', onClose: fn(), onUploaded: fn(), logic: succeeding },
};
export default meta;
type Story = StoryObj<typeof DocumentUploadDialog>;

/** The identity category's types to choose from; no file box until one is chosen. */
export const Choosing: Story = {
  play: async () => {
    const dialog = within(await openDialog());
    const select = dialog.getByRole('combobox', { name: /Document type/ });
    await expect(within(select).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['', '1', '4', '5', '88']);
    await expect(dialog.queryByLabelText('Front of the document')).toBeNull();
    await userEvent.selectOptions(select, '4');
    await expect(await dialog.findByLabelText('Front of the document')).toBeInTheDocument();
    await expect(dialog.getByLabelText('Back of the document')).toBeInTheDocument();
    await userEvent.selectOptions(select, '1');
    await waitFor(() => expect(dialog.queryByLabelText('Back of the document')).toBeNull());
  },
};

/** A category with one type: it is chosen, its form shows at once. */
export const SingleType: Story = {
  args: { title: 'Upload a proof of address', categoryId: 2, target: { addressId: 77 } },
  play: async () => {
    const dialog = within(await openDialog('Upload a proof of address'));
    await expect(dialog.getByRole('combobox', { name: /Document type/ })).toHaveValue('20');
    await expect(dialog.getByLabelText('Front of the document')).toBeInTheDocument();
  },
};

/** The types are loading: the preloader. */
export const TypeLoading: Story = {
  parameters: { queryData: [] },
  beforeEach: withFetch(pendingFetch),
  play: async () => {
    const dialog = within(await openDialog());
    await expect(await dialog.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(dialog.queryByRole('combobox')).toBeNull();
  },
};

/** The types could not be loaded: what happened, and Try again. */
export const TypeListFailed: Story = {
  parameters: { queryData: [] },
  beforeEach: withFetch(failingFetch),
  play: async () => {
    const dialog = within(await openDialog());
    await expect(await dialog.findByRole('heading', { name: 'The document types could not be loaded' })).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** A national identity card (type 4): the front and the back. */
export const FrontAndBack: Story = {
  args: { documentTypeId: 4 },
  play: async () => {
    const dialog = within(await openDialog());
    await expect(dialog.getByLabelText('Front of the document')).toHaveAttribute('accept', 'application/pdf,image/jpeg,image/png');
    await expect(dialog.getByLabelText('Back of the document')).toBeInTheDocument();
    await expect(dialog.getByText('PDF, JPEG or PNG, up to 10 MB each.')).toBeInTheDocument();
    await expect(dialog.queryByRole('combobox')).toBeNull();
  },
};

/** An internal passport (type 88) in Russia: the photo page (chosen) and the registration stamp. */
export const StampRU: Story = {
  args: { documentTypeId: 88, countryCode: 'RU', initialFiles: { front: passport() } },
  play: async () => {
    const dialog = within(await openDialog());
    await expect(dialog.getByLabelText('Passport page with your photo')).toBeInTheDocument();
    await expect(dialog.getByLabelText('Page with the registration stamp')).toBeInTheDocument();
    await expect(await dialog.findByText('passport.jpg')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Remove the photo page' }));
    await waitFor(() => expect(dialog.queryByText('passport.jpg')).toBeNull());
  },
};

/** Send with nothing chosen: each part says what is missing and focus goes to the first. */
export const Problems: Story = {
  args: { documentTypeId: 4 },
  play: async ({ args }) => {
    const dialog = within(await openDialog());
    await userEvent.click(dialog.getByRole('button', { name: 'Send document' }));
    await expect(await dialog.findByText('Choose the front of the document.')).toBeInTheDocument();
    await expect(dialog.getByText('Choose the back of the document.')).toBeInTheDocument();
    const front = dialog.getByLabelText('Front of the document');
    await waitFor(() => expect(front).toHaveAttribute('aria-invalid', 'true'));
    await expect(front).toHaveAccessibleDescription(/Choose the front of the document\./);
    await expect(front).toHaveFocus();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** A file of another kind: refused before anything is sent. */
export const WrongFile: Story = {
  args: { documentTypeId: 1, initialFiles: { front: notes() } },
  play: async () => {
    const dialog = within(await openDialog());
    await expect(await dialog.findByText('notes.txt')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Send document' }));
    await expect(await dialog.findByText('This file is not a PDF, JPEG or PNG.')).toBeInTheDocument();
  },
};

/** Sending: the progress and Cancel; Send waits. */
export const Uploading: Story = {
  args: { documentTypeId: 1, initialFiles: { front: passport() }, logic: hanging },
  play: async () => {
    const dialog = within(await openDialog());
    await expect(await dialog.findByText('passport.jpg')).toBeInTheDocument();
    // Found before it is pressed: while pending, its name is the spinner's ("Loading…").
    const send = dialog.getByRole('button', { name: 'Send document' });
    await userEvent.click(send);
    await expect(await dialog.findByLabelText('Sending the document: 40 %')).toHaveAttribute('value', '40');
    await expect(send).toHaveAttribute('aria-disabled', 'true');
    await expect(dialog.getAllByRole('button', { name: 'Cancel' })).toHaveLength(1);
    await expect(dialog.getByLabelText('Front of the document')).toBeDisabled();
  },
};

/** Cancelled while sending: back to the choice, the file kept. */
export const UploadCancelled: Story = {
  args: { documentTypeId: 1, initialFiles: { front: passport() }, logic: hanging },
  play: async ({ args }) => {
    const dialog = within(await openDialog());
    await expect(await dialog.findByText('passport.jpg')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Send document' }));
    await dialog.findByLabelText('Sending the document: 40 %');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog.queryByRole('progressbar', { name: /Sending the document/ })).toBeNull());
    await expect(dialog.getByText('passport.jpg')).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Send document' })).toHaveFocus();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** The upload failed: why, with the file still chosen so Send can be pressed again. */
export const Failed: Story = {
  args: { documentTypeId: 1, initialFiles: { front: passport() }, logic: failing },
  play: async ({ args }) => {
    const dialog = within(await openDialog());
    await expect(await dialog.findByText('passport.jpg')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Send document' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('The upload was interrupted');
    await expect(dialog.getByText('passport.jpg')).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Send document' })).not.toHaveAttribute('aria-disabled');
    await expect(args.onUploaded).not.toHaveBeenCalled();
  },
};

/** Sent: the id handed over and the dialog asks to be closed. */
export const Sent: Story = {
  args: { documentTypeId: 1, initialFiles: { front: passport() }, logic: succeeding },
  play: async ({ args }) => {
    const dialog = within(await openDialog());
    await expect(await dialog.findByText('passport.jpg')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Send document' }));
    await waitFor(() => expect(args.onUploaded).toHaveBeenCalledWith(9010));
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1));
  },
};

/** The button that opens the dialog (its code loads on demand). */
export const Button: StoryObj<typeof UploadDocumentButton> = {
  render: () => <UploadDocumentButton label="Upload your passport" title="Upload your identity document" categoryId={1} documentTypeId={1} countryCode="RO" variant="secondary" />,
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Upload your passport' });
    await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(button);
    const dialog = within(await screen.findByRole('dialog', { name: 'Upload your identity document' }, { timeout: 5000 }));
    await expect(dialog.getByLabelText('Front of the document')).toBeInTheDocument();
  },
};
