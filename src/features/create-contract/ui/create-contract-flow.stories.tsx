import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { contractCreateMachine, type ContractDraft, type Counterparty } from '@machines/contracts/contract-create.machine';
import { lookupMachine } from '@machines/shared/lookup.machine';
import type { CompanyPage } from '@/entities/contract';
import { withAppServices } from '../../../../.storybook/decorators';
import { clippedText } from '../../../../.storybook/layout-checks';
import { narrowIn } from '../../../../.storybook/narrow';
import { CreateContractFlow } from './create-contract-flow';

/**
 * /revenue-split/new's flow (issue 59) with fake calls: each step and its states (the party not
 * found, found; the companies loading, none, failed, listed; the terms refused field by field; the
 * review with verify's no, a refused create, the create under way).
 */
const TODAY = '2026-12-01';
const MIA: Counterparty = { id: 502, type: 'PERSONAL', email: 'mia@example.com' };
const COMPANIES: CompanyPage = {
  data: ['Aurora Media', 'Blue Harbor Studios', 'Cedar Lane Productions', 'Driftwood Live'].map((title, i) => ({ id: 101 + i, title, logo: null })),
  meta: { count: 4, total: 120 },
};
const fakes = { lookup: fn(), verify: fn(), create: fn(), created: fn() };
const never = () => new Promise<never>(() => {});

function logic({ lookup = 'found', verify = true, create = 'ok' }: { lookup?: 'found' | 'missing'; verify?: boolean | 'pending'; create?: 'ok' | 'refused' | 'pending' } = {}) {
  return contractCreateMachine.provide({
    actors: {
      lookup: fromPromise(async ({ input }) => {
        fakes.lookup(input.email);
        if (lookup === 'missing') throw { text: 'There is no customer with this e-mail' };
        return MIA;
      }),
      verify: fromPromise(async ({ input }) => {
        fakes.verify(input);
        if (verify === 'pending') return never();
        return verify;
      }),
      create: fromPromise(async ({ input }) => {
        fakes.create(input);
        if (create === 'pending') return never();
        if (create === 'refused') throw { fields: { ownSigner: { text: 'The signer’s name is not accepted' } }, message: { text: 'Check the highlighted fields.' } };
        return 901;
      }),
    },
    actions: { created: (_, { id }) => fakes.created(id) },
  });
}

const search = (outcome: 'listed' | 'none' | 'failed' | 'pending') =>
  lookupMachine.provide({
    actors: {
      lookUp: fromPromise<unknown, { query: unknown }>(async () => {
        if (outcome === 'pending') return never();
        if (outcome === 'failed') throw { text: 'The companies could not be loaded' };
        return outcome === 'none' ? { data: [], meta: { count: 0, total: 120 } } : COMPANIES;
      }),
    },
  });

const TERMS = { ownSigner: 'Ana Demo', ownObligations: 'Pays the share monthly\nReports the revenue', otherSigner: 'Mia Rossi', otherObligations: 'Streams twice a week', percentage: '12,5', activeFrom: TODAY, note: 'Spring season' };
const at = (step: ContractDraft['step'], values: Record<string, string> = {}): ContractDraft => ({ step, values: { email: 'mia@example.com', ...values }, counterparty: MIA, company: step === 'company' ? null : { id: 101, title: 'Aurora Media', logo: null } });

interface Args {
  draft: ContractDraft | null;
  options: Parameters<typeof logic>[0];
  companies: 'listed' | 'none' | 'failed' | 'pending';
}
function Flow({ draft, options, companies }: Args) {
  return <CreateContractFlow logic={logic(options)} ownId={501} today={TODAY} draft={draft} companySearch={search(companies)} />;
}

const meta: Meta<typeof Flow> = {
  title: 'Features/Create contract',
  component: Flow,
  decorators: [withAppServices],
  parameters: { layout: 'padded' },
  args: { draft: null, options: {}, companies: 'listed' },
  beforeEach: () => {
    for (const fake of Object.values(fakes)) fake.mockReset();
  },
};
export default meta;
type Story = StoryObj<typeof Flow>;

/** The first step, empty: Next says what is missing and moves the focus there. */
export const PartyEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Step 1 of 4')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Find the other party by their e-mail.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Find' }));
    await expect(await canvas.findByText('Find the other party by their e-mail first.')).toBeInTheDocument();
  },
};

