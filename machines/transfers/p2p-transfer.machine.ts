import type { FormErrors, FormValues } from '../shared/form.machine';
import { createTransferMachine } from './transfer.machine';
import { emptyP2p, p2pRequest, validateP2p, type P2pFacts, type P2pValues } from './p2p.logic';

/**
 * Peer-to-peer by e-mail (/transfer/p2p, 001 s7): the transfer statechart with the p2p rules.
 * SUBMIT carries the accounts, the payee check, the customer's e-mails and the fee at that moment.
 */
const asValues = (values: FormValues): P2pValues => ({ ...emptyP2p, ...values });

export function p2pErrors(values: FormValues, facts: P2pFacts): FormErrors {
  const errors: FormErrors = {};
  for (const [name, error] of Object.entries(validateP2p(asValues(values), facts))) if (error) errors[name] = error;
  return errors;
}

export const p2pTransferMachine = createTransferMachine<P2pFacts>('p2pTransfer', {
  validate: p2pErrors,
  request: (values, facts, requestId) => ({ method: 'p2pTransfer', body: p2pRequest(asValues(values), facts.accounts, requestId) }),
});

export const emptyP2pValues: FormValues = { ...emptyP2p };
