import { fromPromise } from 'xstate';
import { usFormUploadMachine } from '@machines/certification/us-form-upload.machine';
import { uploadLossOfNationality, uploadWForm } from '@/entities/certification';
import { trackAction } from '@/shared/analytics';

/** A US form given with the app's calls: personalWFormUpload or lossOfNationalityUpload (002 s7), tracked (002 s9). */
export const usFormUploadLogic = usFormUploadMachine.provide({
  actors: {
    upload: fromPromise(async ({ input }) => {
      // The statechart holds the File the customer chose (CHOOSE carries it).
      const file = input.file as File;
      if (input.kind === 'lossOfNationality') await uploadLossOfNationality(file, input.values.issuedDate.trim() || null);
      else await uploadWForm(input.kind, input.values, file);
    }),
  },
  actions: { track: (_, params) => trackAction(params) },
});
