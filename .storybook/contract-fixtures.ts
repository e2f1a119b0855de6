import { fn } from 'storybook/test';
import { fromPromise } from 'xstate';
import { contractIdentificationMachine, type IdentityProvider } from '@machines/contracts/contract-identification.machine';
import { contractMachine, type ConfirmableAction } from '@machines/contracts/contract.machine';
import { tabsOf, type ContractStatus, type ContractTab } from '@machines/contracts/contract.rules';
import type { Contract, ContractListPage } from '../src/entities/contract';
import { fakeQuery } from './fixtures';

/**
 * Smart contracts in stories (issue 58): the acting company (Sunrise Studio, id 501) and its
 * counterparties, a contract in any status from either side, the list's pages with the service's
 * counts, the infinite read the list takes and the contract statechart with fake calls.
 */
export const VIEWER_ID = 501;
export const SUNRISE = { id: VIEWER_ID, username: 'contracts@brand1.test', name: 'Sunrise Studio 1 Ltd' };
export const MIA = { id: 502, username: 'contracts-person@brand1.test', name: 'Mia Rossi' };
export const LUCA = { id: 503, username: 'contracts-other@brand1.test', name: 'Luca Bianchi' };

const LOGO = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#6D28D9"/><text x="32" y="41" font-family="Arial" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">AM</text></svg>')}`;

/**
 * A contract as the service answers it to Sunrise Studio: it pays (sender) unless `receives`, Mia
 * the other party unless `other`; Sunrise initiated it unless `offeredToUs`.
 */
export function sampleContract(id: number, status: ContractStatus, over: Partial<Contract> & { receives?: boolean; offeredToUs?: boolean; other?: typeof MIA } = {}): Contract {
  const { receives = false, offeredToUs = false, other = MIA, ...rest } = over;
  const sender = receives ? other : SUNRISE;
  const beneficiary = receives ? SUNRISE : other;
  return {
    id,
    status,
    identificationStatus: receives ? null : status === 'NEED_IDENTIFICATION' ? 'PROCESSING' : 'SUCCESS',
    percentage: '12.5',
    initiatorId: offeredToUs ? other.id : VIEWER_ID,
    direction: receives ? 'RECEIVE' : 'PAY',
    note: 'Revenue of the joint channel, monthly.',
    activeFrom: '2026-12-01',
    activeTo: '2027-11-30',
    terminateInfo: status === 'TERMINATING' || status === 'TERMINATED' ? { terminatedAt: '2026-12-31T00:00:00Z', note: 'The channel closes at the end of the year.', terminatedBy: VIEWER_ID } : null,
    updatedAt: '2026-11-28T10:15:00Z',
    createdAt: '2026-11-20T09:00:00Z',
    company: { id: 1, title: 'Aurora Media', logo: LOGO },
    sender,
    beneficiary,
    ...rest,
  };
}

/** Seventeen contracts in every status, paying and receiving, as initiator and as the party offered to (as the sandbox seeds contracts@). */
export const demoContracts: Contract[] = [
  sampleContract(101, 'UNSIGNED', { offeredToUs: true, company: { id: 2, title: 'Blue Harbor Studios', logo: null } }),
  sampleContract(102, 'UNSIGNED', { receives: true, percentage: '30' }),
  sampleContract(103, 'WAITING', { other: LUCA }),
  sampleContract(104, 'WAITING', { other: LUCA, offeredToUs: true, receives: true }),
  sampleContract(105, 'NEED_IDENTIFICATION'),
  sampleContract(106, 'NEED_IDENTIFICATION', { receives: true }),
  sampleContract(107, 'SIGNED', { other: LUCA, percentage: '7.25' }),
  sampleContract(108, 'ACTIVE', { receives: true, other: LUCA }),
  sampleContract(109, 'ACTIVE', { activeTo: null }),
  sampleContract(110, 'ACTIVE', { offeredToUs: true }),
  sampleContract(111, 'TERMINATING'),
  sampleContract(112, 'TERMINATING', { receives: true, terminateInfo: { terminatedAt: '2027-01-10T00:00:00Z', note: 'We are moving to another platform.', terminatedBy: MIA.id } }),
  sampleContract(113, 'EXPIRED', { other: LUCA, activeTo: '2026-10-31' }),
  sampleContract(114, 'TERMINATED', { other: LUCA, terminateInfo: { terminatedAt: '2026-11-15T00:00:00Z', note: 'The studio closed.', terminatedBy: LUCA.id } }),
  sampleContract(115, 'CANCELLED'),
  sampleContract(116, 'REJECTED', { receives: true }),
  sampleContract(117, 'REJECTED', { offeredToUs: true }),
];

