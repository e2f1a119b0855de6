import { fromPromise } from 'xstate';
import { personalCertificationMachine } from '@machines/certification/personal-certification.machine';
import { loadPersonalCertification, sendPersonalCertification } from '@/entities/certification';
import { trackAction } from '@/shared/analytics';
import { toUiMessage } from '@/shared/api';
import type { Language } from '@/shared/config';

/**
 * The personal self-certification statechart with the app's calls (spec 002 s3, s7; issue 28):
 * the tax reference table in the interface language and the certification given before, the
 * certification sent (a refusal comes back as a FormFailure, fields by param), and the 002 s9
 * events. A failed load becomes what the statechart shows (the server's words, or the generic ones).
 */
export function certifyLogicFor(language: Language) {
  return personalCertificationMachine.provide({
    actors: {
      load: fromPromise(async ({ signal }) => {
        try {
          return await loadPersonalCertification(language, signal);
        } catch (error) {
          throw toUiMessage(error);
        }
      }),
      submit: fromPromise(({ input }) => sendPersonalCertification(input)),
    },
    actions: {
      track: (_, params) => trackAction(params),
    },
  });
}

export type PersonalCertificationLogic = ReturnType<typeof certifyLogicFor>;
