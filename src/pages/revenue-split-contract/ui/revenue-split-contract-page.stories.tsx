import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ApiError } from '@/shared/api';
import type { Contract } from '@/entities/contract';
import { withAppServices, withRouter } from '../../../../.storybook/decorators';
import {
  contractFakes,
  demoContracts,
  fakeContractLogic,
  fakeIdentificationLogic,
  identificationFakes,
  LUCA,
  MIA,
  resetContractFakes,
  resetIdentificationFakes,
  sampleContract,
  VIEWER_ID,
} from '../../../../.storybook/contract-fixtures';
import { fakeQuery } from '../../../../.storybook/fixtures';
import { clippedText } from '../../../../.storybook/layout-checks';
import { narrowIn } from '../../../../.storybook/narrow';
import { ContractDetailView, type ContractDetailViewProps, type ContractRead } from './revenue-split-contract-page';

/**
 * /revenue-split/{contractId} (issue 58) with its read injected (`args.contract`) and the contract
 * statechart given fake calls: loading, failed, the service's 404, an address that holds no id, the
 * contract in each status from the side that may act (exactly the actions the rules' table allows
 * offered), the actions asked first and sent once, a refusal, Sign, a reader.
 */
const read = (contract: Contract): ContractRead => fakeQuery({ data: contract });
const byId = (id: number) => demoContracts.find((contract) => contract.id === id)!;

const meta: Meta<typeof ContractDetailView> = {
  title: 'Pages/Revenue split/Contract',
  component: ContractDetailView,
  decorators: [withAppServices, withRouter],
  parameters: { layout: 'padded' },
  args: { contractId: '110', known: true, contract: read(byId(110)), canSign: false, viewerId: VIEWER_ID, rights: 'act' },
  // The statechart with its fake calls is no arg (not serialisable).
  render: (args) => <ContractDetailView {...args} logic={fakeContractLogic()} identificationLogic={fakeIdentificationLogic()} />,
  beforeEach: () => {
    resetContractFakes();
    resetIdentificationFakes();
  },
};
export default meta;
type Story = StoryObj<typeof ContractDetailView>;

const ACTION_NAMES = ['Sign', 'Cancel the contract', 'Reject', 'Terminate', 'Cancel the termination', 'Terminate now'];

/** The action buttons on the page, by name, in order. */
const offered = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'What you can do' }))
    .getAllByRole('button')
    .map((button) => button.textContent ?? '')
    .filter((name) => ACTION_NAMES.includes(name));

/** A contract in a status, seen by the side the story names: exactly `actions` offered, the PDF always. */
const inStatus = (contract: Contract, actions: string[], canSign = false): Story => ({
  args: { contractId: String(contract.id), contract: read(contract), canSign },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: `Contract No. ${contract.id}` })).toBeInTheDocument();
    await expect(offered(canvasElement)).toEqual(actions);
    await expect(canvas.getByRole('button', { name: 'Download the PDF' })).toBeInTheDocument();
  },
});

export const Loading: Story = {
  args: { contract: fakeQuery({ isPending: true }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('region', { name: 'What you can do' })).toBeNull();
  },
};

