import type { Decorator, Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, userEvent, fn, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { BusinessCertificationValues, BusinessLoaded, CompanyPerson, businessCertificationPayload } from '@machines/certification/business-certification.machine';
import { emptyQuestions, type BusinessUsForm } from '@machines/certification/business.rules';
import type { TaxReferenceTable } from '@machines/certification/tax.rules';
import type { FormFailure } from '@machines/shared/form.machine';
import { withAppServices, withDictionaries, withRouter } from '../../../../.storybook/decorators';
import { clippedText } from '../../../../.storybook/layout-checks';
import { certifyBusinessLogicFor } from '../model/certify-business-actors';
import { BusinessCertificationForm } from './business-certification-form';

type Payload = ReturnType<typeof businessCertificationPayload>;

const never = () => new Promise<never>(() => {});

/** A small tax reference table: Romania's CIF and CNP are required; a German person's IdNr too. */
const table: TaxReferenceTable = {
  RO: { tinPersonal: { name: 'Cod numeric personal', shortName: 'CNP', required: true }, tinBusiness: { name: 'Cod de identificare fiscală', shortName: 'CIF', required: true }, crs: true },
  DE: { tinPersonal: { name: 'Steuerliche Identifikationsnummer', shortName: 'IdNr', required: true }, tinBusiness: { name: 'Steuernummer', shortName: 'StNr', required: true }, crs: true },
};

const countries = [
  { code: 'DE', name: 'Germany' },
  { code: 'RO', name: 'Romania' },
  { code: 'US', name: 'United States' },
];

/** The company's shareholders and directors, as the page loads them. */
const people: CompanyPerson[] = [
  { id: 1, firstName: 'Ioana', lastName: 'Marin', dateOfBirth: '1979-04-02', countryOfBirth: 'RO', role: 'shareholder', share: '60' },
  { id: 2, firstName: 'Daniel', lastName: 'Weber', dateOfBirth: '1983-11-20', countryOfBirth: 'DE', role: 'shareholder', share: '25.5' },
  { id: 3, firstName: 'Andrei', lastName: 'Popescu', dateOfBirth: '1975-06-30', countryOfBirth: 'RO', role: 'director', share: null },
];

/** A passive NFE certified before, with its 60 % shareholder as the controlling person. */
const passive = (): BusinessCertificationValues => ({
  questions: { ...emptyQuestions(), isFinancialInstitution: false, isUsingClientFunds: false, isManagedByFinancialInstitution: false, isPubliclyTraded: false, isOwnPubliclyTradedCompany: false, isEarnPassiveIncome: true },
  isUSTaxPayer: false,
  isDisregardedEntity: false,
  taxIds: [{ countryCode: 'RO', taxId: 'RO12345678', tinMissingReason: null, tinMissingExplanation: '' }],
  controllingPersons: [
    { firstName: 'Ioana', lastName: 'Marin', dateOfBirth: '1979-04-02', countryOfBirth: 'RO', controlType: 'ownership', taxIds: [{ countryCode: 'RO', taxId: '2790402123456', tinMissingReason: null, tinMissingExplanation: '' }] },
  ],
});

const load = fn<() => Promise<BusinessLoaded>>();
const submit = fn<(payload: Payload) => Promise<BusinessUsForm[]>>();

/** The real statechart and the app's analytics, with fake calls (no network). */
const logic = certifyBusinessLogicFor('en').provide({
  actors: {
    load: fromPromise<BusinessLoaded>(() => load()),
    submit: fromPromise<BusinessUsForm[], Payload>(({ input }) => submit(input)),
  },
});

const meta: Meta<typeof BusinessCertificationForm> = {
  title: 'Features/Certify business',
  component: BusinessCertificationForm,
  decorators: [withRouter, withAppServices, withDictionaries({ countries })],
  args: { logic },
  beforeEach: () => {
    load.mockReset();
    load.mockImplementation(async () => ({ table, values: null, people }));
    submit.mockReset();
    submit.mockImplementation(never);
  },
};
export default meta;
type Story = StoryObj<typeof BusinessCertificationForm>;

const signAndSend = (canvasElement: HTMLElement) => userEvent.click(within(canvasElement).getByRole('button', { name: 'Sign and send' }));
const answer = async (canvasElement: HTMLElement, question: RegExp | string, value: 'Yes' | 'No') =>
  userEvent.click(within(within(canvasElement).getByRole('radiogroup', { name: question })).getByRole('radio', { name: value }));

/** The company's tax details are on their way. */
export const Loading: Story = {
  beforeEach: () => void load.mockImplementation(never),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Loading the company’s tax details…' })).toBeInTheDocument();
  },
};

