import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { ApprovalReply } from '@machines/transfers/approval.logic';
import type { ApprovalRequest } from '@machines/transfers/approval-request';
import { externalTransferMachine } from '@machines/transfers/external-transfer.machine';
import { lookupMachine } from '@machines/shared/lookup.machine';
import type { Account } from '@/entities/account';
import type { ExternalCard } from '@/entities/card';
import type { PaymentTemplate } from '@/entities/transfer';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import { demoAccounts, fakeApprovalLogic, fakeQuery } from '../../../../.storybook/fixtures';
import { TransferExternalPageView } from './transfer-external-page';

const submit = fn(async (_request: ApprovalRequest): Promise<ApprovalReply> => ({ approveType: 'none', status: 'pending', transactionId: 701 }));
const logic = externalTransferMachine.provide({ actors: { approval: fakeApprovalLogic(submit) } });

/** Lookups answer from a small table (no network). */
const fakeLookup = (answer: (query: unknown) => unknown) =>
  lookupMachine.provide({ actors: { lookUp: fromPromise<unknown, { query: unknown }>(async ({ input }) => answer(input.query)) }, delays: { settle: 10 } });
const ibanLogic = fakeLookup((iban) => ({ iban, valid: true, bankName: 'Commerzbank', swiftCode: 'COBADEFFXXX', countryCode: 'DE' }));
const swiftLogic = fakeLookup((swiftCode) => (swiftCode === 'ROYCCAT2' ? { swiftCode, valid: true, bankName: 'Royal Bank of Canada', city: 'Toronto', countryCode: 'CA' } : { swiftCode, valid: false }));
const instantLogic = fakeLookup(() => ({ valid: true, holderName: 'Maria S.', bankCode: '001' }));

const q = fakeQuery;
const countries = [
  { code: 'CA', name: 'Canada' },
  { code: 'DE', name: 'Germany' },
  { code: 'PT', name: 'Portugal' },
];
const cards: ExternalCard[] = [{ cardId: 7, cardNumber: '411111••••••1111', cardBrand: 'VISA', confirmed: true }];
const templates: PaymentTemplate[] = [
  {
    id: 11,
    name: 'Rent – Lisbon',
    type: 'wire',
    wireStatus: 1,
    countryCode: 'PT',
    currencyCode: 'EUR',
    amount: '850.00',
    beneficiary: { beneficiaryName: 'Maria Ferreira', beneficiaryAddress: 'Rua Augusta 100, Lisboa', iban: 'PT50000201231234567890154', extraParams: { purposeOfPayment: 'family' } },
  },
  { id: 12, name: 'Old supplier', type: 'wire', wireStatus: 3, countryCode: 'DE', currencyCode: 'EUR' },
];
const everyKind = ['wire', 'eft', 'oct', 'crypto_eft', 'instant_payment', 'interac'] as const;

