import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { IPN_PAGE_SIZE, LOGO_PAGE_SIZE, hasMoreIpnMessages, type ButtonValues } from '@machines/merchant/merchant.rules';
import { hasMoreSubscribers, identityListParams, REPUTATION_PAGE_SIZE, SUBSCRIBER_PAGE_SIZE, type IdentityCheckValues, type IdentityFilters } from '@machines/merchant/merchant-checks.rules';
import { normalizeAmount } from '@machines/shared/amount';
import type { ReplyLike } from '@machines/shared/reply';
import { merchantMessages } from '@machines/merchant/merchant-messages';
import type { FormFailure } from '@machines/shared/form.machine';
import { api, asFormFailure, errorsReplyOf, toFormFailure, asUiMessage, type MainBody, type MainSchemas } from '@/shared/api';

export type IpnMessage = MainSchemas['IpnMessage'];
export type IpnSettings = MainSchemas['IpnSettings'];
export type PbnSettings = MainSchemas['PbnSettings'];
export type Logo = MainSchemas['Logo'];
export type SavedButton = MainSchemas['SavedButton'];
export type Subscription = MainSchemas['Subscription'];
export type Installment = MainSchemas['Installment'];
export type IdentityFee = MainSchemas['IdentityFee'];
export type IdentityVerification = MainSchemas['IdentityVerification'];
export type ReputationEntry = MainSchemas['ReputationEntry'];

/**
 * The merchant area's calls (issue 55; main.yaml tag merchant; 001 s7 Merchant): reads as queries
 * under one key (the acting customer's: a switch resets them, like every customer read), writes
 * with their statechart's requestId. IPN messages are read 25 at a time, "more" while
 * pageSize × pageNumber is at most the total (001 s9).
 */
export const merchantKeys = {
  all: ['merchant'] as const,
  ipnMessages: () => ['merchant', 'ipnMessages'] as const,
  ipnMessage: (id: number) => ['merchant', 'ipnMessage', id] as const,
  ipnSettings: () => ['merchant', 'ipnSettings'] as const,
  pbnSettings: () => ['merchant', 'pbnSettings'] as const,
  logos: () => ['merchant', 'logos'] as const,
  buttons: () => ['merchant', 'buttons'] as const,
  button: (id: number) => ['merchant', 'buttons', id] as const,
  logoImage: (file: string) => ['merchant', 'logoImage', file] as const,
  subscriptions: () => ['merchant', 'subscriptions'] as const,
  installments: (subscriptionId: number) => ['merchant', 'subscriptions', subscriptionId, 'installments'] as const,
  identityChecks: (filters?: IdentityFilters) => (filters ? (['merchant', 'identityChecks', filters] as const) : (['merchant', 'identityChecks'] as const)),
};

const quiet = { errorPopup: false };

export interface IpnPage {
  messages: IpnMessage[];
  total: number;
  pageNumber: number;
}

/** The IPN messages, page by page (25 each, 001 s9); the next page while hasMoreIpnMessages says so. */
export const ipnMessagesQuery = () =>
  infiniteQueryOptions({
    queryKey: merchantKeys.ipnMessages(),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<IpnPage> => {
      const reply = await api().main.call('ipnMessageList', { pageNumber: pageParam, pageSize: IPN_PAGE_SIZE }, { signal });
      return { messages: reply.messages ?? [], total: reply.total ?? 0, pageNumber: pageParam };
    },
    getNextPageParam: (last: IpnPage) => (hasMoreIpnMessages(IPN_PAGE_SIZE, last.pageNumber, last.total) ? last.pageNumber + 1 : undefined),
    meta: quiet,
  });

/** One IPN message with the body that was posted. */
export const ipnMessageQuery = (id: number) =>
  queryOptions({
    queryKey: merchantKeys.ipnMessage(id),
    queryFn: async ({ signal }) => {
      const message = (await api().main.call('ipnMessageGet', { id }, { signal })).ipnMessage;
      if (!message) throw new Error('ipnMessageGet: no message in the reply');
      return message;
    },
    meta: quiet,
  });

