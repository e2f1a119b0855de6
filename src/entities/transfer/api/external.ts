import { queryOptions } from '@tanstack/react-query';
import type { AvailableTransfer, ExternalType, ExtraParam, TransferDetails } from '@machines/transfers/external.logic';
import { api, type MainBody, type MainSchemas } from '@/shared/api';

/**
 * External transfers (001 s7): what a country allows, what identifies the beneficiary, the
 * extra parameters, branch codes, the lookups as the customer types (SWIFT, IBAN, instant key),
 * banks, the bin blacklist, fees, transfer details and the submit. Each query is asked only when
 * its rule in machines/transfers/external.logic.ts says it may be.
 */
export type Bank = MainSchemas['Bank'];
export type TransferField = MainSchemas['TransferField'];
export type SwiftInfo = MainSchemas['SwiftLookupReply'];
export type IbanInfo = MainSchemas['IbanLookupReply'];
export type InstantKeyInfo = MainSchemas['InstantKeyInfoReply'];

export const externalKeys = {
  available: (countryCode: string) => ['available-transfers', countryCode] as const,
  requirements: (countryCode: string, type: string) => ['bank-list-requirements', countryCode, type] as const,
  extraParams: (countryCode: string, type: string) => ['extra-params', countryCode, type] as const,
  branches: (lookup: object) => ['eft-extra-params', lookup] as const,
  instantBanks: (countryCode: string) => ['instant-banks', countryCode] as const,
  binBlacklist: ['bin-blacklist'] as const,
  fee: (lookup: object) => ['transfer-fee', lookup] as const,
  cryptoFee: (lookup: object) => ['crypto-fee', lookup] as const,
  detailsAll: ['transfer-details'] as const,
  details: (type: string, countryCode: string, accountId: string) => ['transfer-details', type, countryCode, accountId] as const,
};

export const availableTransfersQuery = (countryCode: string) =>
  queryOptions({
    queryKey: externalKeys.available(countryCode),
    queryFn: async ({ signal }): Promise<AvailableTransfer[]> =>
      ((await api().main.call('availableTransfersToCountry', { countryCode }, { signal })).transfers ?? []).map((t) => ({ type: t.type, currencies: t.currencies })),
    staleTime: 10 * 60_000,
  });

export const bankListRequirementsQuery = (countryCode: string, type: ExternalType) =>
  queryOptions({
    queryKey: externalKeys.requirements(countryCode, type),
    queryFn: async ({ signal }) => {
      const reply = await api().main.call('bankListRequirements', { countryCode, type }, { signal });
      return { requirements: reply.requirements ?? [], banks: reply.banks ?? [] };
    },
    staleTime: 10 * 60_000,
  });

export const extraParamsQuery = (countryCode: string, type: ExternalType) =>
  queryOptions({
    queryKey: externalKeys.extraParams(countryCode, type),
    queryFn: async ({ signal }): Promise<ExtraParam[]> => (await api().main.call('extraParamsByTransfer', { countryCode, type }, { signal })).extraParams ?? [],
    staleTime: 10 * 60_000,
  });

export const eftBranchesQuery = (lookup: MainBody<'eftExtraParams'>) =>
  queryOptions({
    queryKey: externalKeys.branches(lookup),
    queryFn: async ({ signal }) => (await api().main.call('eftExtraParams', lookup, { signal })).values ?? [],
    staleTime: 10 * 60_000,
  });

export const instantBanksQuery = (countryCode: string) =>
  queryOptions({
    queryKey: externalKeys.instantBanks(countryCode),
    queryFn: async ({ signal }): Promise<Bank[]> => (await api().main.call('instantBankList', { countryCode }, { signal })).banks ?? [],
    staleTime: 10 * 60_000,
  });

export const binBlacklistQuery = () =>
  queryOptions({
    queryKey: externalKeys.binBlacklist,
    queryFn: async ({ signal }): Promise<string[]> => (await api().main.call('binBlacklist', {}, { signal })).bins ?? [],
    staleTime: 10 * 60_000,
  });

const feeOf = (reply: MainSchemas['TransferFeeReply']) => ({ fee: reply.fee ?? '0', currencyCode: reply.currencyCode ?? '' });

/** Fee by type (001 s7); only with an amount and a target (001 s5: feeLookup). */
export const transferFeeQuery = (lookup: MainBody<'transferFee'>) =>
  queryOptions({
    queryKey: externalKeys.fee(lookup),
    queryFn: async ({ signal }) => feeOf(await api().main.call('transferFee', lookup, { signal })),
    staleTime: 60_000,
  });

export const cryptoFeeQuery = (lookup: MainBody<'cryptoFee'>) =>
  queryOptions({
    queryKey: externalKeys.cryptoFee(lookup),
    queryFn: async ({ signal }) => feeOf(await api().main.call('cryptoFee', lookup, { signal })),
    staleTime: 60_000,
  });

/** Transfer details (001 s3): whether the customer may send this kind to this country now. */
export const transferDetailsQuery = (type: ExternalType, countryCode: string, accountId: string) =>
  queryOptions({
    queryKey: externalKeys.details(type, countryCode, accountId),
    queryFn: async ({ signal }): Promise<TransferDetails> => {
      const reply = await api().main.call('transferDetails', { type, countryCode, ...(accountId ? { accountId: Number(accountId) } : {}) }, { signal });
      return {
        hasRequirements: reply.hasRequirements,
        isCustomerAddressDateValid: reply.isCustomerAddressDateValid,
        isCustomerAddressMatchesActive: reply.isCustomerAddressMatchesActive,
        isExtraParamsValid: reply.isExtraParamsValid,
        details: reply.details,
      };
    },
  });

/** SWIFT lookup (the lookup statechart's call). */
export async function swiftLookup(swiftCode: string, signal?: AbortSignal): Promise<SwiftInfo> {
  return api().main.call('swiftLookup', { swiftCode }, { signal });
}

/** IBAN lookup (the lookup statechart's call). */
export async function ibanLookup(iban: string, signal?: AbortSignal): Promise<IbanInfo> {
  return api().main.call('ibanLookup', { iban }, { signal });
}

/** Instant key info (the lookup statechart's call). */
export async function instantKeyInfo(query: MainBody<'instantKeyInfo'>, signal?: AbortSignal): Promise<InstantKeyInfo> {
  return api().main.call('instantKeyInfo', query, { signal });
}

