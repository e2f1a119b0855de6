import { queryOptions } from '@tanstack/react-query';
import type { AddressValues, Compatibility } from '@machines/verification/address-edit.machine';
import type { DocumentPart } from '@machines/verification/verification.rules';
import type { PhoneVerificationType } from '@machines/verification/phone-verification.machine';
import { api, asFormFailure, asUiMessage, type MainUploadData } from '@/shared/api';
import type { Language } from '@/shared/config';
import { createPkcePair } from '@/shared/lib';

/**
 * The profile's reads and writes (spec 002 s3 Profile store, s7 Reads, Writes and REST; 001 s7). Every read is keyed under `verificationKeys.all`, so one invalidation (after an
 * upload, a confirmation, realtime news) reads the profile again with the verification status.
 * Writes that a form submits throw a FormFailure (field errors by param, the description).
 */
export const verificationKeys = {
  all: ['verification'] as const,
  identity: ['verification', 'identity'] as const,
  addresses: ['verification', 'addresses'] as const,
  profile: ['verification', 'profile'] as const,
  emails: ['verification', 'emails'] as const,
  documents: ['verification', 'documents'] as const,
};

const read = <T>(key: readonly string[], load: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({ queryKey: key, queryFn: ({ signal }) => load(signal), staleTime: 30_000, meta: { errorPopup: false } });

export const identityQuery = () => read(verificationKeys.identity, (signal) => api().main.call('identityGet', {}, { signal }));
export const addressesQuery = () => read(verificationKeys.addresses, async (signal) => (await api().main.call('addressInquiry', {}, { signal })).addresses ?? []);
export const profileQuery = () => read(verificationKeys.profile, (signal) => api().main.call('profileInquiry', {}, { signal }));
export const emailsQuery = () => read(verificationKeys.emails, async (signal) => (await api().main.call('emailInquiry', {}, { signal })).emails ?? []);
export const documentsQuery = () => read(verificationKeys.documents, async (signal) => (await api().main.call('documentsInquiry', {}, { signal })).documents ?? []);

/** The document types by category (002 s7), in the interface language; they change only with it. */
export const documentTypesQuery = (language: Language) =>
  queryOptions({
    queryKey: ['documentTypes', language] as const,
    queryFn: async ({ signal }) => (await api().main.call('documentTypes', { lang: language }, { signal })).customerDocumentCategories ?? [],
    staleTime: Infinity,
    meta: { errorPopup: false },
  });

/** A country's states (001 s7 states by country): empty for a country without them. */
export const statesQuery = (countryCode: string, language: Language) =>
  queryOptions({
    queryKey: ['states', countryCode, language] as const,
    queryFn: async ({ signal }) => (await api().main.call('states', { lang: language, countryCode }, { signal })).states ?? [],
    staleTime: Infinity,
    enabled: /^[A-Z]{2}$/.test(countryCode),
    meta: { errorPopup: false },
  });

// ---- phones (002 s3 phone payload, s5 phone edit, s7 confirmPhone and the verify REST call) ----

/** Phone update: replaced when it has an id, otherwise added (phoneType 2). The phone's id. */
export const savePhone = (input: { phoneCountryCode: string; phone: string; phoneId: number | null; proof?: string | null }) =>
  asFormFailure(async () => {
    const body = { phoneCountryCode: input.phoneCountryCode, phone: input.phone, phoneType: 2 as const, ...(input.phoneId !== null ? { phoneId: input.phoneId } : {}) };
    // Once a phone is confirmed the service asks for the proof of re-authentication (FormFailure.proofRefused).
    const reply = await api().main.call('phoneUpdate', body, input.proof ? { reauthProof: input.proof } : undefined);
    return reply.phoneId ?? input.phoneId ?? 0;
  });

/** A code verifier and its S256 challenge. */
export const makePhoneChallenge = async () => createPkcePair(64);

/** POST verification/phones/{phoneId}/verify (the type: sms, email or camera; the captcha, the challenge): a failure shows its message (002 s8). */
export const sendPhoneCode = (input: { phoneId: number; type: PhoneVerificationType; captcha: string; codeChallenge: string }) =>
  asFormFailure(async () => {
    await api().auth.POST('/verification/phones/{phoneId}/verify', { params: { path: { phoneId: input.phoneId } }, body: { type: input.type, captcha: input.captcha, codeChallenge: input.codeChallenge } });
  });

/** Whether a phone of the profile is confirmed now (profileInquiry read again; a camera verification is confirmed on the phone). */
export const isPhoneConfirmed = async (input: { phoneId: number }): Promise<boolean> =>
  asFormFailure(async () => ((await api().main.call('profileInquiry', {})).phones ?? []).some((p) => p.id === input.phoneId && p.confirmed === true));

/** confirmPhone with phoneId, codeVerifier and code: a refusal shows its description (002 s8). */
export const confirmPhoneCode = (input: { phoneId: number; codeVerifier: string; code: string }) =>
  asFormFailure(async () => {
    await api().main.call('confirmPhone', input);
  });

// ---- tax id and e-mails -----------------------------------------------------------------------------

export const saveTaxId = (taxId: string) => asFormFailure(() => api().main.call('customerTaxNumberUpdate', { taxId: taxId.trim() }));
/** A request to sign in with another address; the proof of re-authentication when held (without one the service asks: FormFailure.proofRefused). */
export const requestUsernameChange = (email: string, proof: string | null) =>
  asFormFailure(() => api().main.call('usernameChangeRequestCreate', { email: email.trim() }, proof ? { reauthProof: proof } : undefined));
/** The request withdrawn; a refusal is what the statechart shows (a UiMessage: the service's words). */
export const cancelUsernameChange = () => asUiMessage<void>(async () => void (await api().main.call('usernameChangeRequestCancel', {})));

// ---- addresses ----------------------------------------------------------------------------------------

/** addressReplacementCompatibility (001 s7): the cards the move cancels or ships to the old address. */
export const checkAddressCompatibility = (input: { countryCode: string; oldAddressId: number }) =>
  asFormFailure(async (): Promise<Compatibility> => {
    const reply = await api().main.call('addressReplacementCompatibility', input);
    return { cardAccountsToBeCanceled: reply.cardAccountsToBeCanceled ?? [], cardAccountsToBeShippedToOldAddress: reply.cardAccountsToBeShippedToOldAddress ?? [] };
  });

/** Address create, or replace when it has an id (only non-empty values are sent). The address's id. */
export const saveAddress = (input: { addressId: number | null; values: AddressValues }) =>
  asFormFailure(async () => {
    const v = input.values;
    const fields = {
      address1: v.address1.trim(),
      city: v.city.trim(),
      postalCode: v.postalCode.trim(),
      countryCode: v.countryCode,
      ...(v.address2.trim() ? { address2: v.address2.trim() } : {}),
      ...(v.stateCode ? { stateCode: v.stateCode } : {}),
    };
    const reply = input.addressId !== null ? await api().main.call('addressReplace', { addressId: input.addressId, ...fields }) : await api().main.call('addressCreate', fields);
    return reply.addressId ?? input.addressId ?? 0;
  });

export const deleteAddress = (id: number) => asFormFailure(() => api().main.call('addressDelete', { id }));
export const confirmAddress = (addressId: number) => asFormFailure(() => api().main.call('confirmAddress', { addressId }));

// ---- documents --------------------------------------------------------------------------------------

export type DocumentUploadData = MainUploadData<'documentUpload'>;

/** documentUpload: the data part and each part's file, its progress reported (0–100). The document's id. */
export const uploadDocument = (data: DocumentUploadData, files: Partial<Record<DocumentPart, File>>, options: { signal: AbortSignal; onProgress: (percent: number) => void }) =>
  asFormFailure(async () => {
    const parts = Object.fromEntries(Object.entries(files).filter((entry): entry is [string, File] => !!entry[1]));
    const reply = await api().main.uploadParts('documentUpload', data, parts, options);
    return reply.documentId ?? 0;
  });
