import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import type { Industry } from '@machines/registration/registration.rules';
import { referenceListQuery } from '@/entities/dictionary';
import type { Language } from '@/shared/config';
import { useCurrencies } from '@/shared/model';
import type { QueryLike } from '@/shared/ui';

interface IdName {
  id: string;
  name: string;
}

/** The lists the financial details choose from (002 s3 Reference lists), in the interface language. */
export interface FinancialLists {
  sourcesOfFunds: readonly IdName[];
  purposes: readonly IdName[];
  deposits: readonly IdName[];
  industries: readonly Industry[];
  /** The dictionaries' currencies (code and name). */
  currencies: readonly { code: string; name: string }[];
}

/**
 * Several reads as one for QueryState: loading while any is, failed while any failed (its error),
 * and "Try again" reads every failed one again.
 */
export function combinedQuery(queries: readonly QueryLike[]): QueryLike {
  const failed = queries.filter((query) => query.isError);
  return {
    isPending: queries.some((query) => query.isPending),
    isError: failed.length > 0,
    error: failed[0]?.error ?? null,
    data: undefined,
    refetch: () => failed.forEach((query) => void query.refetch()),
  };
}

/**
 * The registration wizard's money step's lists, as the wizard reads them: business sources of funds,
 * business purposes of the account, estimated monthly deposits and industries (each its own public
 * call, kept per language), the currencies from the start-up's dictionaries. `lists` is null until
 * every one is here; `query` says how the reads stand meanwhile.
 */
export function useFinancialLists(): { lists: FinancialLists | null; query: QueryLike } {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const sources = useQuery(referenceListQuery('businessSourcesOfFunds', language));
  const purposes = useQuery(referenceListQuery('businessPurposeOfAccount', language));
  const deposits = useQuery(referenceListQuery('estimatedMonthlyDeposits', language));
  const industries = useQuery(referenceListQuery('industries', language));
  const currencies = useCurrencies();
  const query = combinedQuery([sources, purposes, deposits, industries]);
  const lists =
    sources.data && purposes.data && deposits.data && industries.data
      ? { sourcesOfFunds: sources.data, purposes: purposes.data, deposits: deposits.data, industries: industries.data, currencies }
      : null;
  return { lists, query };
}
