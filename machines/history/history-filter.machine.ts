import { createFormMachine, type FormErrors, type FormValues } from '../shared/form.machine';
import { validateHistoryFilter } from './history.logic';

/**
 * The history filter form: the form statechart with the filter's rule (dates and amounts in
 * order, a whole e-mail). Submitting ends it (`final`): the page puts the cleaned filter into the
 * address and a new form starts from it.
 */
export function validateHistoryFilterForm(values: FormValues): FormErrors {
  return Object.fromEntries(Object.entries(validateHistoryFilter(values)).map(([field, descriptor]) => [field, { descriptor }]));
}

export const historyFilterMachine = createFormMachine('historyFilter', validateHistoryFilterForm, { final: true });
