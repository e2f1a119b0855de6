import type { FormErrors, FormValues } from '../shared/form.machine';
import { createTransferMachine } from './transfer.machine';
import { emptyExternal, externalRequest, validateExternal, type ExternalFacts, type ExternalValues } from './external.logic';

/**
 * An external transfer (/transfer/external; 001 s7 transfer submit by type) of any of the six
 * kinds: the transfer statechart with the external rules. The kind is a value of the form
 * (`type`), not a copy of the statechart; SUBMIT carries what the screen knows from the service
 * at that moment (the kinds offered to the country, the extra parameters, the transfer details,
 * the fee, the maximum amount, the saved cards and the bin blacklist).
 */
const asValues = (values: FormValues): ExternalValues => ({ ...emptyExternal, ...values }) as ExternalValues;

export function externalErrors(values: FormValues, facts: ExternalFacts): FormErrors {
  return validateExternal(asValues(values), facts);
}

export const externalTransferMachine = createTransferMachine<ExternalFacts>('externalTransfer', {
  validate: externalErrors,
  request: (values, facts, requestId) => ({ method: 'transferSubmit', body: externalRequest(asValues(values), facts.accounts, facts.extraParams, requestId) }),
});

export const emptyExternalValues = { ...emptyExternal } as FormValues;