export const Failed: Story = {
  args: { contract: fakeQuery({ isError: true, error: new ApiError({ kind: 'serverUnavailable', status: 500 }), refetch: fn() }) },
  play: async ({ canvasElement, args }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('The contract could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.contract.refetch).toHaveBeenCalledTimes(1);
  },
};

/** The service's 404: its own words, and the way back to the list. */
export const NotFound: Story = {
  args: { contractId: '999', contract: fakeQuery({ isError: true, error: new ApiError({ kind: 'notFound', status: 404, serverMessage: 'There is no such contract' }) }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This contract cannot be shown')).toBeInTheDocument();
    await expect(canvas.getByText('There is no such contract')).toBeInTheDocument();
    await expect(canvas.getAllByRole('link', { name: 'All contracts' })).toHaveLength(2);
  },
};

/** An address that holds no contract id: nothing asked, said so. */
export const NotAnId: Story = {
  args: { contractId: 'abc', known: false, contract: fakeQuery({ isPending: true }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There is no such contract.')).toBeInTheDocument();
  },
};

export const UnsignedOfferedToUs: Story = inStatus(byId(101), ['Sign', 'Reject'], true);
export const UnsignedOurOffer: Story = inStatus(byId(102), ['Sign', 'Cancel the contract'], true);
/** Waiting for Luca's signature: Sunrise signed (checkSigner false), so only Cancel. */
export const WaitingForTheOtherSide: Story = inStatus(byId(103), ['Cancel the contract']);
export const WaitingForUs: Story = inStatus(byId(104), ['Sign', 'Reject'], true);
/** The payer, identification under way: said so, and it can be begun again. */
export const NeedIdentification: Story = {
  ...inStatus(byId(105), []),
  play: async (context) => {
    await inStatus(byId(105), []).play!(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText('Your identification')).toBeInTheDocument();
    await expect(canvas.getByText('In progress')).toBeInTheDocument();
    const section = canvas.getByRole('region', { name: 'Identify yourself' });
    await expect(section).toHaveTextContent('Your identification is under way.');
    await expect(within(section).getByRole('button', { name: 'Start the video identification' })).toBeEnabled();
  },
};

const identifying = (status: 'NEW' | 'FAILED' | 'PROCESSING') => read(sampleContract(105, 'NEED_IDENTIFICATION', { identificationStatus: status }));
const identification = (canvasElement: HTMLElement) => within(canvasElement).getByRole('region', { name: 'Identify yourself' });

/** Not started: the provider chosen, Start asks for its page once, tells the service and goes there. */
export const IdentificationNotStarted: Story = {
  args: { contractId: '105', contract: identifying('NEW') },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('region', { name: 'Identify yourself' });
    const section = identification(canvasElement);
    await expect(within(section).getByRole('radio', { name: 'JMO' })).toBeChecked();
    await userEvent.click(within(section).getByRole('radio', { name: 'NFD' }));
    const start = within(section).getByRole('button', { name: 'Start the video identification' });
    await userEvent.click(start);
    await userEvent.click(start);
    await expect(within(section).getByRole('button', { name: 'Send to my phone' })).toBeDisabled();
    await waitFor(() => expect(identificationFakes.openProvider).toHaveBeenCalledWith('https://nfd.identity.example/job/abc'), { timeout: 3000 });
    await expect(identificationFakes.request).toHaveBeenCalledTimes(1);
    await expect(identificationFakes.request).toHaveBeenCalledWith('nfd');
    await expect(identificationFakes.started).toHaveBeenCalledTimes(1);
  },
};

/** The page with its read following the service's answer to identificationStarted (PROCESSING), as the real page's query does. */
function Identifying(props: ContractDetailViewProps) {
  const [status, setStatus] = useState<'NEW' | 'FAILED' | 'PROCESSING'>('FAILED');
  const [logic] = useState(() => fakeIdentificationLogic({ onStarted: () => setStatus('PROCESSING') }));
  return <ContractDetailView {...props} contract={identifying(status)} logic={fakeContractLogic()} identificationLogic={logic} />;
}

/** Failed: said, with the way to try again; sent to the phone instead, said as sent, under way. */
export const IdentificationFailed: Story = {
  args: { contractId: '105', contract: identifying('FAILED') },
  render: (args) => <Identifying {...args} />,
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('region', { name: 'Identify yourself' });
    const section = identification(canvasElement);
    await expect(within(section).getByRole('alert')).toHaveTextContent('Your identification did not pass. Please try again.');
    await expect(within(section).getByRole('button', { name: 'Try the video identification again' })).toBeEnabled();
    await userEvent.click(within(section).getByRole('button', { name: 'Send to my phone' }));
    await expect(await within(section).findByText('Sent to your phone: open the notification there and follow it.')).toBeInTheDocument();
    await expect(within(section).queryByRole('alert')).toBeNull();
    await expect(within(section).getByRole('button', { name: 'Send to my phone again' })).toBeEnabled();
    await expect(section).toHaveTextContent('Your identification is under way.');
    await expect(identificationFakes.push).toHaveBeenCalledTimes(1);
    await expect(identificationFakes.started).toHaveBeenCalledTimes(1);
  },
};

/** The service refuses the provider's page: its reason said, nothing opened, Start offered again. */
export const IdentificationRefused: Story = {
  args: { contractId: '105', contract: identifying('NEW') },
  render: (args) => <ContractDetailView {...args} logic={fakeContractLogic()} identificationLogic={fakeIdentificationLogic({ fail: 'request' })} />,
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('region', { name: 'Identify yourself' });
    const section = identification(canvasElement);
    await userEvent.click(within(section).getByRole('button', { name: 'Start the video identification' }));
    await expect(await within(section).findByRole('alert')).toHaveTextContent('The contracts service is not available. Please try again later.');
    await expect(identificationFakes.openProvider).not.toHaveBeenCalled();
    await expect(identificationFakes.started).not.toHaveBeenCalled();
    await expect(within(section).getByRole('button', { name: 'Start the video identification' })).toBeEnabled();
  },
};

/** Under way for long (the reads again used up, here in moments): read again only on asking. */
export const IdentificationStillUnderWay: Story = {
  args: { contractId: '105', contract: identifying('PROCESSING') },
  render: (args) => <ContractDetailView {...args} logic={fakeContractLogic()} identificationLogic={fakeIdentificationLogic({ pollDelay: 1 })} />,
  play: async ({ canvasElement }) => {
    const check = await within(canvasElement).findByRole('button', { name: 'Check the result' }, { timeout: 5000 });
    const reads = identificationFakes.changed.mock.calls.length;
    await expect(reads).toBeGreaterThan(0);
    await userEvent.click(check);
    // Asked again at once, then read again by itself as before.
    await expect(identificationFakes.changed.mock.calls.length).toBeGreaterThan(reads);
    await expect(identification(canvasElement)).toHaveTextContent('Your identification is under way.');
  },
};

