import { fromPromise } from 'xstate';
import { personalCertificationMachine } from '@machines/certification/personal-certification.machine';
import { loadPersonalCertification, loadRepresentativeCertification, sendPersonalCertification, sendRepresentativeCertification } from '@/entities/certification';
import { trackAction } from '@/shared/analytics';
import { uiActor } from '@/shared/api';
import type { Language } from '@/shared/config';

/**
 * The personal self-certification statechart with the app's calls (spec 002 s3, s7):
 * the tax reference table in the interface language and the certification given before, the
 * certification sent (a refusal comes back as a FormFailure, fields by param), and the 002 s9
 * events; a company representative's own certification through their link (002 s2) the same way
 * with the representative calls. A failed load becomes what the statechart shows (the server's words, or the generic ones).
 */
export function certifyLogicFor(language: Language, who: 'customer' | 'representative' = 'customer') {
  const [loadCalls, send] = who === 'representative' ? [loadRepresentativeCertification, sendRepresentativeCertification] : [loadPersonalCertification, sendPersonalCertification];
  return personalCertificationMachine.provide({
    actors: {
      load: uiActor((_input, signal) => loadCalls(language, signal)),
      submit: fromPromise(({ input }) => send(input)),
    },
    actions: {
      track: (_, params) => trackAction(params),
    },
  });
}

export type PersonalCertificationLogic = ReturnType<typeof certifyLogicFor>;
