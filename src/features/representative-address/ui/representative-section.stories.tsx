import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { configureApi } from '@/shared/api';
import { withAppServices, withDictionaries, withShownNotifications } from '../../../../.storybook/decorators';
import { companyFileFetch, companyFileService, demoCountries, demoRepresentativeAddress, representativeWithAddress } from '../../../../.storybook/company-file-fixtures';
import { downFetch, pendingFetch, withFetch } from '../../../../.storybook/fake-fetch';
import { clippedText } from '../../../../.storybook/layout-checks';
import { sampleUpload } from '../../../../.storybook/sample-files';
import { RepresentativeSection } from './representative-section';

/**
 * The signed-in user as the company's representative (issue 53, the company file) on the real form
 * statechart and the app's calls, answered by a fake company service (no network): read (name,
 * phone, the address with where its proof stands), and, without an address, the address added
 * with its proof in a dialog — checked before sending, refused by the service (the same attempt
 * sent again), sent once as one multipart request, the file read again.
 */
const meta: Meta<typeof RepresentativeSection> = {
  title: 'Features/Representative address/Representative section',
  component: RepresentativeSection,
  decorators: [withShownNotifications, withAppServices, withDictionaries({ countries: demoCountries })],
  parameters: { layout: 'padded' },
  args: { canAdd: true },
  beforeEach: () => {
    companyFileService.reset();
    return withFetch(companyFileFetch)();
  },
};
export default meta;
type Story = StoryObj<typeof RepresentativeSection>;

const HEADING = "You as the company's representative";
const slow = { timeout: 5000 };

/** The dialog renders in a portal: plays look in `screen`. Opened, its countries and proof types arrived. */
async function openDialog(canvasElement: HTMLElement) {
  await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Add your address' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add your address' }, slow);
  const d = within(dialog);
  const country = d.getByRole('combobox', { name: /Country/ });
  await within(country).findByRole('option', { name: 'Germany' });
  const proofType = await d.findByRole('combobox', { name: /Type of proof/ });
  return {
    d,
    street: d.getByRole('textbox', { name: /Street and number/ }),
    more: d.getByRole('textbox', { name: /Apartment, floor/ }),
    city: d.getByRole('textbox', { name: /City/ }),
    postalCode: d.getByRole('textbox', { name: /Postal code/ }),
    country,
    proofType,
    file: d.getByLabelText('Proof of address'),
    save: d.getByRole('button', { name: 'Save address' }),
  };
}
type AddressForm = Awaited<ReturnType<typeof openDialog>>;

/** An address in Albany, New York, with a utility bill as its proof. */
async function fill(form: AddressForm) {
  await userEvent.type(form.street, '1 Main Street');
  await userEvent.type(form.city, 'Albany');
  await userEvent.type(form.postalCode, '12207');
  await userEvent.selectOptions(form.country, 'US');
  await userEvent.selectOptions(await form.d.findByRole('combobox', { name: /State or region/ }), 'NY');
  await userEvent.selectOptions(form.proofType, '20');
  await userEvent.upload(form.file, sampleUpload.pdf('electricity-bill.pdf'));
}

/** The first read still running: the heading and the progress, nothing to add yet. */
export const Loading: Story = {
  beforeEach: withFetch(pendingFetch),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: HEADING })).toBeInTheDocument();
    await expect(await canvas.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Add your address' })).toBeNull();
  },
};

/** The service is down: what happened and "Try again" (the service back: the details). */
export const Error: Story = {
  beforeEach: withFetch(downFetch),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Your details as the representative could not be loaded');
    await expect(alert).toHaveTextContent('Server is not available');
    configureApi({ fetch: companyFileFetch });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByText('Maria Keller')).toBeInTheDocument();
  },
};

