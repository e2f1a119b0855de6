import { lookupMachine } from '@machines/shared/lookup.machine';
import { PAYEE_CHECK_DELAY_MS } from '@machines/transfers/p2p.logic';
import { uiActor } from '@/shared/api';
import { checkPayee } from '../api/p2p';

/**
 * The payee check as an e-mail is typed (001 s7 check payee: exist, isEmployee, outBlacklist): the
 * lookup statechart with its call, PAYEE_CHECK_DELAY_MS after a change. The p2p transfer and the
 * invoice's create popup (who is asked to pay) start one each.
 */
export const payeeCheckLogic = lookupMachine.provide({
  actors: {
    lookUp: uiActor<unknown, { query: unknown }>((input, signal) => checkPayee(String(input.query), signal)),
  },
  delays: { settle: PAYEE_CHECK_DELAY_MS },
});
export type PayeeCheckLogic = typeof payeeCheckLogic;
