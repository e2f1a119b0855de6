import { fromCallback, fromPromise } from 'xstate';
import { kycMachine, type KycEvent, type KycUploadInput } from '@machines/verification/kyc.machine';
import { profileUpdateMachine } from '@machines/verification/profile-update.machine';
import { loadReferenceList } from '@/entities/dictionary';
import { loadKyc, readKycCustomerInfo, readKycRequest, saveKycAnswers, saveKycPersonalInfo, uploadDueDiligenceDocument } from '@/entities/verification';
import { asUiMessage } from '@/shared/api';
import type { Language } from '@/shared/config';

/**
 * The KYC statechart with the app's calls (spec 002 s7): the request, the customer's
 * KYC info and due diligence with the four dictionaries of the questions in the interface
 * language; the answers, the personal data; each due diligence document sent with its progress
 * (customerJumioDocumentCreate with isDueDiligence), aborted when the upload is left.
 */
export function kycLogicFor(language: Language) {
  return kycMachine.provide({
    actors: {
      load: fromPromise(({ signal }) =>
        asUiMessage(async () => {
          const [kyc, occupations, sourcesOfFunds, purposesOfAccount, estimatedMonthlyDeposits] = await Promise.all([
            loadKyc(signal),
            loadReferenceList('occupations', language, signal),
            loadReferenceList('personalSourcesOfFunds', language, signal),
            loadReferenceList('personalPurposeOfAccount', language, signal),
            loadReferenceList('estimatedMonthlyDeposits', language, signal),
          ]);
          return { ...kyc, lists: { occupations, sourcesOfFunds, purposesOfAccount, estimatedMonthlyDeposits } };
        }),
      ),
      readRequest: fromPromise(({ signal }) => asUiMessage(() => readKycRequest(signal))),
      saveQuestions: fromPromise(({ input }) => saveKycAnswers(input)),
      savePersonalInfo: fromPromise(({ input }) => saveKycPersonalInfo(input)),
      upload: fromCallback<KycEvent, KycUploadInput>(({ sendBack, input }) => {
        const controller = new AbortController();
        const { signal } = controller;
        // The statechart keeps the browser's File it was given (CHOOSE_FILE).
        if (!(input.file instanceof File)) {
          queueMicrotask(() => sendBack({ type: 'UPLOAD_FAILED', error: new Error('not a file') }));
          return () => controller.abort();
        }
        uploadDueDiligenceDocument(input.documentTypeId, input.file, {
          signal,
          onProgress: (percent) => {
            if (!signal.aborted) sendBack({ type: 'PROGRESS', percent });
          },
        }).then(
          (documentId) => {
            if (!signal.aborted) sendBack({ type: 'UPLOADED', documentId });
          },
          (error: unknown) => {
            if (!signal.aborted) sendBack({ type: 'UPLOAD_FAILED', error });
          },
        );
        return () => controller.abort();
      }),
    },
  });
}

export type KycLogic = ReturnType<typeof kycLogicFor>;

/** The profile update statechart with the app's calls: the personal data read and saved. */
export const profileUpdateLogic = profileUpdateMachine.provide({
  actors: {
    load: fromPromise(({ signal }) => asUiMessage(() => readKycCustomerInfo(signal))),
    save: fromPromise(({ input }) => saveKycPersonalInfo(input)),
  },
});

export type ProfileUpdateLogic = typeof profileUpdateLogic;
