import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { Dictionaries } from '@machines/app/app-start.machine';
import type { FormFailure } from '@machines/shared/form.machine';
import type { AddressValues, Compatibility } from '@machines/verification/address-edit.machine';
import { ipInfoQuery } from '@/entities/security';
import { statesQuery } from '@/entities/verification';
import { LANGUAGES } from '@/shared/config';
import { withAppServices, withDictionaries } from '../../../../.storybook/decorators';
import { addressEditLogic } from '../model/address-actors';
import { AddressDialog, type AddressToEdit } from './address-dialog';

type CheckInput = { countryCode: string; oldAddressId: number };
type SaveInput = { addressId: number | null; values: AddressValues };

const never = () => new Promise<never>(() => {});
const slow = { timeout: 5000 };

/** The address statechart with fake calls (no network); whatever is not given never answers. */
function fakeLogic({ check = never, save = never }: { check?: (input: CheckInput) => Promise<Compatibility>; save?: (input: SaveInput) => Promise<number> } = {}) {
  return addressEditLogic.provide({
    actors: {
      checkCompatibility: fromPromise<Compatibility, CheckInput>(({ input }) => check(input)),
      save: fromPromise<number, SaveInput>(({ input }) => save(input)),
    },
  });
}

const none: Compatibility = { cardAccountsToBeCanceled: [], cardAccountsToBeShippedToOldAddress: [] };
const touching: Compatibility = {
  cardAccountsToBeCanceled: [{ accountId: 31, alias: 'Daily card' }],
  cardAccountsToBeShippedToOldAddress: [{ accountId: 32, alias: null }],
};
const refusal: FormFailure = { fields: { postalCode: { text: 'Unknown postal code' } } };

const saves = fn(async (input: SaveInput) => input.addressId ?? 700);
const checks = fn(async (_input: CheckInput) => none);
const warns = fn(async (_input: CheckInput) => touching);
const refuses = fn(async (_input: SaveInput): Promise<number> => {
  throw refusal;
});
const hangs = fn((_input: SaveInput) => never());

const lisbon: AddressToEdit = { addressId: 501, address1: 'Rua Augusta 10', address2: null, city: 'Lisboa', postalCode: '1100-053', countryCode: 'PT', stateCode: null };

/** The countries of the dictionaries (the Country list), in a start-up actor without network. */
const countries: Dictionaries['countries'] = [
  { code: 'DE', name: 'Germany' },
  { code: 'PT', name: 'Portugal' },
  { code: 'ES', name: 'Spain' },
  { code: 'US', name: 'United States' },
];
/** The countries above, from a start-up actor without network. */
const withCountries = withDictionaries({ countries });

/** The states call seeded for every language: the United States has two, the others none. */
const usStates = [
  { code: 'CA', name: 'California' },
  { code: 'NY', name: 'New York' },
];
const statesData = LANGUAGES.flatMap((language) => countries.map(({ code }) => [statesQuery(code, language).queryKey, code === 'US' ? usStates : []] as const));

/**
 * ipInfo's answer (the shared query): Romania, which these countries do not offer, so nothing is
 * preselected unless a story says otherwise.
 */
const ipInfo = (country_code: string, vpn = false) => [ipInfoQuery().queryKey, { ip: '127.0.0.1', country_code, privacy: { vpn, proxy: false, tor: false, hosting: false } }] as const;

/** The dialog renders in a portal: plays look in `screen`. */
const meta: Meta<typeof AddressDialog> = {
  title: 'Features/Edit address',
  component: AddressDialog,
  decorators: [withCountries, withAppServices],
  parameters: { queryData: [...statesData, ipInfo('RO')] },
  args: { onClose: fn(), logic: fakeLogic({ save: saves }) },
};
export default meta;
type Story = StoryObj<typeof AddressDialog>;

async function openDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name }, slow);
  const d = within(dialog);
  const country = d.getByRole('combobox', { name: /Country/ });
  // The countries arrive with the dictionaries.
  await within(country).findByRole('option', { name: 'Portugal' });
  return {
    dialog,
    d,
    street: d.getByRole('textbox', { name: /Street and number/ }),
    apartment: d.getByRole('textbox', { name: /Apartment, floor/ }),
    city: d.getByRole('textbox', { name: /City/ }),
    postalCode: d.getByRole('textbox', { name: /Postal code/ }),
    country,
    save: d.getByRole('button', { name: 'Save address' }),
  };
}

