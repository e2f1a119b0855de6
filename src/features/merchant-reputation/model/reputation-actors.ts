import { lookupMachine } from '@machines/shared/lookup.machine';
import { lookUpReputation } from '@/entities/merchant';
import { uiActor } from '@/shared/api';

/**
 * The reputation look-up as an e-mail is typed (001 s7 reputation list; s5 the e-mail trimmed and
 * checked: an invalid one is never asked): the lookup statechart with its call. The view sends
 * QUERY with reputationEmail(text), null while nothing may be asked.
 */
export const reputationLookupLogic = lookupMachine.provide({
  actors: {
    lookUp: uiActor<unknown, { query: unknown }>((input, signal) => lookUpReputation(String(input.query), signal)),
  },
});
export type ReputationLookupLogic = typeof reputationLookupLogic;