/** An address whose proof is accepted: the address on one line with its status; nothing to add. */
export const WithAddress: Story = {
  beforeEach: () => void companyFileService.reset({ representative: representativeWithAddress }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Friedrichstraße 120, 10117 Berlin, Germany')).toBeInTheDocument();
    await expect(canvas.getByText('Maria Keller')).toBeInTheDocument();
    await expect(canvas.getByText('+49301234568')).toBeInTheDocument();
    await expect(canvas.getByText('Accepted')).toBeInTheDocument();
    await expect(canvas.queryByText('No address yet')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Add your address' })).toBeNull();
  },
};

/** No address yet: said so, and "Add your address" opens a dialog; without the right to add, only said. */
export const NoAddress: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No address yet')).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: HEADING })).toBeInTheDocument();
    const add = canvas.getByRole('button', { name: 'Add your address' });
    await expect(add).toHaveAttribute('aria-haspopup', 'dialog');
    const form = await openDialog(canvasElement);
    for (const input of [form.street, form.more, form.city, form.postalCode]) await expect(input).toHaveValue('');
    await expect(form.country).toHaveValue('');
    await expect(within(form.proofType).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'Utility bill', 'Bank statement', 'Tenancy agreement']);
    await expect(form.d.queryByRole('combobox', { name: /State or region/ })).toBeNull();
    await expect(form.file).toHaveAttribute('accept', 'application/pdf,image/jpeg,image/png');
    await userEvent.click(form.d.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(add).toHaveFocus());
  },
};

/** The same section for a user who may not add it: no button. */
export const NoAddressReadOnly: Story = {
  args: { canAdd: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No address yet')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Add your address' })).toBeNull();
  },
};

/**
 * Save pressed empty: each field says what it needs (focus on the street), nothing is sent; a
 * country with states asks for one; a file chosen puts its problem away.
 */
export const AddRefusedBeforeSending: Story = {
  play: async ({ canvasElement }) => {
    const form = await openDialog(canvasElement);
    await userEvent.click(form.save);
    await expect(await form.d.findByText('Enter the street and number.')).toBeInTheDocument();
    await expect(form.d.getByText('Enter the city.')).toBeInTheDocument();
    await expect(form.d.getByText('Enter the postal code.')).toBeInTheDocument();
    await expect(form.d.getByText('Choose the country.')).toBeInTheDocument();
    await expect(form.d.getByText('Choose what the proof of address is.')).toBeInTheDocument();
    await expect(form.file).toHaveAccessibleDescription('Choose the file of the proof of address.');
    for (const control of [form.street, form.city, form.postalCode, form.country, form.proofType, form.file]) await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(form.more).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(form.street).toHaveFocus());

    await userEvent.selectOptions(form.country, 'US');
    const state = await form.d.findByRole('combobox', { name: /State or region/ });
    await userEvent.upload(form.file, sampleUpload.png('bill.png'));
    await expect(form.d.getByText('bill.png')).toBeInTheDocument();
    await expect(form.d.queryByText('Choose the file of the proof of address.')).toBeNull();
    await expect(form.file).not.toHaveAttribute('aria-invalid');
    await userEvent.click(form.save);
    await expect(await form.d.findByText('Choose the state or region.')).toBeInTheDocument();
    await expect(state).toHaveAttribute('aria-invalid', 'true');
    await expect(companyFileService.representativeAddresses).toEqual([]);
  },
};

/**
 * Filled and saved: one multipart request (the address, the proof's type, the requestId, the file as
 * `front`), announced; the dialog closes and the file read again shows the address under review;
 * the focus is on the section's heading.
 */
export const AddSaved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = await openDialog(canvasElement);
    await fill(form);
    await expect(form.d.getByText('electricity-bill.pdf')).toBeInTheDocument();
    await userEvent.click(form.save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    await expect(companyFileService.representativeAddresses).toHaveLength(1);
    await expect(companyFileService.representativeAddresses[0]).toEqual({
      data: expect.objectContaining({
        countryCode: 'US',
        stateCode: 'NY',
        city: 'Albany',
        address1: '1 Main Street',
        postalCode: '12207',
        documentTypeId: 20,
        requestId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/),
      }),
      file: { name: 'electricity-bill.pdf', type: 'application/pdf', size: expect.any(Number) },
    });
    // No second line given: null, which the API layer leaves out of the body.
    await expect(companyFileService.representativeAddresses[0]?.data).not.toHaveProperty('address2');
    await expect(await canvas.findByText('1 Main Street, 12207 Albany, New York, United States')).toBeInTheDocument();
    await expect(canvas.getByText('Under review')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Add your address' })).toBeNull();
    await expect(await canvas.findByText('Your address is saved. We check its proof and tell you when it is decided.')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('heading', { level: 2, name: HEADING })).toHaveFocus());
  },
};