async function fill(form: Awaited<ReturnType<typeof openDialog>>, countryCode = 'PT') {
  await userEvent.type(form.street, '1 Main Street');
  await userEvent.type(form.city, 'Albany');
  await userEvent.type(form.postalCode, '12207');
  await userEvent.selectOptions(form.country, countryCode);
}

/** A new address: the fields empty, no state asked until a country with states is chosen. */
export const NewAddress: Story = {
  play: async ({ args }) => {
    const form = await openDialog('Add an address');
    for (const input of [form.street, form.apartment, form.city, form.postalCode]) await expect(input).toHaveValue('');
    await expect(form.country).toHaveValue('');
    await expect(within(form.country).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'Germany', 'Portugal', 'Spain', 'United States']);
    await expect(form.d.queryByRole('combobox', { name: /State or region/ })).toBeNull();
    await expect(form.d.queryByRole('alert')).toBeNull();
    await expect(form.d.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** A new address where ipInfo places the browser in Germany: Germany preselected; the other fields empty. */
export const NewAddressCountryPreselected: Story = {
  parameters: { queryData: [...statesData, ipInfo('DE')] },
  play: async () => {
    const form = await openDialog('Add an address');
    await waitFor(() => expect(form.country).toHaveValue('DE'));
    for (const input of [form.street, form.city, form.postalCode]) await expect(input).toHaveValue('');
    // The customer's choice wins, and is not taken back.
    await userEvent.selectOptions(form.country, 'ES');
    await expect(form.country).toHaveValue('ES');
  },
};

/** Germany again, but through a VPN: a VPN's country says nothing about the customer, nothing preselected. */
export const NewAddressBehindVpn: Story = {
  parameters: { queryData: [...statesData, ipInfo('DE', true)] },
  play: async () => {
    const form = await openDialog('Add an address');
    await expect(form.country).toHaveValue('');
  },
};

/** Replacing an address: its own country stays, whatever ipInfo says. */
export const ReplaceKeepsCountry: Story = {
  args: { address: lisbon },
  parameters: { queryData: [...statesData, ipInfo('DE')] },
  play: async () => {
    const form = await openDialog('Replace your address');
    await expect(form.country).toHaveValue('PT');
  },
};

/** Save pressed empty: each required field says what it needs, focus goes to the street; nothing is sent. */
export const Problems: Story = {
  play: async ({ args }) => {
    saves.mockClear();
    const form = await openDialog('Add an address');
    await userEvent.click(form.save);
    await expect(await form.d.findByText('Enter the street and number.')).toBeInTheDocument();
    await expect(form.d.getByText('Enter the city.')).toBeInTheDocument();
    await expect(form.d.getByText('Enter the postal code.')).toBeInTheDocument();
    await expect(form.d.getByText('Choose the country.')).toBeInTheDocument();
    for (const control of [form.street, form.city, form.postalCode, form.country]) await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(form.apartment).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(form.street).toHaveFocus());
    await expect(saves).not.toHaveBeenCalled();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** The United States has states: one must be chosen; then the address is saved with it and the dialog closes. */
export const WithStates: Story = {
  play: async ({ args }) => {
    saves.mockClear();
    const form = await openDialog('Add an address');
    await fill(form, 'US');
    const state = await form.d.findByRole('combobox', { name: /State or region/ });
    await expect(within(state).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'California', 'New York']);
    await userEvent.click(form.save);
    await expect(await form.d.findByText('Choose the state or region.')).toBeInTheDocument();
    await waitFor(() => expect(state).toHaveFocus());
    await expect(saves).not.toHaveBeenCalled();
    await userEvent.selectOptions(state, 'NY');
    await userEvent.click(form.save);
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1));
    await expect(saves).toHaveBeenCalledWith({
      addressId: null,
      values: { address1: '1 Main Street', address2: '', city: 'Albany', postalCode: '12207', countryCode: 'US', stateCode: 'NY' },
    });
  },
};

