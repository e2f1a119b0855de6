import { fromPromise } from 'xstate';
import { usFormUploadMachine } from '@machines/certification/us-form-upload.machine';
import { trackAction } from '@/shared/analytics';
import { uploadBusinessWForm } from '../api/business-certification';
import { uploadLossOfNationality, uploadWForm } from '../api/personal-certification';

export type CertifyingCustomer = 'personal' | 'business';

/**
 * A US form given with the app's calls (002 s7), tracked (002 s9): a person's W-9 or W-8BEN
 * (personalWFormUpload) or loss-of-nationality certificate (lossOfNationalityUpload); a company's
 * W-9 or W-8BEN-E (businessWFormUpload).
 */
export function usFormUploadLogicFor(customer: CertifyingCustomer) {
  return usFormUploadMachine.provide({
    actors: {
      upload: fromPromise(async ({ input }) => {
        // The statechart holds the File the customer chose (CHOOSE carries it).
        const file = input.file as File;
        if (input.kind === 'lossOfNationality') await uploadLossOfNationality(file, input.values.issuedDate.trim() || null);
        else if (customer === 'business' || input.kind === 'w8bene') await uploadBusinessWForm(input.kind === 'w8bene' ? 'w8bene' : 'w9', input.values, file);
        else await uploadWForm(input.kind, input.values, file);
      }),
    },
    actions: { track: (_, params) => trackAction(params) },
  });
}

export type UsFormUploadLogic = ReturnType<typeof usFormUploadLogicFor>;