/**
 * The service refuses the postal code: its words at the field (focus there), what was typed and
 * the file kept. Sent again unchanged it is the same attempt (the same requestId), and kept.
 */
export const RefusedByTheService: Story = {
  beforeEach: () => {
    companyFileService.refuse = { param: 'postalCode', description: 'This postal code is not in the state chosen' };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = await openDialog(canvasElement);
    await fill(form);
    await userEvent.click(form.save);
    await waitFor(() => expect(form.postalCode).toHaveAccessibleDescription('This postal code is not in the state chosen'));
    await expect(form.postalCode).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(form.postalCode).toHaveFocus());
    await expect(form.street).toHaveValue('1 Main Street');
    await expect(form.postalCode).toHaveValue('12207');
    await expect(form.country).toHaveValue('US');
    await expect(form.d.getByText('electricity-bill.pdf')).toBeInTheDocument();
    await expect(companyFileService.representativeAddresses).toHaveLength(1);

    await userEvent.click(form.save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    const [first, second] = companyFileService.representativeAddresses;
    await expect(second?.data.requestId).toBe(first?.data.requestId);
    await expect(second?.file).toMatchObject({ name: 'electricity-bill.pdf' });
    await expect(await canvas.findByText('1 Main Street, 12207 Albany, New York, United States')).toBeInTheDocument();
  },
};

/** While it is sent: Save shows progress, a second press sends nothing more, and the dialog stays. */
export const Sending: Story = {
  beforeEach: () => {
    companyFileService.hold = true;
  },
  play: async ({ canvasElement }) => {
    const form = await openDialog(canvasElement);
    await fill(form);
    await userEvent.click(form.save);
    await waitFor(() => expect(form.save).toHaveAttribute('aria-busy', 'true'));
    await userEvent.click(form.save);
    await expect(form.d.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(companyFileService.representativeAddresses).toHaveLength(1);
    await expect(screen.getByRole('dialog', { name: 'Add your address' })).toBeInTheDocument();
  },
};

/** A phone-wide column (320 px). */
const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }} data-testid="column">
    <Story />
  </div>
);

/** A long address whose proof was refused, with the reason, on a 320 px column: nothing is cut off or overflows. */
export const Narrow: Story = {
  decorators: [narrow],
  beforeEach: () =>
    void companyFileService.reset({
      representative: {
        ...representativeWithAddress,
        firstName: 'Maria-Magdalena Alexandra',
        lastName: 'Keller-Schönberger-Wittelsbach',
        address: {
          ...demoRepresentativeAddress,
          address1: 'Kurfürstendammstraßenverlängerung 1204, Hinterhaus',
          address2: 'Aufgang C, vierter Stock, Wohnung 17 links',
          city: 'Berlin-Charlottenburg-Wilmersdorf',
          addressStatus: 3,
          uploadedDocuments: [{ id: 9102, statusId: 26, documentTypeId: 20, issuedDate: null, expiresDate: null, rejectReason: 'The bill is older than three months. Send one from the last three months.' }],
        },
      },
    }),
  play: async ({ canvasElement }) => {
    const column = within(canvasElement).getByTestId('column');
    await expect(await within(column).findByText('Refused')).toBeInTheDocument();
    await expect(within(column).getByText('The bill is older than three months. Send one from the last three months.')).toBeInTheDocument();
    await expect(clippedText(column)).toEqual([]);
    await expect(column.scrollWidth).toBeLessThanOrEqual(column.clientWidth);
  },
};
