import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { Loaded, PersonalCertificationValues, personalCertificationPayload } from '@machines/certification/personal-certification.machine';
import type { TaxReferenceTable, UsForm } from '@machines/certification/tax.rules';
import type { FormFailure } from '@machines/shared/form.machine';
import { withAppServices, withDictionaries, withRouter } from '../../../../.storybook/decorators';
import { clippedText } from '../../../../.storybook/layout-checks';
import { certifyLogicFor } from '../model/certify-actors';
import { PersonalCertificationForm } from './personal-certification-form';

type Payload = ReturnType<typeof personalCertificationPayload>;

const never = () => new Promise<never>(() => {});

/** A small tax reference table: RO's CNP is required, AE's TRN is not, the US does not exchange under CRS. */
const table: TaxReferenceTable = {
  RO: { tinPersonal: { name: 'Cod numeric personal', shortName: 'CNP', required: true }, tinBusiness: { name: 'Cod de identificare fiscală', shortName: 'CIF', required: true }, crs: true },
  AE: { tinPersonal: { name: 'Tax Registration Number', shortName: 'TRN', required: false }, tinBusiness: { name: 'Tax Registration Number', shortName: 'TRN', required: true }, crs: true },
  US: {
    tinPersonal: { name: 'Social Security Number or Individual Taxpayer Identification Number', shortName: 'SSN/ITIN', required: true },
    tinBusiness: { name: 'Employer Identification Number', shortName: 'EIN', required: true },
    crs: false,
  },
};

/** The countries of the start-up's dictionaries. */
const countries = [
  { code: 'MD', name: 'Moldova' },
  { code: 'RO', name: 'Romania' },
  { code: 'AE', name: 'United Arab Emirates' },
  { code: 'US', name: 'United States' },
];

/** A certification given before: born in Cluj, Romanian, resident in Romania with a CNP. */
const filled = (over: Partial<PersonalCertificationValues> = {}): PersonalCertificationValues => ({
  cityOfBirth: 'Cluj-Napoca',
  countryOfBirth: 'RO',
  dateOfBirth: '1988-07-14',
  citizenship: ['RO'],
  hasUSIndicia: false,
  isUSTaxPayer: false,
  taxIds: [{ countryCode: 'RO', taxId: '1880714123456', tinMissingReason: null, tinMissingExplanation: '' }],
  ...over,
});

/** The statechart's calls: each story says what they answer (by default a new customer, and a send that never answers). */
const load = fn<() => Promise<Loaded>>();
const submit = fn<(payload: Payload) => Promise<UsForm[]>>();

/** The real statechart and the app's analytics, with the fake calls above (no network). */
const logic = certifyLogicFor('en').provide({
  actors: {
    load: fromPromise<Loaded>(() => load()),
    submit: fromPromise<UsForm[], Payload>(({ input }) => submit(input)),
  },
});

const meta: Meta<typeof PersonalCertificationForm> = {
  title: 'Features/Certify personal',
  component: PersonalCertificationForm,
  decorators: [withRouter, withAppServices, withDictionaries({ countries })],
  args: { logic, onCertified: fn() },
  beforeEach: () => {
    load.mockReset();
    load.mockImplementation(async () => ({ table, values: null }));
    submit.mockReset();
    submit.mockImplementation(never);
  },
};
export default meta;
type Story = StoryObj<typeof PersonalCertificationForm>;

const signAndSend = (canvasElement: HTMLElement) => userEvent.click(within(canvasElement).getByRole('button', { name: 'Sign and send' }));
const residence = (canvasElement: HTMLElement, n: number) => within(within(canvasElement).getByRole('group', { name: `Tax residence ${n}` }));

/** The tax details are on their way. */
export const Loading: Story = {
  beforeEach: () => void load.mockImplementation(never),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Loading your tax details…' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Sign and send' })).toBeNull();
  },
};

