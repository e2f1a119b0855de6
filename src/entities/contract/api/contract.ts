import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { components, operations } from '@contract/contracts';
import type { ContractStale, ConfirmableAction } from '@machines/contracts/contract.machine';
import { CONTRACT_PAGE_SIZE } from '@machines/contracts/contract.rules';
import { api, asFormFailure, asUiMessage, fetchFile, isApiError, toUiMessage } from '@/shared/api';

export type Contract = components['schemas']['Contract'];
export type ContractStats = components['schemas']['ContractStats'];
export type ContractListMeta = components['schemas']['ContractListMeta'];
export type ContractListQuery = Omit<NonNullable<operations['contractList']['parameters']['query']>, 'page' | 'pageSize'>;

/**
 * The contracts service's calls (issue 58; contracts.yaml; 000 s7 Contracts service), brand 1 only:
 * the pages that make them exist only where the brand's `contracts` switch is on, so no other
 * brand ever calls them. Reads are queries under one key (a switch of the acting customer resets
 * every customer read); the list is asked for 1000 at a time (000 s9).
 */
export const contractKeys = {
  all: ['contract'] as const,
  lists: () => ['contract', 'list'] as const,
  list: (query: ContractListQuery) => ['contract', 'list', query] as const,
  stats: () => ['contract', 'stats'] as const,
  detail: (id: number) => ['contract', 'detail', id] as const,
  signer: (id: number) => ['contract', 'signer', id] as const,
};

const quiet = { errorPopup: false };

export type ContractListPage = operations['contractList']['responses'][200]['content']['application/json'];

/** The list, 1000 a page (000 s9); the next page while the pages so far hold fewer than `count`. */
export const contractListQuery = (query: ContractListQuery) =>
  infiniteQueryOptions({
    queryKey: contractKeys.list(query),
    queryFn: async ({ signal, pageParam }): Promise<ContractListPage> =>
      (await api().contracts.GET('/contract', { params: { query: { ...query, page: pageParam, pageSize: CONTRACT_PAGE_SIZE } }, signal })).data!,
    initialPageParam: 1,
    getNextPageParam: (last: ContractListPage) => (last.meta.page * last.meta.pageSize < last.meta.count ? last.meta.page + 1 : undefined),
    meta: quiet,
  });

/** The counts of the navigation's badge. */
export const contractStatsQuery = () =>
  queryOptions({
    queryKey: contractKeys.stats(),
    queryFn: async ({ signal }): Promise<ContractStats> => (await api().contracts.GET('/contract/stats', { signal })).data!,
    meta: quiet,
  });

export const contractQuery = (id: number) =>
  queryOptions({
    queryKey: contractKeys.detail(id),
    queryFn: async ({ signal }): Promise<Contract> => (await api().contracts.GET('/contract/{id}', { params: { path: { id } }, signal })).data!,
    meta: quiet,
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });

/** Whether the viewer may sign now (checkSigner). */
export const contractSignerQuery = (id: number) =>
  queryOptions({
    queryKey: contractKeys.signer(id),
    queryFn: async ({ signal }): Promise<boolean> => (await api().contracts.GET('/contract/{id}/checkSigner', { params: { path: { id } }, signal })).data!.canSign,
    meta: quiet,
  });

const ACTION_PATHS = {
  cancel: '/contract/{id}/cancel',
  reject: '/contract/{id}/reject',
  terminateCancel: '/contract/{id}/terminateCancel',
  terminateNow: '/contract/{id}/terminateNow',
} as const;

/** An action on the contract: the contract as it is after it. Throws a ContractStale when the service says it no longer applies (409), else a UiMessage. */
export async function performContractAction(id: number, action: ConfirmableAction, note: string): Promise<Contract> {
  try {
    const reply =
      action === 'terminate'
        ? await api().contracts.POST('/contract/{id}/terminate', { params: { path: { id } }, body: { note } })
        : await api().contracts.POST(ACTION_PATHS[action], { params: { path: { id } } });
    return reply.data!;
  } catch (error) {
    if (isApiError(error) && error.status === 409) throw { stale: true } satisfies ContractStale;
    throw toUiMessage(error);
  }
}