/** The counts of every tab over these contracts (tabsOf), as the service's meta. */
export function countsOf(contracts: readonly Contract[]): Record<ContractTab, number> {
  const counts: Record<ContractTab, number> = { total: 0, requests: 0, pending: 0, active: 0, ended: 0, pay: 0, receive: 0 };
  for (const contract of contracts) for (const tab of tabsOf(contract)) counts[tab] += 1;
  return counts;
}

/** One page of the list: `data` with the counts of `all` (the caller's, whatever the filters). */
export const contractPage = (data: readonly Contract[], all: readonly Contract[] = demoContracts, page = 1, count = data.length): ContractListPage => ({
  data: [...data],
  meta: { ...countsOf(all), page, pageSize: 1000, count },
});

export interface ContractListRead {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { pages: ContractListPage[] } | undefined;
  refetch: () => unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
}

/** The list's infinite read with these pages (no more to come unless said). */
export const contractRead = (pages: ContractListPage[], over: Partial<ContractListRead> = {}): ContractListRead => ({
  ...fakeQuery({ data: { pages } }),
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: fn(),
  ...over,
});

/** The calls the fake statechart made, for the plays to check. */
export const contractFakes = { perform: fn(), signUrl: fn(), openSignPage: fn() };
export const resetContractFakes = () => {
  for (const fake of Object.values(contractFakes)) fake.mockReset();
};

/**
 * The contract statechart with fake calls: an action answers the status it leads to after 300 ms
 * (`fail`: the service's refusal instead), Sign answers a signing page's address.
 */
export function fakeContractLogic({ fail = false }: { fail?: boolean } = {}) {
  const after: Record<ConfirmableAction, ContractStatus> = { cancel: 'CANCELLED', reject: 'REJECTED', terminate: 'TERMINATING', terminateCancel: 'ACTIVE', terminateNow: 'TERMINATED' };
  return contractMachine.provide({
    actors: {
      perform: fromPromise<ContractStatus, { action: ConfirmableAction; note: string }>(async ({ input }) => {
        contractFakes.perform(input);
        await new Promise((resolve) => setTimeout(resolve, 300));
        if (fail) throw { text: 'The contracts service is not available. Please try again later.' };
        return after[input.action];
      }),
      signUrl: fromPromise<string, void>(async () => {
        contractFakes.signUrl();
        return 'https://contracts.northbridgepay.example/sign/abc';
      }),
    },
    actions: { openSignPage: (_, params: { url: string }) => contractFakes.openSignPage(params.url) },
  });
}

/** The calls the fake identification statechart made, for the plays to check. */
export const identificationFakes = { request: fn(), started: fn(), push: fn(), openProvider: fn(), changed: fn() };
export const resetIdentificationFakes = () => {
  for (const fake of Object.values(identificationFakes)) fake.mockReset();
};

/**
 * The payer's identification statechart with fake calls, each answering after 300 ms: the
 * provider's page, the service told (`onStarted`: the page's read then says PROCESSING, as the
 * service's answer does), the push sent (`fail`: that call refused by the service); `pollDelay`
 * shortens the reads again while it is under way.
 */
export function fakeIdentificationLogic({ fail, onStarted, pollDelay }: { fail?: 'request' | 'push'; onStarted?: () => void; pollDelay?: number } = {}) {
  const later = () => new Promise((resolve) => setTimeout(resolve, 300));
  const refusal = { text: 'The contracts service is not available. Please try again later.' };
  return contractIdentificationMachine.provide({
    actors: {
      request: fromPromise<string, { provider: IdentityProvider }>(async ({ input }) => {
        identificationFakes.request(input.provider);
        await later();
        if (fail === 'request') throw refusal;
        return `https://${input.provider}.identity.example/job/abc`;
      }),
      started: fromPromise<void, void>(async () => {
        identificationFakes.started();
        await later();
        onStarted?.();
      }),
      push: fromPromise<void, void>(async () => {
        identificationFakes.push();
        await later();
        if (fail === 'push') throw refusal;
      }),
    },
    actions: {
      openProvider: (_, params: { url: string }) => identificationFakes.openProvider(params.url),
      changed: () => identificationFakes.changed(),
    },
    ...(pollDelay === undefined ? {} : { delays: { pollDelay } }),
  });
}