/** The load fails: the service's words and a retry (which fails again here). */
export const LoadFailed: Story = {
  beforeEach: () => void load.mockImplementation(() => Promise.reject({ text: 'The service is not available' })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Your tax details could not be loaded' })).toBeInTheDocument();
    await expect(canvas.getByText('The service is not available')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await expect(await canvas.findByRole('heading', { name: 'Your tax details could not be loaded' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Sign and send' })).toBeNull();
  },
};

/** A new customer: nothing given yet, one tax residence, no problems shown before sending; a citizenship added and removed. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'About you' })).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'City of birth' })).toHaveValue('');
    await expect(canvas.getByRole('combobox', { name: 'Country of birth' })).toHaveValue('');
    await expect(canvas.getByLabelText('Date of birth')).toHaveAttribute('type', 'date');
    await expect(canvas.getByRole('checkbox', { name: 'I am a US citizen or US tax resident (US taxpayer)' })).not.toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'I have other ties to the United States (a US address, phone or standing instructions)' })).not.toBeChecked();
    await expect(canvas.queryByText('With these answers we will also ask you for:')).toBeNull();
    const first = residence(canvasElement, 1);
    await expect(first.getByRole('textbox', { name: 'Tax id (TIN — Taxpayer identification number)' })).toHaveValue('');
    await expect(first.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'The country does not issue tax ids',
      'I cannot obtain one',
      'This country does not require one',
    ]);
    await expect(canvas.queryByRole('button', { name: 'Remove tax residence 1' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Add a tax residence' })).toBeInTheDocument();
    await expect(canvas.getByText('I declare that the information given is true and complete, and I will tell you within 30 days if it changes.')).toBeInTheDocument();
    await expect(canvas.queryByRole('alert')).toBeNull();

    const add = canvas.getByRole('combobox', { name: 'Add a citizenship' });
    await userEvent.selectOptions(add, 'MD');
    await userEvent.selectOptions(add, 'RO');
    await expect(add).toHaveValue('');
    await expect(within(add).queryByRole('option', { name: 'Moldova' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Moldova' }));
    await expect(canvas.queryByRole('button', { name: 'Remove Moldova' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Remove Romania' })).toBeInTheDocument();
    await expect(add).toHaveFocus();
    await expect(canvas.queryByText('Enter the city you were born in.')).toBeNull();
  },
};

/** Sign and send on the empty form: every problem at its field, the first field focused, nothing sent. */
export const Problems: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'About you' });
    await signAndSend(canvasElement);
    await expect(await canvas.findByText('Enter the city you were born in.')).toBeInTheDocument();
    await expect(canvas.getByText('Choose the country you were born in.')).toBeInTheDocument();
    await expect(canvas.getByText('Enter your date of birth.')).toBeInTheDocument();
    await expect(canvas.getByText('Choose at least one citizenship.')).toBeInTheDocument();
    const first = residence(canvasElement, 1);
    await expect(first.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription('Choose the country.');
    await expect(first.getByText('Give the tax id or say why there is none.')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'City of birth' })).toHaveFocus());
    await expect(submit).not.toHaveBeenCalled();
  },
};