/** The IPN settings; null when none were ever saved (the page shows the defaults of 001 s9). */
export const ipnSettingsQuery = () =>
  queryOptions({ queryKey: merchantKeys.ipnSettings(), queryFn: async ({ signal }) => (await api().main.call('ipnSettingsGet', {}, { signal })).settings ?? null, meta: quiet });

/** The PBN setting; null when none was ever saved. */
export const pbnSettingsQuery = () =>
  queryOptions({ queryKey: merchantKeys.pbnSettings(), queryFn: async ({ signal }) => (await api().main.call('pbnSettingsGet', {}, { signal })).settings ?? null, meta: quiet });

/** The logos (one page of 1000, 001 s9): the default first. */
export const logosQuery = () =>
  queryOptions({
    queryKey: merchantKeys.logos(),
    queryFn: async ({ signal }) => (await api().main.call('logoList', { pageNumber: 1, pageSize: LOGO_PAGE_SIZE }, { signal })).logos ?? [],
    meta: quiet,
  });

/**
 * A logo's image: its `file` link is on the documents service (GET /files/{fileId}, with the bearer
 * token, as every kept file), so it is read as a blob and shown through an object URL.
 */
export const logoImageQuery = (file: string) =>
  queryOptions({
    queryKey: merchantKeys.logoImage(file),
    queryFn: async ({ signal }) => {
      const fileId = /\/files\/([A-Za-z0-9_-]+)/.exec(file)?.[1];
      if (!fileId) throw new Error(`Not a file link: ${file}`);
      const { data } = await api().documents.GET('/files/{fileId}', { params: { path: { fileId } }, parseAs: 'blob' as const, signal });
      if (!data) throw new Error(`No file behind the link: ${file}`);
      return data;
    },
    staleTime: Infinity,
    meta: quiet,
  });

/** The saved payment buttons, newest first. */
export const savedButtonsQuery = () =>
  queryOptions({ queryKey: merchantKeys.buttons(), queryFn: async ({ signal }) => (await api().main.call('savedButtonList', {}, { signal })).buttons ?? [], meta: quiet });

/** One saved button as it is now (savedButtonGet): what its form starts from, so a change made elsewhere meanwhile is not overwritten unseen. */
export const savedButtonQuery = (id: number) =>
  queryOptions({
    queryKey: merchantKeys.button(id),
    queryFn: async ({ signal }) => {
      const button = (await api().main.call('savedButtonGet', { id }, { signal })).button;
      if (!button) throw new Error('savedButtonGet: no button in the reply');
      return button;
    },
    staleTime: 0,
    meta: quiet,
  });

/** ipnMessageConfirm: the message as it is now (confirmed). */
export const confirmIpnMessage = (input: { id: number }) =>
  asUiMessage(async () => {
    const message = (await api().main.call('ipnMessageConfirm', input)).ipnMessage;
    if (!message) throw new Error('ipnMessageConfirm: no message in the reply');
    return message;
  });

export interface IpnSettingsInput {
  notifyUrl: string;
  notifyStatusId: 1 | 2;
  statusId: 1 | 2;
  regenerateSecret: boolean;
  requestId: string;
}

/** ipnSettingsUpdate, once per requestId: the settings as saved and, when one was issued, the new secret (shown once). A refusal is a FormFailure. */
export const saveIpnSettings = (input: IpnSettingsInput) =>
  asFormFailure(async () => {
    const body: MainBody<'ipnSettingsUpdate'> = { ...input, notifyUrl: input.notifyUrl.trim() || null };
    const reply = await api().main.call('ipnSettingsUpdate', body);
    return { settings: reply.settings ?? null, secret: reply.secret ?? null };
  });

