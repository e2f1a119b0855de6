import { createFormMachine, type FormErrors, type FormValues } from '../shared/form.machine';
import { validateBatchFilter, validateHistoryFilter } from './history.logic';

/**
 * The history filter form: the form statechart with the filter's rule (dates and amounts in
 * order, a whole e-mail). Submitting ends it (`final`): the page puts the cleaned filter into the
 * address and a new form starts from it.
 */
export function validateHistoryFilterForm(values: FormValues): FormErrors {
  return Object.fromEntries(Object.entries(validateHistoryFilter(values)).map(([field, descriptor]) => [field, { descriptor }]));
}

export const historyFilterMachine = createFormMachine('historyFilter', validateHistoryFilterForm, { final: true });

export function validateBatchFilterForm(values: FormValues): FormErrors {
  return Object.fromEntries(Object.entries(validateBatchFilter(values)).map(([field, descriptor]) => [field, { descriptor }]));
}

/** The batch filter form (002 s5: search, types, from, to), ended by submitting like the history one. */
export const batchFilterMachine = createFormMachine('batchFilter', validateBatchFilterForm, { final: true });