const wireToGermany = { type: 'wire', accountId: 1003, amount: '25.00', countryCode: 'DE', currencyCode: 'EUR' };
const limitsLookup = { operation: 'wire', fromAccountId: 1003, countryCode: 'DE', currencyCode: 'EUR' };
const valid = { hasRequirements: true, isCustomerAddressDateValid: true, isCustomerAddressMatchesActive: true, isExtraParamsValid: true };
const purpose = [{ name: 'purposeOfPayment', required: true, label: 'Purpose of payment', options: ['family', 'salary', 'goods'].map((value) => ({ value, label: value })) }];
const seeded = (details = valid): [readonly unknown[], unknown][] => [
  [['available-transfers', 'DE'], [{ type: 'wire', currencies: ['EUR', 'USD'] }, { type: 'oct', currencies: ['EUR', 'USD'] }, { type: 'crypto_eft', currencies: ['BTC', 'ETH', 'USDT', 'USDC'] }]],
  [['available-transfers', 'PT'], [{ type: 'wire', currencies: ['EUR', 'USD'] }]],
  [['available-transfers', 'CA'], ['wire', 'eft', 'oct', 'crypto_eft', 'interac'].map((type) => ({ type, currencies: type === 'crypto_eft' ? ['BTC', 'ETH', 'USDT', 'USDC'] : ['CAD'] }))],
  [['bank-list-requirements', 'DE', 'wire'], { requirements: [], banks: [] }],
  [['bank-list-requirements', 'PT', 'wire'], { requirements: [], banks: [] }],
  [['extra-params', 'DE', 'wire'], purpose],
  [['extra-params', 'PT', 'wire'], purpose],
  [['extra-params', 'CA', 'interac'], []],
  [['transfer-details', 'wire', 'DE', '1003'], details],
  [['transfer-details', 'wire', 'PT', '1003'], details],
  [['transfer-details', 'interac', 'CA', '1001'], valid],
  [['transfer-fee', wireToGermany], { fee: '1.00', currencyCode: 'EUR' }],
  [['transfer-max-amount', limitsLookup], { minAmount: '0.01', amount: '980.40' }],
  [['customer-limits', { type: 'wire', fromAccountId: 1003, countryCode: 'DE', currencyCode: 'EUR' }], []],
  [['transfer-fee', { ...wireToGermany, amount: '850.00', countryCode: 'PT' }], { fee: '1.00', currencyCode: 'EUR' }],
  [['transfer-max-amount', { ...limitsLookup, countryCode: 'PT' }], { minAmount: '0.01', amount: '980.40' }],
  [['customer-limits', { type: 'wire', fromAccountId: 1003, countryCode: 'PT', currencyCode: 'EUR' }], []],
  [['transfer-rate', 'USD', 'CAD'], '1.369'],
  [['transfer-fee', { type: 'interac', accountId: 1001, amount: '10.00', countryCode: 'CA', currencyCode: 'CAD' }], { fee: '1.50', currencyCode: 'USD' }],
  [['transfer-max-amount', { operation: 'interac', fromAccountId: 1001, countryCode: 'CA', currencyCode: 'CAD' }], { minAmount: '0.01', amount: '2450.75' }],
  [['customer-limits', { type: 'interac', fromAccountId: 1001, countryCode: 'CA', currencyCode: 'CAD' }], []],
];

/** /transfer/external with its queries injected, fake lookups and a fake approval (no network). */
const meta: Meta<typeof TransferExternalPageView> = {
  title: 'Pages/Transfers/Send to a bank, card or wallet',
  component: TransferExternalPageView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'fullscreen', queryData: seeded() },
  args: {
    accounts: q<Account[]>({ data: demoAccounts }),
    countries,
    offered: everyKind,
    cards: q<ExternalCard[]>({ data: cards }),
    templates,
    recent: q({ data: [] }),
    logic,
    swiftLogic,
    ibanLogic,
    instantLogic,
  },
  beforeEach: () => {
    sessionStorage.removeItem('app.transferIntents');
    submit.mockClear();
  },
};
export default meta;
type Story = StoryObj<typeof TransferExternalPageView>;

export const Loading: Story = {
  args: { accounts: q<Account[]>({ isPending: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Send to a bank, card or wallet' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Send' })).toBeNull();
  },
};

