import { createFormMachine, type FormErrors, type FormValues } from '../shared/form.machine';
import { validatePreapprovedFilter } from './preapproved.logic';

/** The preapproved payments filter form (beneficiaryEmail, type, fromAmount, toAmount): submitting puts the filter into the address. */
export function validatePreapprovedFilterForm(values: FormValues): FormErrors {
  return Object.fromEntries(Object.entries(validatePreapprovedFilter(values)).map(([field, descriptor]) => [field, { descriptor }]));
}

export const preapprovedFilterMachine = createFormMachine('preapprovedFilter', validatePreapprovedFilterForm);
