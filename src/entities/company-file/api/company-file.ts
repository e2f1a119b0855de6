import { useEffect } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { DeclarationKind } from '@machines/company/company-file.rules';
import { api, asFormFailure, type MainSchemas } from '@/shared/api';
import { watchCompanyFileChanges } from '@/shared/model';

/** The company (main.yaml Business). */
export type Business = MainSchemas['Business'];
export type SourceOfWealthDocument = MainSchemas['SourceOfWealthDocument'];
export type FinancialDetail = MainSchemas['FinancialDetail'];
export type RepresentativeInfo = MainSchemas['RepresentativeInfo'];
/** A statement the company signs (the resolution, a declaration, the prohibited escort statement). */
export type Declaration = MainSchemas['Declaration'];

/**
 * The acting company's own file (issue 53; main.yaml tag companyFile): business info, the signed-in
 * representative's info, the signed statements; the writes (financial details, due diligence, a
 * signature, the representative's address) carry the form statechart's requestId and, done, read
 * `companyFileKeys.all` again. The reads follow the acting customer (a switch resets them:
 * src/app/model/acting-customer-actor.ts).
 */
export const companyFileKeys = {
  all: ['companyFile'] as const,
  business: () => ['companyFile', 'business'] as const,
  representative: () => ['companyFile', 'representative'] as const,
  declaration: (kind: DeclarationKind) => ['companyFile', 'declaration', kind] as const,
};

export const businessInfoQuery = () =>
  queryOptions({
    queryKey: companyFileKeys.business(),
    queryFn: async ({ signal }): Promise<Business> => {
      const reply = await api().main.call('businessInfo', {}, { signal });
      if (!reply.business) throw new Error('businessInfo: no business in the reply');
      return reply.business;
    },
    meta: { errorPopup: false },
  });

export const representativeInfoQuery = () =>
  queryOptions({
    queryKey: companyFileKeys.representative(),
    queryFn: async ({ signal }): Promise<RepresentativeInfo> => {
      const reply = await api().main.call('businessRepresentativeInfo', {}, { signal });
      if (!reply.representative) throw new Error('businessRepresentativeInfo: no representative in the reply');
      return reply.representative;
    },
    meta: { errorPopup: false },
  });

const UNSIGNED: Declaration = { signed: false, signedName: null, signedAt: null };

/** One statement, by kind: the resolution, the studio or streaming platform declaration, the prohibited escort statement. */
export const declarationQuery = (kind: DeclarationKind) =>
  queryOptions({
    queryKey: companyFileKeys.declaration(kind),
    queryFn: async ({ signal }): Promise<Declaration> => {
      const o = { signal };
      const reply =
        kind === 'resolution'
          ? await api().main.call('resolutionGet', {}, o)
          : kind === 'prohibitedEscortStatement'
            ? await api().main.call('prohibitedEscortStatementGet', {}, o)
            : await api().main.call('declarationGet', { declarationType: kind }, o);
      return reply.declaration ?? UNSIGNED;
    },
    meta: { errorPopup: false },
  });

/** Signs one statement (its signer's name as typed, accepted), once per requestId. A refusal is a FormFailure. */
export const signDeclaration = (kind: DeclarationKind, { signedName, requestId }: { signedName: string; requestId: string }) =>
  asFormFailure(async () => {
    const body = { signedName: signedName.trim(), accepted: true as const, requestId };
    const reply =
      kind === 'resolution'
        ? await api().main.call('resolutionSend', body)
        : kind === 'prohibitedEscortStatement'
          ? await api().main.call('prohibitedEscortStatementSend', body)
          : await api().main.call('declarationSend', { ...body, declarationType: kind });
    return reply.declaration ?? null;
  });

/** financialDetailUpdate, once per requestId. A refusal is a FormFailure (the service's words by field). */
export const updateFinancialDetail = (fields: MainSchemas['FinancialDetailFields'] & { requestId: string }) => asFormFailure(async () => (await api().main.call('financialDetailUpdate', fields)).business ?? null);

/** dueDiligenceUpdate, once per requestId. */
export const updateDueDiligence = (answers: Record<string, string>, requestId: string) => asFormFailure(async () => (await api().main.call('dueDiligenceUpdate', { answers, requestId })).business ?? null);

/** businessRepresentativeAddressCreate: the address and its proof's type as the JSON part, the proof as `front`. */
export const createRepresentativeAddress = (data: MainSchemas['RepresentativeAddressData'], proof: File) =>
  asFormFailure(async () => (await api().main.uploadParts('businessRepresentativeAddressCreate', data, { front: proof })).address ?? null);

/** While mounted, the file reads again when the realtime channel says a company document was decided. */
export function useCompanyFileNews(): void {
  const queryClient = useQueryClient();
  useEffect(() => watchCompanyFileChanges(() => void queryClient.invalidateQueries({ queryKey: companyFileKeys.all })), [queryClient]);
}