/** Nobody with that e-mail: the service's words on the field; the e-mail kept. */
export const PartyNotFound: Story = {
  args: { options: { lookup: 'missing' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/The other party’s e-mail|The other party's e-mail/), 'nobody@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Find' }));
    await expect(await canvas.findByText('There is no customer with this e-mail')).toBeInTheDocument();
    await expect(canvas.getByLabelText(/e-mail/)).toHaveValue('nobody@example.com');
  },
};

/** Found, receiving chosen, on to the companies. */
export const PartyFound: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/e-mail/), 'Mia@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Find' }));
    await expect(await canvas.findByText('Found: a personal customer (mia@example.com).')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('radio', { name: 'I receive a share of their revenue' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Step 2 of 4')).toBeInTheDocument();
  },
};

export const CompaniesLoading: Story = {
  args: { draft: at('company'), companies: 'pending' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Searching' })).toBeInTheDocument();
  },
};

export const CompaniesNone: Story = {
  args: { draft: at('company'), companies: 'none' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No company matches. Try another part of its name.')).toBeInTheDocument();
  },
};

export const CompaniesFailed: Story = {
  args: { draft: at('company'), companies: 'failed' },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('The companies could not be loaded');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** The companies listed: Next without one says so; one chosen, on to the terms. */
export const CompaniesListed: Story = {
  args: { draft: at('company') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = await canvas.findByRole('radiogroup', { name: 'Companies (4)' });
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Choose the company the contract is for.')).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('radio', { name: 'Cedar Lane Productions' }));
    await expect(canvas.getByText('Chosen: Cedar Lane Productions')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Step 3 of 4')).toBeInTheDocument();
  },
};

/** The terms refused field by field, the focus on the first problem; filled, on to the review. */
export const TermsRefused: Story = {
  args: { draft: at('terms', { percentage: '100,01' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Next' }));
    await expect(await canvas.findAllByText('Enter the name of the person who signs.')).toHaveLength(2);
    await expect(canvas.getByText('Enter a share above 0 and up to 100, with at most two decimals.')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('textbox', { name: /Who signs for you/ })).toHaveFocus());
  },
};

/** The review: everything once more; verify says no: said, nothing created. */
export const ReviewNotAllowed: Story = {
  args: { draft: at('review', TERMS), options: { verify: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Share: 12.5%')).toBeInTheDocument();
    await expect(canvas.getByText('Your obligations: Pays the share monthly; Reports the revenue')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Create the contract' }));
    await expect(await canvas.findByText('A contract for this company with this customer cannot be made. Choose another company or another party.')).toBeInTheDocument();
    await expect(fakes.create).not.toHaveBeenCalled();
  },
};

/** The service refuses a field: the flow goes back to it with the reason. */
export const ReviewRefused: Story = {
  args: { draft: at('review', TERMS), options: { create: 'refused' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Create the contract' }));
    await expect(await canvas.findByText(/The signer’s name is not accepted/)).toBeInTheDocument();
    await expect(fakes.create).toHaveBeenCalledTimes(1);
  },
};

/** Created: the new contract opened. */
export const Created: Story = {
  args: { draft: at('review', TERMS) },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Create the contract' }));
    await waitFor(() => expect(fakes.created).toHaveBeenCalledWith(901));
  },
};

/** Under way: the button shows progress; presses are not taken. */
export const Creating: Story = {
  args: { draft: at('review', TERMS), options: { create: 'pending' } },
  play: async ({ canvasElement }) => {
    const button = await within(canvasElement).findByRole('button', { name: /Create the contract/ });
    await userEvent.click(button);
    await userEvent.click(button);
    await waitFor(() => expect(fakes.create).toHaveBeenCalledTimes(1));
  },
};

/** The terms on a 320 px column in Russian and the review in Portuguese: nothing cut off, nothing scrolling sideways. */
export const NarrowRussian: Story = {
  args: { draft: at('terms', TERMS) },
  ...narrowIn('ru', async ({ canvasElement }) => {
    await within(canvasElement).findByText('Шаг 3 из 4');
    await expect(clippedText(canvasElement)).toEqual([]);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  }),
};

export const NarrowPortuguese: Story = {
  args: { draft: at('review', TERMS) },
  ...narrowIn('pt', async ({ canvasElement }) => {
    await within(canvasElement).findByText('Passo 4 de 4');
    await expect(clippedText(canvasElement)).toEqual([]);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  }),
};