/** The load failed: the service's words and a retry that loads again. */
export const LoadFailed: Story = {
  beforeEach: () => void load.mockImplementationOnce(() => Promise.reject({ text: 'Server is not available' })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Server is not available')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /try again/i }));
    await expect(await canvas.findByRole('heading', { name: 'About the company' })).toBeInTheDocument();
    await expect(load).toHaveBeenCalledTimes(2);
  },
};

/** A company certifying for the first time: only the first question is asked; nothing sent with problems, each one said at its field. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('radiogroup', { name: /financial institution/ })).toBeInTheDocument();
    await expect(within(canvas.getByRole('region', { name: 'About the company' })).getAllByRole('radiogroup')).toHaveLength(1);
    await expect(canvas.queryByRole('heading', { name: 'Controlling persons' })).toBeNull();
    await signAndSend(canvasElement);
    await expect(await canvas.findByText('Answer yes or no.')).toBeInTheDocument();
    await expect(canvas.getByText('Choose the country.')).toBeInTheDocument();
    await expect(submit).not.toHaveBeenCalled();
  },
};

/** A financial institution: the GIIN checked as typed, or why there is none; a W-8BEN-E will be asked for. */
export const FinancialInstitution: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'About the company' });
    await answer(canvasElement, /financial institution \(a bank/, 'Yes');
    await expect(await canvas.findByText('The company is classified as: Financial institution')).toBeInTheDocument();
    await expect(canvas.getByText('Form W-8BEN-E')).toBeInTheDocument();
    const giin = canvas.getByRole('textbox', { name: /GIIN/ });
    await userEvent.type(giin, '98Q96B.0000.LE.250');
    await signAndSend(canvasElement);
    await waitFor(() => expect(giin).toHaveAccessibleDescription(/A GIIN looks like 98Q96B.00000.LE.250./));
    await userEvent.clear(giin);
    await expect(canvas.getByRole('radiogroup', { name: 'Why is there no GIIN?' })).toBeInTheDocument();
    await expect(submit).not.toHaveBeenCalled();
  },
};

