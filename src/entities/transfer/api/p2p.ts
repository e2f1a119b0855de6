import { queryOptions } from '@tanstack/react-query';
import type { PayeeFacts } from '@machines/transfers/p2p.logic';
import { api, type MainBody, type MainSchemas, MONEY_QUERY } from '@/shared/api';

/** Peer-to-peer by e-mail (001 s7): the payee check, fee, the customer's e-mails, beneficiaries, templates, details and the submit. */
export const p2pKeys = {
  fee: (amount: string, accountId: number) => ['p2p-fee', amount, accountId] as const,
  emails: ['customer-emails'] as const,
  beneficiaries: ['p2p-beneficiaries'] as const,
  templates: (type: 'p2p' | 'wire' | 'eft') => ['payment-templates', type] as const,
  details: (transactionId: number) => ['recent-transfer-details', transactionId] as const,
};

export type PaymentTemplate = MainSchemas['PaymentTemplate'];
export type P2pBeneficiary = MainSchemas['P2pBeneficiary'];
export type CustomerEmail = MainSchemas['CustomerEmail'];

/** check payee (email): what the payee check statechart keeps. */
export async function checkPayee(email: string, signal?: AbortSignal): Promise<PayeeFacts> {
  const reply = await api().main.call('checkPayee', { email }, { signal });
  return { email, exist: reply.exist === true || reply.exists === true, isEmployee: reply.isEmployee === true, outBlacklist: reply.outBlacklist === true, ...(reply.name ? { name: reply.name } : {}) };
}

export const p2pFeeQuery = (amount: string, accountId: number) =>
  queryOptions({
    queryKey: p2pKeys.fee(amount, accountId),
    queryFn: async ({ signal }) => {
      const reply = await api().main.call('p2pFee', { amount, accountId }, { signal });
      return { fee: reply.fee ?? '0', currencyCode: reply.currencyCode ?? '' };
    },
    staleTime: 60_000,
  });

export const customerEmailsQuery = () =>
  queryOptions({
    queryKey: p2pKeys.emails,
    queryFn: async ({ signal }): Promise<CustomerEmail[]> => (await api().main.call('customerEmailList', {}, { signal })).emails ?? [],
    staleTime: 10 * 60_000,
  });

export const p2pBeneficiariesQuery = () =>
  queryOptions({
    queryKey: p2pKeys.beneficiaries,
    meta: MONEY_QUERY,
    queryFn: async ({ signal }): Promise<P2pBeneficiary[]> => (await api().main.call('p2pBeneficiaryList', {}, { signal })).beneficiaries ?? [],
  });

export const paymentTemplatesQuery = (type: 'p2p' | 'wire' | 'eft') =>
  queryOptions({
    queryKey: p2pKeys.templates(type),
    queryFn: async ({ signal }): Promise<PaymentTemplate[]> => (await api().main.call('customerPaymentTemplateList', { type }, { signal })).templates ?? [],
  });

export const recentTransferDetailsQuery = (transactionId: number) =>
  queryOptions({
    queryKey: p2pKeys.details(transactionId),
    queryFn: async ({ signal }) => (await api().main.call('recentTransferDetails', { transactionId }, { signal })).details ?? null,
    staleTime: Infinity,
  });

