import { msg } from '@lingui/core/macro';
import { createFormMachine, type FormErrors, type FormValues } from '../shared/form.machine';

/** Adding a currency (spec 001 s7 add currency: currencyCode): the form statechart with its one rule. */
export const addCurrencyMessages = {
  currencyRequired: msg`Choose a currency to add.`,
};

export function validateAddCurrency(values: FormValues): FormErrors {
  return /^[A-Z]{3,5}$/.test(values.currencyCode ?? '') ? {} : { currencyCode: { descriptor: addCurrencyMessages.currencyRequired } };
}

export const addCurrencyMachine = createFormMachine('addCurrency', validateAddCurrency);
export const emptyAddCurrencyForm = { currencyCode: '' };