/** Romania with a CNP, then the Emirates without a TRN (cannot obtain one, explained): sent and certified, no US form. */
export const TwoResidences: Story = {
  beforeEach: () => {
    load.mockImplementation(async () => ({ table, values: filled() }));
    submit.mockImplementation(async () => []);
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: 'City of birth' })).toHaveValue('Cluj-Napoca');
    const first = residence(canvasElement, 1);
    await expect(first.getByRole('textbox', { name: 'Tax id (CNP — Cod numeric personal)' })).toHaveValue('1880714123456');
    await expect(first.queryByRole('radiogroup')).toBeNull();

    await userEvent.click(canvas.getByRole('button', { name: 'Add a tax residence' }));
    const second = residence(canvasElement, 2);
    await waitFor(() => expect(second.getByRole('combobox', { name: 'Country' })).toHaveFocus());
    await userEvent.selectOptions(second.getByRole('combobox', { name: 'Country' }), 'AE');
    await expect(second.getByRole('textbox', { name: 'Tax id (TRN — Tax Registration Number)' })).toHaveValue('');
    await userEvent.click(second.getByRole('radio', { name: 'I cannot obtain one' }));
    await userEvent.type(second.getByRole('textbox', { name: 'Explain why' }), 'I applied in March; the answer takes three months.');
    await expect(canvas.getByRole('button', { name: 'Remove tax residence 1' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Remove tax residence 2' })).toBeInTheDocument();

    await signAndSend(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Thank you. Your self-certification is under review.' })).toHaveFocus();
    await expect(submit).toHaveBeenCalledTimes(1);
    await expect(submit.mock.calls[0]![0].taxIds).toEqual([
      { countryCode: 'RO', taxId: '1880714123456' },
      { countryCode: 'AE', tinMissingReason: 'cannotObtain', tinMissingExplanation: 'I applied in March; the answer takes three months.' },
    ]);
    await expect(canvas.queryByText('Still needed:')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Change my answers' })).toBeInTheDocument();
    // On to the start page as it stands now (home without a session here).
    await expect(canvas.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/home');
    await expect(args.onCertified).toHaveBeenCalledTimes(1);
  },
};

/** Born in the United States (not a US citizen): a W-8BEN and the certificate of loss of nationality are asked for, before and after sending. */
export const UsBorn: Story = {
  beforeEach: () => {
    load.mockImplementation(async () => ({ table, values: filled() }));
    submit.mockImplementation(async () => ['w8ben', 'lossOfNationality']);
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByRole('combobox', { name: 'Country of birth' }), 'US');
    await expect(await canvas.findByText('With these answers we will also ask you for:')).toBeInTheDocument();
    await expect(canvas.getByText('Form W-8BEN')).toBeInTheDocument();
    await expect(canvas.getByText('Certificate of loss of US nationality')).toBeInTheDocument();
    await expect(canvas.queryByText('Form W-9')).toBeNull();

    await signAndSend(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Thank you. Your self-certification is under review.' })).toBeInTheDocument();
    await expect(submit.mock.calls[0]![0]).toMatchObject({ countryOfBirth: 'US', hasUSIndicia: false, isUSTaxPayer: false });
    await expect(canvas.getByText('Still needed:')).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(['Form W-8BEN', 'Certificate of loss of US nationality']);
    // Each one is sent from here.
    await expect(canvas.getByRole('button', { name: 'Send: Form W-8BEN' })).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(canvas.getByRole('button', { name: 'Send: Certificate of loss of US nationality' })).toBeInTheDocument();
    await expect(args.onCertified).toHaveBeenCalledTimes(1);
  },
};

/** While the certification is sent: the button shows progress and a second press sends nothing more. */
export const Sending: Story = {
  beforeEach: () => void load.mockImplementation(async () => ({ table, values: filled() })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'About you' });
    const button = canvas.getByRole('button', { name: 'Sign and send' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await userEvent.click(button);
    await expect(submit).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
  },
};

/** The service refuses the CNP: its words under the tax id, which gets the focus; a wider failure in the form's alert. */
export const Refused: Story = {
  beforeEach: () => {
    load.mockImplementation(async () => ({ table, values: filled() }));
    submit.mockImplementation(() => Promise.reject({ fields: { 'taxIds[0].taxId': { text: 'Not a valid CNP' } } } satisfies FormFailure));
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'About you' });
    await signAndSend(canvasElement);
    const taxId = residence(canvasElement, 1).getByRole('textbox', { name: 'Tax id (CNP — Cod numeric personal)' });
    await waitFor(() => expect(taxId).toHaveAccessibleDescription('Not a valid CNP'));
    await expect(taxId).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(taxId).toHaveFocus());
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(args.onCertified).not.toHaveBeenCalled();
  },
};

/** A phone-wide column (320 px) with two residences and every problem shown: nothing overflows or is cut off. */
const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }}>
    <Story />
  </div>
);

export const Narrow: Story = {
  decorators: [narrow],
  beforeEach: () => {
    load.mockImplementation(async () => ({
      table,
      values: filled({
        cityOfBirth: '',
        taxIds: [
          { countryCode: 'RO', taxId: '1', tinMissingReason: null, tinMissingExplanation: '' },
          { countryCode: 'AE', taxId: '', tinMissingReason: 'cannotObtain', tinMissingExplanation: '' },
        ],
      }),
    }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'About you' });
    await signAndSend(canvasElement);
    await expect(await canvas.findByText('Explain why you cannot obtain a tax id.')).toBeInTheDocument();
    await expect(canvas.getByText('A tax id has 2 to 40 letters, digits, spaces, dots, slashes or dashes.')).toBeInTheDocument();
    const form = canvasElement.querySelector('form');
    if (!form) throw new Error('no form');
    await expect(form.scrollWidth).toBeLessThanOrEqual(form.clientWidth);
    await expect(clippedText(form)).toEqual([]);
  },
};

/** A company's representative through their link: who certifies for which company; the W-9 is listed for the company to collect, with nothing to upload and no app to go on to. */
export const Representative: Story = {
  beforeEach: () => {
    load.mockImplementation(async () => ({ table, values: filled({ citizenship: ['RO', 'US'] }), certifying: { firstName: 'Radu', lastName: 'Pop', businessName: 'Demo Trading 3 SRL' } }));
    submit.mockImplementation(async () => ['w9']);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You certify as Radu Pop, a representative of Demo Trading 3 SRL.')).toBeInTheDocument();
    await signAndSend(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Thank you. Your self-certification is under review.' })).toBeInTheDocument();
    await expect(canvas.getByText('Still needed (the company will send you these forms to sign):')).toBeInTheDocument();
    await expect(canvas.getByText('Form W-9')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /Send:/ })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Continue' })).toBeNull();
  },
};