/** The beneficiary of a contract waiting for the payer: nothing to identify. A reader: nothing offered. */
export const WaitingForThePayer: Story = {
  args: { contractId: '106', contract: read(byId(106)) },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: 'Contract No. 106' });
    await expect(within(canvasElement).queryByRole('region', { name: 'Identify yourself' })).toBeNull();
  },
};

export const ReaderOfOneWaiting: Story = {
  args: { contractId: '105', contract: identifying('NEW'), rights: 'read' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: 'Contract No. 105' });
    await expect(within(canvasElement).queryByRole('region', { name: 'Identify yourself' })).toBeNull();
  },
};
export const Signed: Story = inStatus(byId(107), []);
export const Active: Story = inStatus(byId(110), ['Terminate']);
export const TerminatingByUs: Story = inStatus(byId(111), ['Cancel the termination', 'Terminate now']);
/** Mia asked for the termination: only she cancels it or ends it now. */
export const TerminatingByTheOtherSide: Story = {
  ...inStatus(byId(112), []),
  play: async (context) => {
    await inStatus(byId(112), []).play!(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText('We are moving to another platform.')).toBeInTheDocument();
    const by = canvas.getByText('Terminated by').closest('div')!;
    await expect(within(by as HTMLElement).getByText(MIA.name)).toBeInTheDocument();
  },
};
export const Expired: Story = inStatus(byId(113), []);
export const Terminated: Story = inStatus(byId(114), []);
export const Cancelled: Story = inStatus(byId(115), []);
export const Rejected: Story = inStatus(byId(116), []);

/** Terminate asks for its reason first, sends it once, says it was done; Back leaves it undone. */
export const TerminateWithReason: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Terminate' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Terminate this contract?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Terminate' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Terminate this contract?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Terminate' }));
    await expect(await within(dialog).findByText('Say why the contract ends: the other party reads it.')).toBeInTheDocument();
    await expect(contractFakes.perform).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The channel closes.');
    const confirm = within(dialog).getByRole('button', { name: 'Terminate' });
    await userEvent.click(confirm);
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 3000 });
    await expect(contractFakes.perform).toHaveBeenCalledTimes(1);
    await expect(contractFakes.perform).toHaveBeenCalledWith({ action: 'terminate', note: 'The channel closes.' });
    await expect(await canvas.findByText('The termination has started: the contract ends on the date shown.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Terminate' })).toBeNull();
  },
};

/** The service refuses: the reason said in the question, the contract as it was; confirmed again it is sent again. */
export const Refused: Story = {
  args: { contractId: '101', contract: read(byId(101)), canSign: true },
  render: (args) => <ContractDetailView {...args} logic={fakeContractLogic({ fail: true })} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject this contract?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('The contracts service is not available. Please try again later.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(contractFakes.perform).toHaveBeenCalledTimes(2));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Back' }));
    await expect(offered(canvasElement)).toEqual(['Sign', 'Reject']);
  },
};

/** Sign asks for the signing page and goes there. */
export const SignOpensTheSigningPage: Story = {
  args: { contractId: '104', contract: read(byId(104)), canSign: true },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(contractFakes.openSignPage).toHaveBeenCalledWith('https://contracts.northbridgepay.example/sign/abc'));
    await expect(contractFakes.signUrl).toHaveBeenCalledTimes(1);
  },
};

/** A user with merchant level 1 reads: no action, and why; the PDF. */
export const Reader: Story = {
  args: { contractId: '101', contract: read(byId(101)), canSign: true, rights: 'read' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You can read this contract. Only a user with full access to the merchant area can sign or change it.')).toBeInTheDocument();
    await expect(offered(canvasElement)).toEqual([]);
    await expect(canvas.getByRole('button', { name: 'Download the PDF' })).toBeInTheDocument();
  },
};

const longContract = sampleContract(301, 'TERMINATING', {
  other: { ...LUCA, name: 'Александра Константинопольская-Воскресенская' },
  company: { id: 9, title: 'Производственная студия «Северное сияние и партнёры»', logo: null },
  percentage: '33.33',
});

/** On a 320 px column in Russian and Portuguese: nothing cut off, nothing scrolling sideways. */
export const NarrowRussian: Story = {
  args: { contractId: '301', contract: read(longContract) },
  ...narrowIn('ru', async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'Расторгнуть сейчас' });
    await expect(clippedText(canvasElement)).toEqual([]);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  }),
};

export const NarrowPortuguese: Story = {
  args: { contractId: '101', contract: read(byId(101)), canSign: true },
  ...narrowIn('pt', async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'Assinar' });
    await expect(clippedText(canvasElement)).toEqual([]);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  }),
};

/** The identification on a 320 px column in Portuguese: nothing cut off, nothing scrolling sideways. */
export const NarrowPortugueseIdentification: Story = {
  args: { contractId: '105', contract: identifying('FAILED') },
  ...narrowIn('pt', async ({ canvasElement }) => {
    await within(canvasElement).findByRole('radio', { name: 'NFD' });
    await expect(clippedText(canvasElement)).toEqual([]);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  }),
};