/** The signing page's address for the viewer, coming back to `returnUrl` (the contract's detail). */
export const contractSignUrl = (id: number, returnUrl: string) =>
  asUiMessage(async () => (await api().contracts.GET('/contract/{id}/signUrl', { params: { path: { id }, query: { returnUrl } } })).data!.signUrl);

/** Where the contract's PDF is. */
export const contractPdfUrl = (id: number) => asUiMessage(async () => (await api().contracts.GET('/contract/{id}/pdfUrl', { params: { path: { id } } })).data!.pdfUrl);

/** The contract's PDF, made now by the service (pdfUrl, then the file it points to, read with the token). Throws a UiMessage. */
export const fetchContractPdf = (id: number) =>
  asUiMessage(async () => fetchFile((await api().contracts.GET('/contract/{id}/pdfUrl', { params: { path: { id } } })).data!.pdfUrl));

// ---- creating one and the payer's identification (issue 59) -----------------------------------------

export type CompanyItem = components['schemas']['CompanyItem'];
export type CompanyPage = operations['companyList']['responses'][200]['content']['application/json'];
export type CustomerLookup = operations['customerLookup']['responses'][200]['content']['application/json'];
export type ContractCreateBody = components['schemas']['ContractCreate'];

/** GET /company: the companies a contract with this counterparty can be for, found by a part of the title (the first 100). Throws a UiMessage. */
export const findCompanies = (query: string, counterpartyId: number | null) =>
  asUiMessage(async (): Promise<CompanyPage> =>
    (await api().contracts.GET('/company', { params: { query: { ...(query.trim() ? { query: query.trim() } : {}), ...(counterpartyId ? { forCounterpartyCustomerId: counterpartyId } : {}), page: 1, pageSize: 100 } } })).data!,
  );

/** GET /customer/lookup: the customer with this e-mail (a 404's message when there is none). Throws a UiMessage. */
export const lookUpCustomer = (email: string) => asUiMessage(async (): Promise<CustomerLookup> => (await api().contracts.GET('/customer/lookup', { params: { query: { email } } })).data!);

/** POST /contract/verify: whether this company and counterparty may make a contract. Throws a UiMessage. */
export const verifyContractPair = (companyId: number, counterpartyId: number) =>
  asUiMessage(async () => (await api().contracts.POST('/contract/verify', { body: { companyId, counterpartyId } })).data!.isValid);

/** PUT /contract, once per requestId: the new contract. Throws a FormFailure (field errors by the payload's param). */
export const createContract = (body: ContractCreateBody) => asFormFailure(async (): Promise<Contract> => (await api().contracts.PUT('/contract', { body })).data!);

/** POST split-pay-signer-identification: the provider's page for the payer's video identification, coming back to `returnUrl`. Throws a UiMessage. */
export const startSignerIdentification = (contractId: number, provider: 'jmo' | 'nfd', returnUrl: string) =>
  asUiMessage(async () => (await api().contracts.POST('/split-pay-signer-identification', { body: { contractId, provider, returnUrl } })).data!.url);

/** POST /contract/{id}/identificationStarted: the payer's identification is under way (PROCESSING). Throws a UiMessage. */
export const identificationStarted = (id: number) => asUiMessage(async () => (await api().contracts.POST('/contract/{id}/identificationStarted', { params: { path: { id } } })).data!);

/** POST /contract/{contractId}/identificationPush: the identification sent to the payer's phone. Throws a UiMessage. */
export const pushIdentification = (contractId: number) =>
  asUiMessage(async () => void (await api().contracts.POST('/contract/{contractId}/identificationPush', { params: { path: { contractId } } })));
