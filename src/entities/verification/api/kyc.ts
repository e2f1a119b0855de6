import type { DueDiligenceDocument, KycCustomerInfo, KycQuestionValues, KycRequest, PersonalInfoPayload } from '@machines/verification/kyc.rules';
import { api, asFormFailure } from '@/shared/api';

/**
 * KYC and the personal information update (spec 002 s2 /kyc and /profile-update, s3, s7):
 * the KYC request, the customer's KYC info, the due diligence info, the answers, the personal data
 * and the due diligence documents. Reads throw what the transport throws (the statechart's logic
 * turns it into what the page shows); writes a form submits throw a FormFailure (field errors by
 * param, the description). None of them opens the automatic error popup (plain functions).
 */

/** kycRequestGet: the request (null: none). */
export const readKycRequest = async (signal?: AbortSignal): Promise<KycRequest | null> => (await api().main.call('kycRequestGet', {}, signal ? { signal } : {})).request ?? null;

/** kycCustomerInfoGet: the customer's personal data and earlier answers (null: none given). */
export const readKycCustomerInfo = async (signal?: AbortSignal): Promise<KycCustomerInfo | null> => (await api().main.call('kycCustomerInfoGet', {}, signal ? { signal } : {})).info ?? null;

/** dueDiligenceInfoGet: the documents the customer's level asks for, with their latest status. */
export const readDueDiligence = async (signal?: AbortSignal): Promise<DueDiligenceDocument[]> => (await api().main.call('dueDiligenceInfoGet', {}, signal ? { signal } : {})).documents ?? [];

/** The three reads /kyc starts from, asked for together. */
export async function loadKyc(signal?: AbortSignal): Promise<{ request: KycRequest | null; info: KycCustomerInfo | null; documents: DueDiligenceDocument[] }> {
  const [request, info, documents] = await Promise.all([readKycRequest(signal), readKycCustomerInfo(signal), readDueDiligence(signal)]);
  return { request, info, documents };
}

/** kycInfoUpdate: the answers to the KYC questions (ids of the lists). */
export const saveKycAnswers = (values: KycQuestionValues) => asFormFailure(() => api().main.call('kycInfoUpdate', values));

/** kycCustomerPersonalInfoUpdate: the personal data (/kyc and /profile-update). */
export const saveKycPersonalInfo = (payload: PersonalInfoPayload) => asFormFailure(() => api().main.call('kycCustomerPersonalInfoUpdate', payload));

/** customerJumioDocumentCreate with isDueDiligence: one document's file, its progress reported (0–100). The document's id. */
export const uploadDueDiligenceDocument = (documentTypeId: number, file: File, options: { signal: AbortSignal; onProgress: (percent: number) => void }) =>
  asFormFailure(async () => (await api().main.uploadParts('customerJumioDocumentCreate', { documentTypeId, isDueDiligence: true }, { file }, options)).documentId ?? 0);