/** A passive NFE: a shareholder added from the company's list and a new person typed in; sent once; the W-8BEN-E is then sent from the answer. */
export const PassiveWithControllingPersons: Story = {
  beforeEach: () => void submit.mockImplementation(async () => ['w8bene']),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'About the company' });
    await answer(canvasElement, /financial institution \(a bank/, 'No');
    await answer(canvasElement, /hold money or financial assets/, 'No');
    await answer(canvasElement, /invested or managed/, 'No');
    await answer(canvasElement, /regularly traded on a securities market/, 'No');
    await answer(canvasElement, /owned by a company whose shares/, 'No');
    await answer(canvasElement, /passive/, 'Yes');
    await expect(await canvas.findByText('The company is classified as: Passive non-financial entity')).toBeInTheDocument();
    const company = within(canvas.getByRole('group', { name: 'Tax residence 1' }));
    await userEvent.selectOptions(company.getByRole('combobox', { name: 'Country' }), 'RO');
    await userEvent.type(company.getByRole('textbox', { name: 'Tax id (CIF — Cod de identificare fiscală)' }), 'RO12345678');

    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Add a shareholder or director' }), 'Ioana Marin (shareholder, 60 %)');
    const first = within(await canvas.findByRole('group', { name: 'Controlling person 1: Ioana Marin' }));
    await waitFor(() => expect(first.getByRole('textbox', { name: 'First name' })).toHaveFocus());
    await expect(first.getByRole('radio', { name: 'By ownership (25 % or more)' })).toBeChecked();
    await userEvent.selectOptions(first.getByRole('combobox', { name: 'Country' }), 'RO');
    await userEvent.type(first.getByRole('textbox', { name: 'Tax id (CNP — Cod numeric personal)' }), '2790402123456');
    // Already named: no longer offered.
    await expect(within(canvas.getByRole('combobox', { name: 'Add a shareholder or director' })).queryByRole('option', { name: /Ioana Marin/ })).toBeNull();

    await userEvent.click(canvas.getByRole('button', { name: 'Add another person' }));
    const second = within(await canvas.findByRole('group', { name: 'Controlling person 2: Person 2' }));
    await userEvent.type(second.getByRole('textbox', { name: 'First name' }), 'Elena');
    await userEvent.type(second.getByRole('textbox', { name: 'Last name' }), 'Stan');
    await userEvent.type(second.getByLabelText('Date of birth'), '1990-01-15');
    await userEvent.selectOptions(second.getByRole('combobox', { name: 'Country of birth' }), 'RO');
    await userEvent.click(second.getByRole('radio', { name: 'By other means (voting rights, agreements)' }));
    await userEvent.selectOptions(second.getByRole('combobox', { name: 'Country' }), 'DE');
    await userEvent.type(second.getByRole('textbox', { name: 'Tax id (IdNr — Steuerliche Identifikationsnummer)' }), '12345678901');

    await signAndSend(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Thank you. The company’s self-certification is under review.' })).toHaveFocus();
    await expect(submit).toHaveBeenCalledTimes(1);
    const sent = submit.mock.calls[0]![0];
    await expect(sent.entityType).toBe('passiveNfe');
    await expect(sent.controllingPersons.map((p) => `${p.firstName} ${p.lastName} ${p.controlType}`)).toEqual(['Ioana Marin ownership', 'Elena Stan otherMeans']);
    await expect(canvas.getByRole('button', { name: 'Send: Form W-8BEN-E' })).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(canvas.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/home');
  },
};

/** The service refuses a controlling person's tax id: its words there, focused; a refusal of the whole in the alert. */
export const Refused: Story = {
  beforeEach: () => {
    load.mockImplementation(async () => ({ table, values: passive(), people }));
    submit.mockImplementation(() => Promise.reject({ fields: { 'controllingPersons[0].taxIds[0].taxId': { text: 'Not a valid CNP' }, entityType: { text: 'The answers do not match the entity type' } } } satisfies FormFailure));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const person = within(await canvas.findByRole('group', { name: 'Controlling person 1: Ioana Marin' }));
    await signAndSend(canvasElement);
    const taxId = person.getByRole('textbox', { name: 'Tax id (CNP — Cod numeric personal)' });
    await waitFor(() => expect(taxId).toHaveAccessibleDescription('Not a valid CNP'));
    await waitFor(() => expect(taxId).toHaveFocus());
    await expect(canvas.getByRole('alert')).toHaveTextContent('The answers do not match the entity type');
  },
};

/** While the certification is sent: the button shows progress and a second press sends nothing more. */
export const Sending: Story = {
  beforeEach: () => void load.mockImplementation(async () => ({ table, values: passive(), people })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Controlling persons' });
    const button = canvas.getByRole('button', { name: 'Sign and send' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await userEvent.click(button);
    await expect(submit).toHaveBeenCalledTimes(1);
  },
};

const narrow: Decorator = (Story) => (
  <div style={{ width: '320px', maxWidth: '100%' }}>
    <Story />
  </div>
);

/** A phone-wide column (320 px) with a controlling person and every problem shown: nothing overflows or is cut off. */
export const Narrow: Story = {
  decorators: [narrow],
  beforeEach: () => void load.mockImplementation(async () => ({ table, values: { ...passive(), controllingPersons: [{ ...passive().controllingPersons[0]!, firstName: '', taxIds: [{ countryCode: '', taxId: '', tinMissingReason: null, tinMissingExplanation: '' }] }] }, people })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Controlling persons' });
    await signAndSend(canvasElement);
    await expect(await canvas.findByText('Enter the first name.')).toBeInTheDocument();
    const form = canvasElement.querySelector('form');
    if (!form) throw new Error('no form');
    await expect(form.scrollWidth).toBeLessThanOrEqual(form.clientWidth);
    await expect(clippedText(form)).toEqual([]);
  },
};