/** Replacing: the address prefilled; a move that touches no card is saved at once and the dialog closes. */
export const Replace: Story = {
  args: { address: lisbon, logic: fakeLogic({ check: checks, save: saves }) },
  play: async ({ args }) => {
    checks.mockClear();
    saves.mockClear();
    const form = await openDialog('Replace your address');
    await expect(form.street).toHaveValue('Rua Augusta 10');
    await expect(form.apartment).toHaveValue('');
    await expect(form.city).toHaveValue('Lisboa');
    await expect(form.postalCode).toHaveValue('1100-053');
    await expect(form.country).toHaveValue('PT');
    await expect(form.d.queryByRole('combobox', { name: /State or region/ })).toBeNull();
    await userEvent.clear(form.street);
    await userEvent.type(form.street, 'Rua do Ouro 20');
    await userEvent.click(form.save);
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1));
    await expect(checks).toHaveBeenCalledWith({ countryCode: 'PT', oldAddressId: 501 });
    await expect(saves).toHaveBeenCalledWith({ addressId: 501, values: expect.objectContaining({ address1: 'Rua do Ouro 20', countryCode: 'PT' }) });
    await expect(form.d.queryByRole('heading', { name: 'Your cards and this move' })).toBeNull();
  },
};

/** A move that touches cards: the warning first (focus on its heading); Back returns to the form, Save shows it again. */
export const CardWarning: Story = {
  args: { address: lisbon, logic: fakeLogic({ check: warns, save: saves }) },
  play: async ({ args }) => {
    warns.mockClear();
    saves.mockClear();
    const form = await openDialog('Replace your address');
    await userEvent.selectOptions(form.country, 'ES');
    await userEvent.click(form.save);
    const heading = await form.d.findByRole('heading', { name: 'Your cards and this move' });
    await waitFor(() => expect(heading).toHaveFocus());
    const warning = within(form.d.getByRole('region', { name: 'Your cards and this move' }));
    await expect(warning.getByText('These cards will be cancelled, because a card is issued for your country of residence:')).toBeInTheDocument();
    await expect(warning.getByText('These cards are on their way and will still be delivered to your old address:')).toBeInTheDocument();
    await expect(warning.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Daily card', 'Card account 32']);
    await expect(form.d.queryByRole('textbox', { name: /Street and number/ })).toBeNull();
    await userEvent.click(warning.getByRole('button', { name: 'Back' }));
    const street = await form.d.findByRole('textbox', { name: /Street and number/ });
    await waitFor(() => expect(street).toHaveFocus());
    await expect(form.d.getByRole('combobox', { name: /Country/ })).toHaveValue('ES');
    await userEvent.click(form.d.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(form.d.getByRole('heading', { name: 'Your cards and this move' })).toHaveFocus());
    await expect(form.d.getByRole('button', { name: 'Replace my address' })).toBeInTheDocument();
    await expect(warns).toHaveBeenCalledTimes(2);
    await expect(warns).toHaveBeenLastCalledWith({ countryCode: 'ES', oldAddressId: 501 });
    await expect(saves).not.toHaveBeenCalled();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** The service refuses the postal code: its reason at the field, focus there, what was typed kept. */
export const Refused: Story = {
  args: { logic: fakeLogic({ save: refuses }) },
  play: async ({ args }) => {
    refuses.mockClear();
    const form = await openDialog('Add an address');
    await fill(form);
    await userEvent.click(form.save);
    await expect(await form.d.findByText('Unknown postal code')).toBeInTheDocument();
    await expect(form.postalCode).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(form.postalCode).toHaveFocus());
    await expect(form.street).toHaveValue('1 Main Street');
    await expect(form.country).toHaveValue('PT');
    await expect(refuses).toHaveBeenCalledTimes(1);
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** Saving: the button shows progress and a second press sends nothing more. */
export const Saving: Story = {
  args: { logic: fakeLogic({ save: hangs }) },
  play: async ({ args }) => {
    hangs.mockClear();
    const form = await openDialog('Add an address');
    await fill(form);
    await userEvent.click(form.save);
    await waitFor(() => expect(form.save).toHaveAttribute('aria-busy', 'true'));
    await expect(within(form.save).getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    await userEvent.click(form.save);
    await expect(hangs).toHaveBeenCalledTimes(1);
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};
