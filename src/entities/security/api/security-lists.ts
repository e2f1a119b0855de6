import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MainSchemas } from '@contract/main-methods';
import { loginHistoryRequest, type LoginHistorySearch } from '@machines/settings/login-history.rules';
import type { IpInfo } from '@machines/shared/country-preselect.logic';
import { api, asFormFailure, asUiMessage } from '@/shared/api';

type AccessIpMode = MainSchemas['AccessIpMode'];
type BlockType = MainSchemas['BlockType'];
export type WhitelistedIp = MainSchemas['WhitelistedIp'];
export type BlacklistUser = MainSchemas['BlacklistUser'];
export type NotificationSetting = MainSchemas['NotificationSetting'];
/** A sign-in (001 s3 Login history item: date); the device and the place where the service knows them. */
export type LoginHistoryItem = MainSchemas['LoginHistoryItem'];
/** An agreement the customer accepted (legalInfo, 001 s7): its id, its title in the request's language, when. */
export type AcceptedAgreement = MainSchemas['AcceptedAgreement'];

/**
 * The security lists' reads and writes (issue 50; 001 s7 Settings: access IP list, add, delete,
 * set mode; blacklist list, add, delete; notification settings get and set), typed by the
 * contract. Reads keep their data when a refetch fails and open no popup: the section shows its
 * own error. Writes carry the statechart's requestId; the allowed IP list's carry the proof of
 * re-authentication when one is held (the service asks with a 403 REAUTH otherwise). A form's
 * write throws a FormFailure (field errors by param), the others a UiMessage.
 */
export const securityListKeys = {
  accessIps: ['security', 'access-ips'] as const,
  ipInfo: ['security', 'ip-info'] as const,
  blacklist: ['security', 'blacklist'] as const,
  notifications: ['security', 'notification-settings'] as const,
  loginHistory: (search: LoginHistorySearch) => ['security', 'login-history', search] as const,
  legalInfo: ['security', 'legal-info'] as const,
};

const read = <T>(key: readonly string[], load: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({ queryKey: key, queryFn: ({ signal }) => load(signal), staleTime: 30_000, meta: { errorPopup: false } });

export interface AccessIpList {
  mode: AccessIpMode;
  ips: WhitelistedIp[];
}

export const accessIpListQuery = () =>
  read(securityListKeys.accessIps, async (signal): Promise<AccessIpList> => {
    const reply = await api().main.call('accessIpList', {}, { signal });
    return { mode: reply.mode ?? 'off', ips: reply.ips ?? [] };
  });

/** How long an ipInfo answer is kept before it is asked again (an address rarely changes while a tab is open). */
export const IP_INFO_STALE_MS = 60 * 60_000;

/**
 * ipInfo (000 s7, public): the address the service sees this browser at, its country and its
 * privacy flags. One query for the whole app (one key), kept for IP_INFO_STALE_MS and never
 * retried; its failure opens no popup and changes nothing (the allowed IP list's lock-out guard
 * reads `.ip`, forms preselect a country: `useCountryPreselection`).
 */
export const ipInfoQuery = () =>
  queryOptions({
    queryKey: securityListKeys.ipInfo,
    queryFn: async ({ signal }): Promise<IpInfo> => {
      const reply = await api().main.call('ipInfo', {}, { signal });
      return { ip: reply.ip, country_code: reply.country_code, privacy: reply.privacy };
    },
    staleTime: IP_INFO_STALE_MS,
    retry: false,
    meta: { errorPopup: false },
  });

export const blacklistQuery = () => read(securityListKeys.blacklist, async (signal) => (await api().main.call('blacklistList', {}, { signal })).users ?? []);

export const notificationSettingsQuery = () =>
  read(securityListKeys.notifications, async (signal): Promise<NotificationSetting[]> => (await api().main.call('notificationSettingsGet', {}, { signal })).settings ?? []);

const withProof = (proof: string | null) => (proof ? { reauthProof: proof } : undefined);

/** accessIpAdd: one address or a range (an empty toIp is sent as none). */
export const addAccessIp = (input: { ip: string; toIp: string; requestId: string; proof: string | null }) =>
  asFormFailure(async () => {
    const reply = await api().main.call('accessIpAdd', { ip: input.ip.trim(), ...(input.toIp.trim() ? { toIp: input.toIp.trim() } : {}), requestId: input.requestId }, withProof(input.proof));
    return reply.ip ?? null;
  });

/** accessIpDelete and accessIpSetMode. A FormFailure too, so the statechart sees a 403 REAUTH as proofRefused. */
export const deleteAccessIp = (input: { id: number; requestId: string; proof: string | null }) =>
  asFormFailure(async () => void (await api().main.call('accessIpDelete', { id: input.id, requestId: input.requestId }, withProof(input.proof))));

export const setAccessIpMode = (input: { mode: AccessIpMode; requestId: string; proof: string | null }) =>
  asFormFailure(async () => (await api().main.call('accessIpSetMode', { mode: input.mode, requestId: input.requestId }, withProof(input.proof))).mode ?? input.mode);

/** blacklistAdd: the e-mail (trimmed) and what to block. */
export const addToBlacklist = (input: { email: string; blockType: BlockType; requestId: string }) =>
  asFormFailure(async () => (await api().main.call('blacklistAdd', { email: input.email.trim(), blockType: input.blockType, requestId: input.requestId })).user ?? null);

export const removeFromBlacklist = (input: { email: string; requestId: string }) =>
  asUiMessage(async () => void (await api().main.call('blacklistDelete', { email: input.email, requestId: input.requestId })));

/** notificationSettingsSet: answers the value as kept. */
export const setNotificationSetting = (input: { identified: string; value: boolean; requestId: string }) =>
  asUiMessage(async () => {
    const reply = await api().main.call('notificationSettingsSet', input);
    return { value: reply.setting?.value ?? input.value };
  });

/** One page of the login history and how many sign-ins the dates hold in all (001 s3: list total). */
export interface LoginHistoryPageData {
  total: number;
  items: LoginHistoryItem[];
}

/**
 * loginHistory (001 s7) for the address's dates and page, 20 a page (s9). While another page or
 * other dates load, the page read before stays on screen (marked stale).
 */
export const loginHistoryQuery = (search: LoginHistorySearch) =>
  queryOptions({
    queryKey: securityListKeys.loginHistory(search),
    queryFn: async ({ signal }): Promise<LoginHistoryPageData> => {
      const reply = await api().main.call('loginHistory', loginHistoryRequest(search), { signal });
      return { total: reply.total ?? 0, items: reply.items ?? [] };
    },
    placeholderData: keepPreviousData,
  });

/** legalInfo (001 s7 legal info): the agreements the customer accepted. */
export const legalInfoQuery = () =>
  queryOptions({
    queryKey: securityListKeys.legalInfo,
    queryFn: async ({ signal }): Promise<AcceptedAgreement[]> => (await api().main.call('legalInfo', {}, { signal })).agreements ?? [],
  });

/** The bytes of a base64 text (the reply's pdf). */
function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** agreementDownload (001 s7 agreement download (id, pdf)): the accepted agreement as a PDF file. */
export async function downloadAgreement(id: string): Promise<Blob> {
  const reply = await api().main.call('agreementDownload', { id });
  if (!reply.pdf) throw new Error('agreementDownload: no pdf');
  return new Blob([decodeBase64(reply.pdf)], { type: 'application/pdf' });
}