/** pbnSettingsUpdate, once per requestId: the setting as saved and, when one was issued, the new secret. */
export const savePbnSettings = (input: { statusId: 1 | 2; regenerateSecret: boolean; requestId: string }) =>
  asFormFailure(async () => {
    const reply = await api().main.call('pbnSettingsUpdate', input);
    return { settings: reply.settings ?? null, secret: reply.secret ?? null };
  });

/**
 * A failed save read for a form: a reply with `errors` (001 s8) is handed to `showReply` (the
 * response popup shows it) and the form says only that nothing was saved; anything else is a
 * FormFailure (the service's field errors by param, or its message).
 */
export function refusedSave(error: unknown, showReply: (reply: ReplyLike) => void, what: 'logo' | 'button'): FormFailure {
  const reply = errorsReplyOf(error);
  if (!reply) return toFormFailure(error);
  showReply(reply);
  return { message: { descriptor: what === 'logo' ? merchantMessages.logoNotSaved : merchantMessages.buttonNotSaved } };
}

/** The file as the multipart part wants it: a File with a name. */
const asFile = (blob: Blob, name: string): File => (blob instanceof File ? blob : new File([blob], name, { type: blob.type }));

/** logoCreate (multipart: data and file[]), once per requestId: the new logo's id. Throws the ApiError as it is (the caller reads `errors`). */
export async function createLogo(input: { name: string; isDefault: boolean; file: Blob; requestId: string }, onProgress?: (percent: number) => void): Promise<number> {
  const file = asFile(input.file, input.name);
  const reply = await api().main.uploadParts('logoCreate', { name: input.name, isDefault: input.isDefault, requestId: input.requestId }, { 'file[]': file }, onProgress ? { onProgress } : undefined);
  if (!reply.logo) throw new Error('logoCreate: no logo in the reply');
  return reply.logo.id;
}

/** logoUpdate (a new name, or made the default), once per requestId. */
export const updateLogo = (input: { id: number; name: string; isDefault: boolean; requestId: string }) => asUiMessage(async () => void (await api().main.call('logoUpdate', input)));

/** logoDelete, once per requestId. */
export const deleteLogo = (input: { id: number; requestId: string }) => asUiMessage(async () => void (await api().main.call('logoDelete', input)));

/** A button's values as savedButtonCreate's / savedButtonUpdate's body: trimmed, empty addresses and a donation's empty amount as null, the amount's decimal comma a point. */
export function savedButtonBody(values: ButtonValues, requestId: string): MainBody<'savedButtonCreate'> {
  const amount = normalizeAmount(values.amount);
  return {
    name: values.name.trim(),
    buttonType: values.buttonType === 'donate' ? 'donate' : 'buyNow',
    itemName: values.itemName.trim(),
    amount: amount === '' ? null : amount,
    currencyCode: values.currencyCode,
    logoId: values.logoId,
    returnUrl: values.returnUrl.trim() || null,
    cancelUrl: values.cancelUrl.trim() || null,
    requestId,
  };
}

/** savedButtonCreate (no id) or savedButtonUpdate, once per requestId: the button's id. Throws the ApiError as it is (the caller reads `errors`). */
export async function saveButton(input: { id: number | null; values: ButtonValues; requestId: string }): Promise<number> {
  const body = savedButtonBody(input.values, input.requestId);
  const reply = input.id === null ? await api().main.call('savedButtonCreate', body) : await api().main.call('savedButtonUpdate', { id: input.id, ...body });
  if (!reply.button) throw new Error('savedButton: no button in the reply');
  return reply.button.id;
}

/** savedButtonDelete, once per requestId. */
export const deleteButton = (input: { id: number; requestId: string }) => asUiMessage(async () => void (await api().main.call('savedButtonDelete', input)));

/** A saved button's values as its form starts with them. */
export const buttonValuesOf = (button: SavedButton): ButtonValues => ({
  name: button.name,
  buttonType: button.buttonType,
  itemName: button.itemName,
  amount: button.amount ?? '',
  currencyCode: button.currencyCode,
  logoId: button.logoId,
  returnUrl: button.returnUrl ?? '',
  cancelUrl: button.cancelUrl ?? '',
});

