import { fromPromise } from 'xstate';
import { businessCertificationMachine } from '@machines/certification/business-certification.machine';
import { loadBusinessCertification, sendBusinessCertification } from '@/entities/certification';
import { trackAction } from '@/shared/analytics';
import { uiActor } from '@/shared/api';
import type { Language } from '@/shared/config';

/**
 * The business self-certification statechart with the app's calls (spec 002 s2, s3, s7):
 * the tax reference table in the interface language, the certification given before and the
 * company's shareholders and directors; the certification sent; the 002 s9 events.
 */
export function certifyBusinessLogicFor(language: Language) {
  return businessCertificationMachine.provide({
    actors: {
      load: uiActor((_input, signal) => loadBusinessCertification(language, signal)),
      submit: fromPromise(({ input }) => sendBusinessCertification(input)),
    },
    actions: {
      track: (_, params) => trackAction(params),
    },
  });
}

export type BusinessCertificationLogic = ReturnType<typeof certifyBusinessLogicFor>;
