import { queryOptions } from '@tanstack/react-query';
import type { CardCommand, CardState, ActivationData } from '@machines/cards/card-actions.machine';
import type { BinInfo } from '@machines/cards/bin-lookup.machine';
import { approvalFieldsOf, type ApprovalReply } from '@machines/transfers/approval.logic';
import { api, type MainSchemas } from '@/shared/api';

/** Cards (spec 001 s3, s7, s9) and the customer's cards at other banks: keys, queries and calls. */
export type ExternalCard = MainSchemas['ExternalCard'];
export type CardOffer = MainSchemas['CardOffer'];
type Account = MainSchemas['Account'];

export const cardKeys = {
  external: () => ['external-cards'] as const,
  confirm: (cardId: number) => ['external-cards', 'confirm', cardId] as const,
  offers: (countryCode: string | undefined) => ['card-offers', countryCode ?? ''] as const,
};

/** The card as the card-actions statechart keeps it (an account of the list). */
export function toCardState(account: Account): CardState {
  return {
    accountId: account.accountId,
    type: account.type,
    subType: account.subType,
    accountStatusId: account.accountStatusId,
    cardIsVirtual: account.cardIsVirtual,
    cardReissuedStatusId: account.cardReissuedStatusId,
    currencyCode: account.currencyCode,
    cardAliasName: account.cardAliasName,
  };
}

function cardOf(reply: { account?: Account }): CardState {
  if (!reply.account) throw new Error('The reply has no account');
  return toCardState(reply.account);
}

/** pause, unpause, upgrade reissue shipping: the card as the service returns it. */
export async function runCardCommand(method: CardCommand, accountId: number): Promise<CardState> {
  return cardOf(await api().main.call(method, { accountId }));
}

export async function cardShowPin(accountId: number): Promise<ApprovalReply> {
  return approvalOf(await api().main.call('cardShowPin', { accountId }));
}

export async function cardGetPin(accountId: number, operationId: string): Promise<string> {
  return (await api().main.call('cardGetPin', { accountId, operationId })).pinCode ?? '';
}

/** The approval fields of a sensitive card action's reply (block, PIN change, reissue). */
const approvalOf = (reply: MainSchemas['CardApprovalReply']): ApprovalReply => approvalFieldsOf(reply);

/** cardBlock: confirmed in the customer's approval mode (the reply's approval fields). */
export async function cardBlock(accountId: number): Promise<ApprovalReply> {
  return approvalOf(await api().main.call('cardBlock', { accountId }));
}

export async function cardChangePin(accountId: number, values: { pin: string; pinRepeat: string; confirm: boolean }): Promise<ApprovalReply> {
  return approvalOf(await api().main.call('cardChangePin', { accountId, ...values }));
}

export async function cardSetAlias(accountId: number, cardAliasName: string): Promise<CardState> {
  return cardOf(await api().main.call('cardSetAlias', { accountId, cardAliasName }));
}

export async function cardReissue(accountId: number, isExpressShipping: boolean): Promise<ApprovalReply> {
  return approvalOf(await api().main.call('cardReissue', { accountId, isExpressShipping }));
}

export async function cardActivationData(accountId: number): Promise<ActivationData> {
  const reply = await api().main.call('cardActivationData', { accountId });
  return { fees: reply.fees ?? '0', feeCurrency: reply.feeCurrency ?? '', extraParams: reply.extraParams ?? [] };
}

/** cardActivation: the card's PIN. */
export async function cardActivation(body: { accountId: number; feeAccountId: number; extraParams: Record<string, string>; requestId: string }): Promise<string> {
  return (await api().main.call('cardActivation', body)).pinCode ?? '';
}

export async function binInfo(binNumber: string, signal?: AbortSignal): Promise<BinInfo> {
  const reply = await api().main.call('binInfo', { binNumber }, signal ? { signal } : {});
  return reply.binInfo ?? { binNumber, valid: false };
}

export const cardOffersQuery = (countryCode?: string) =>
  queryOptions({
    queryKey: cardKeys.offers(countryCode),
    queryFn: async ({ signal }) => (await api().main.call('applyForCardInfo', countryCode ? { countryCode } : {}, { signal })).offers ?? [],
    staleTime: 10 * 60_000,
  });

export async function cardApply(body: { cardNetwork: MainSchemas['CardNetwork']; applyType: 1 | 2; currencyCode: string; cardIsVirtual: boolean; settlementAccountId?: number; requestId: string }): Promise<Account> {
  const reply = await api().main.call('cardApply', body);
  if (!reply.account) throw new Error('The reply has no account');
  return reply.account;
}

export const externalCardsQuery = () =>
  queryOptions({
    queryKey: cardKeys.external(),
    queryFn: async ({ signal }) => (await api().main.call('externalCardList', {}, { signal })).cards ?? [],
  });

export async function externalCardAdd(body: { cardNumber: string; cardExpiryMonth: number; cardExpiryYear: number; cardHolderName: string }): Promise<ExternalCard> {
  const reply = await api().main.call('externalCardAdd', body);
  if (!reply.card) throw new Error('The reply has no card');
  return reply.card;
}

export const cardConfirmRequirementsQuery = (cardId: number) =>
  queryOptions({
    queryKey: cardKeys.confirm(cardId),
    queryFn: async ({ signal }) => {
      const reply = await api().main.call('cardConfirmRequirements', { cardId }, { signal });
      return { card: reply.card, requirements: reply.requirements ?? [], currencyCode: reply.currencyCode ?? 'USD', attemptsLeft: reply.attemptsLeft ?? 0 };
    },
  });

export async function cardConfirm(cardId: number, verificationAmount: string): Promise<void> {
  await api().main.call('cardConfirm', { cardId, verificationAmount });
}