export const Error: Story = {
  args: { accounts: q<Account[]>({ isError: true, error: new globalThis.Error('Network down'), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Your accounts could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.accounts.refetch).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { accounts: q<Account[]>({ data: [] }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('You have no open account to send from.')).toBeInTheDocument();
  },
};

export const NotAllowed: Story = {
  args: { allowed: false, offered: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Not available for your profile')).toBeInTheDocument();
    await expect(canvas.queryByRole('combobox', { name: /Country/ })).toBeNull();
  },
};

/**
 * A SEPA wire to Germany: the kinds the country offers, the rails' fields (the IBAN is enough),
 * the IBAN looked up as it is typed, the purpose (an extra parameter), the fee and the largest
 * amount before submit; sent once with the kind's fields only.
 */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByRole('combobox', { name: 'From account' }), '1003');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Country the money goes to' }), 'DE');
    const kinds = await canvas.findByRole('radiogroup', { name: 'How to send it' });
    await expect(within(kinds).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Wire transfer', 'To a card', 'Crypto']);
    await userEvent.click(within(kinds).getByRole('radio', { name: 'Wire transfer' }));
    await expect(canvas.getByText("Sent by SEPA: the beneficiary's IBAN is enough.")).toBeInTheDocument();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Currency it arrives in' }), 'EUR');
    await userEvent.type(canvas.getByRole('textbox', { name: "Beneficiary's full name" }), 'Anna Schmidt');
    await userEvent.type(canvas.getByRole('textbox', { name: "Beneficiary's address" }), 'Hauptstraße 1, Berlin');
    await userEvent.type(canvas.getByRole('textbox', { name: 'IBAN' }), 'DE89 3704 0044 0532 0130 00');
    await expect(await canvas.findByText('Commerzbank (COBADEFFXXX)')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'SWIFT (BIC) code (optional)' })).toBeInTheDocument();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Purpose of payment' }), 'family');
    await expect(canvas.getByRole('option', { name: 'Family support' })).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Amount (EUR)' }), '25');
    await expect(await canvas.findByText('€1.00')).toBeInTheDocument();
    await expect(canvas.getByText(/from €0\.01 to €980\.40/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    await expect(submit.mock.calls[0]?.[0]).toEqual({
      method: 'transferSubmit',
      body: {
        type: 'wire',
        accountId: 1003,
        amount: '25.00',
        countryCode: 'DE',
        currencyCode: 'EUR',
        beneficiaryName: 'Anna Schmidt',
        beneficiaryAddress: 'Hauptstraße 1, Berlin',
        iban: 'DE89370400440532013000',
        extraParams: { purposeOfPayment: 'family' },
        requestId: expect.any(String),
      },
    });
    // A wire is accepted and processed later: the pending text with its asterisk.
    await expect(await within(document.body).findByRole('alertdialog', { name: 'Successfully submitted, pending*' })).toBeInTheDocument();
  },
};

/** Only usable templates are offered (001 s3: status 1 or 2); choosing one fills the form. */
export const FromTemplate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const start = await canvas.findByRole('combobox', { name: 'Start from a template' });
    await expect(within(start).queryByRole('option', { name: 'Old supplier' })).toBeNull();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'From account' }), '1003');
    await userEvent.selectOptions(start, '11');
    await expect(canvas.getByRole('combobox', { name: 'Country the money goes to' })).toHaveValue('PT');
    await expect(await canvas.findByRole('textbox', { name: 'IBAN' })).toHaveValue('PT50000201231234567890154');
    await expect(canvas.getByRole('textbox', { name: "Beneficiary's full name" })).toHaveValue('Maria Ferreira');
    await expect(canvas.getByRole('combobox', { name: 'Purpose of payment' })).toHaveValue('family');
    await expect(canvas.getByRole('textbox', { name: 'Amount (EUR)' })).toHaveValue('850.00');
  },
};

/** An address on file that has expired blocks the submit, says why and links to the profile. */
export const AddressExpired: Story = {
  parameters: { queryData: seeded({ ...valid, isCustomerAddressDateValid: false }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByRole('combobox', { name: 'From account' }), '1003');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Country the money goes to' }), 'DE');
    await userEvent.click(await canvas.findByRole('radio', { name: 'Wire transfer' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Your address on file has expired. Update it in your profile before sending this transfer.');
    await expect(within(alert).getByRole('link', { name: 'Update my profile' })).toHaveAttribute('href', '/profile-update');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(submit).not.toHaveBeenCalled();
  },
};

/** Canada offers Interac: the recipient's e-mail and a security question, checked before anything is sent. */
export const Interac: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByRole('combobox', { name: 'From account' }), '1001');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Country the money goes to' }), 'CA');
    await userEvent.click(await canvas.findByRole('radio', { name: 'Interac e-Transfer' }));
    // One currency: chosen for the customer.
    await expect(canvas.getByRole('combobox', { name: 'Currency it arrives in' })).toHaveValue('CAD');
    await userEvent.type(canvas.getByRole('textbox', { name: "Beneficiary's full name" }), 'Luc Roy');
    await userEvent.type(canvas.getByRole('textbox', { name: "Recipient's e-mail" }), 'luc@example');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Security question' }), 'Our dog?');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Answer (tell it to the recipient)' }), 'R x');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Amount (USD)' }), '10');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(await canvas.findByText("Type the recipient's whole e-mail address.")).toBeInTheDocument();
    await expect(canvas.getByText('The answer has 3 to 25 letters or digits, without spaces.')).toBeInTheDocument();
    await expect(submit).not.toHaveBeenCalled();
  },
};