// ---- Merchant tools, 2 of 2 (issue 56) ------------------------------------------------------------

export interface SubscriptionPage {
  subscriptions: Subscription[];
  total: number;
  pageNumber: number;
}

/** The subscribers, 50 at a time (001 s7: pageNumber 1, pageSize 50), the next page while fewer than the total were read. */
export const subscriptionsQuery = () =>
  infiniteQueryOptions({
    queryKey: merchantKeys.subscriptions(),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<SubscriptionPage> => {
      const reply = await api().main.call('subscriberList', { pageNumber: pageParam, pageSize: SUBSCRIBER_PAGE_SIZE }, { signal });
      return { subscriptions: reply.subscriptions ?? [], total: reply.total ?? 0, pageNumber: pageParam };
    },
    getNextPageParam: (last: SubscriptionPage) => (hasMoreSubscribers(SUBSCRIBER_PAGE_SIZE, last.pageNumber, last.total) ? last.pageNumber + 1 : undefined),
    meta: quiet,
  });

/** One subscription's installments, in order. */
export const installmentsQuery = (subscriptionId: number) =>
  queryOptions({
    queryKey: merchantKeys.installments(subscriptionId),
    queryFn: async ({ signal }) => (await api().main.call('installmentList', { subscriptionId }, { signal })).installments ?? [],
    meta: quiet,
  });

/** subscriberCancel, once per requestId. A failure is a UiMessage. */
export const cancelSubscription = (input: { subscriptionId: number; requestId: string }) => asUiMessage(async () => void (await api().main.call('subscriberCancel', input)));

/** identityFee: what one check costs from the account. A failure is a UiMessage. */
export const fetchIdentityFee = (accountId: number, signal?: AbortSignal) =>
  asUiMessage(async () => {
    const fee = (await api().main.call('identityFee', { accountId }, signal ? { signal } : undefined)).fee;
    if (!fee) throw new Error('identityFee: no fee in the reply');
    return fee;
  });

/** The identity checks under the filters (001 s5: empty values dropped; s7 pageSize 1000). */
export const identityChecksQuery = (filters: IdentityFilters) =>
  queryOptions({
    queryKey: merchantKeys.identityChecks(filters),
    queryFn: async ({ signal }) => {
      const reply = await api().main.call('identityVerificationList', identityListParams(filters), { signal });
      return { verifications: reply.verifications ?? [], total: reply.total ?? 0 };
    },
    meta: quiet,
  });

/** identityVerificationCreate, once per requestId: the new check's id. A refusal is a FormFailure (the service's words by field). */
export const createIdentityCheck = (input: { values: IdentityCheckValues; requestId: string }) =>
  asFormFailure(async () => {
    const { values } = input;
    const reference = values.reference.trim();
    const reply = await api().main.call('identityVerificationCreate', {
      accountId: values.accountId ?? 0,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      countryCode: values.countryCode.trim().toUpperCase(),
      reference: reference || null,
      requestId: input.requestId,
    });
    if (!reply.verification) throw new Error('identityVerificationCreate: no verification in the reply');
    return reply.verification.id;
  });

export interface ReputationAnswer {
  email: string;
  entries: ReputationEntry[];
  total: number;
}

/** What was reported about an e-mail (001 s7: reputation list, type 'reputation'; s9 page size 100). `email` is already trimmed and valid (reputationEmail). */
export async function lookUpReputation(email: string, signal?: AbortSignal): Promise<ReputationAnswer> {
  const reply = await api().main.call('reputationList', { type: 'reputation', email, pageNumber: 1, pageSize: REPUTATION_PAGE_SIZE }, signal ? { signal } : undefined);
  return { email, entries: reply.entries ?? [], total: reply.total ?? 0 };
}
