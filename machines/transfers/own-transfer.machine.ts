import type { FormErrors, FormValues } from '../shared/form.machine';
import { createTransferMachine } from './transfer.machine';
import { emptyOwnTransfer, ownTransferRequest, validateOwnTransfer, type OwnAccount, type OwnTransferFacts, type OwnTransferValues } from './own-transfer.logic';

/**
 * A transfer between the customer's own accounts (/transfer/account, 001 s3, s5, s7): the transfer
 * statechart with the own-account rules. SUBMIT carries the accounts, the rate and what the
 * service said (minimum, maximum, fee) at that moment.
 */
export interface OwnTransferSubmitFacts extends OwnTransferFacts {
  accounts: readonly OwnAccount[];
  rate: string | null;
}

const asValues = (values: FormValues): OwnTransferValues => ({ ...emptyOwnTransfer, ...values });

export function ownTransferErrors(values: FormValues, facts: OwnTransferSubmitFacts): FormErrors {
  const errors: FormErrors = {};
  for (const [name, error] of Object.entries(validateOwnTransfer(asValues(values), facts.accounts, facts.rate, facts))) {
    if (error) errors[name] = { descriptor: error.values ? { ...error.descriptor, values: error.values } : error.descriptor };
  }
  return errors;
}

export const ownTransferMachine = createTransferMachine<OwnTransferSubmitFacts>('ownTransfer', {
  validate: ownTransferErrors,
  request: (values, facts, requestId) => ({ method: 'ownAccountsTransfer', body: ownTransferRequest(asValues(values), facts.accounts, requestId) }),
});

export const emptyOwnTransferValues: FormValues = { ...emptyOwnTransfer };
