import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { ChosenUsFile, UsFormValues } from '@machines/certification/us-form-upload.machine';
import type { CertificationForm } from '@machines/certification/tax.rules';
import { withAppServices } from '../../../../.storybook/decorators';
import { sampleUpload } from '../../../../.storybook/sample-files';
import { usFormUploadLogicFor } from '../model/us-form-actors';
import { UsFormDialog } from './us-form-dialog';

/** The upload, faked: each story says how it answers. */
const upload = fn<(input: { kind: CertificationForm; values: UsFormValues; file: ChosenUsFile }) => Promise<void>>();
const logic = usFormUploadLogicFor('personal').provide({ actors: { upload: fromPromise<void, { kind: CertificationForm; values: UsFormValues; file: ChosenUsFile }>(({ input }) => upload(input)) } });
const signedPdf = () => sampleUpload.pdf('w8ben-signed.pdf');

/** A US form given (002 s5, s7). The dialog renders in a portal: plays look in `screen`. */
const meta: Meta<typeof UsFormDialog> = {
  title: 'Entities/Certification/US form',
  component: UsFormDialog,
  decorators: [withAppServices],
  args: { form: 'w8ben', signedName: 'Ana Lima', onClose: fn(), onSent: fn(), onRequestForm: fn(), logic },
  beforeEach: () => {
    upload.mockReset();
    upload.mockResolvedValue(undefined);
  },
};
export default meta;
type Story = StoryObj<typeof UsFormDialog>;

const open = async (name: string) => within(await screen.findByRole('dialog', { name }));

/** A W-8BEN: the blank form from the IRS, the name and date prefilled; Send without the file says so first. */
export const W8benNoFile: Story = {
  play: async ({ args }) => {
    const dialog = await open('Form W-8BEN');
    await expect(dialog.getByRole('link', { name: /Get the blank form from the IRS/ })).toHaveAttribute('href', 'https://www.irs.gov/pub/irs-pdf/fw8ben.pdf');
    await expect(dialog.getByRole('textbox', { name: /Your name as signed/ })).toHaveValue('Ana Lima');
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await expect(await dialog.findByText('Choose the file.')).toBeInTheDocument();
    await expect(upload).not.toHaveBeenCalled();
    await expect(args.onSent).not.toHaveBeenCalled();
  },
};

/** A W-9 signed and sent once: the page hears it and the dialog closes. */
export const W9Sent: Story = {
  args: { form: 'w9' },
  play: async ({ args }) => {
    const dialog = await open('Form W-9');
    await userEvent.upload(dialog.getByLabelText('The signed form'), signedPdf());
    await expect(dialog.getByText('w8ben-signed.pdf')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(args.onSent).toHaveBeenCalledWith('w9'));
    await expect(upload).toHaveBeenCalledTimes(1);
    await expect(upload.mock.calls[0]?.[0]).toMatchObject({ kind: 'w9', values: { signedName: 'Ana Lima' } });
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** The service refuses the file: its reason, the file still chosen. */
export const Refused: Story = {
  beforeEach: () => void upload.mockRejectedValue({ fields: { file: { text: 'The file is not a PDF, JPEG or PNG' } } }),
  play: async ({ args }) => {
    const dialog = await open('Form W-8BEN');
    await userEvent.upload(dialog.getByLabelText('The signed form'), signedPdf());
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await expect(await dialog.findByText('The file is not a PDF, JPEG or PNG')).toBeInTheDocument();
    await expect(dialog.getByText('w8ben-signed.pdf')).toBeInTheDocument();
    await expect(args.onSent).not.toHaveBeenCalled();
  },
};

/** Sending: the button waits, the fields are read-only. */
export const Sending: Story = {
  beforeEach: () => void upload.mockImplementation(() => new Promise<never>(() => {})),
  play: async () => {
    const dialog = await open('Form W-8BEN');
    const send = dialog.getByRole('button', { name: 'Send' });
    await userEvent.upload(dialog.getByLabelText('The signed form'), signedPdf());
    await userEvent.click(send);
    await waitFor(() => expect(send).toHaveAttribute('aria-busy', 'true'));
    await expect(dialog.getByRole('textbox', { name: /Your name as signed/ })).toHaveAttribute('readonly');
  },
};

/** The certificate of loss of US nationality: no signature, its date of issue if known. */
export const Certificate: Story = {
  args: { form: 'lossOfNationality' },
  play: async ({ args }) => {
    const dialog = await open('Certificate of loss of US nationality');
    await expect(dialog.queryByRole('textbox', { name: /Your name as signed/ })).toBeNull();
    await expect(dialog.queryByRole('link')).toBeNull();
    await userEvent.upload(dialog.getByLabelText('The certificate'), sampleUpload.png('cln.png'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(args.onSent).toHaveBeenCalledWith('lossOfNationality'));
  },
};
