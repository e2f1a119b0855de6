import { fromPromise } from 'xstate';
import { businessWizardMachine } from '@machines/registration/business-wizard.machine';
import { checkEmailExists, createAccount } from '@/entities/registration';
import { trackAction } from '@/shared/analytics';
import { clearBusinessDraft, saveBusinessDraft } from './draft-store';

/** The business wizard statechart with the app's calls, the draft kept locally on every change, and the funnel's events. */
export const businessWizardLogic = businessWizardMachine.provide({
  actors: {
    checkEmail: fromPromise(async ({ input, signal }) => checkEmailExists(input.email, signal)),
    createAccount: fromPromise(async ({ input, signal }) => {
      await createAccount({ captcha: input.captcha, requestId: input.requestId, registrationType: 'business', business: input.draft, ...(input.brand ? { brand: input.brand } : {}) }, signal);
    }),
  },
  actions: {
    saveDraft: (_, params) => saveBusinessDraft(params.draft),
    clearDraft: () => clearBusinessDraft(),
    track: (_, params) => trackAction(params),
  },
});
