import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { createFormMachine, type FormErrors, type FormValues } from '../shared/form.machine';
import { dateRangeProblems, type DateProblem } from './login-history.rules';

/**
 * The login history's filter form (001 s7 login history: fromDate, toDate): the form statechart
 * with the date range's rule (./login-history.rules.ts). Submitting ends it (`final`): the page
 * puts the dates into the address (empty ones dropped, back to the first page) and a new form
 * starts from it.
 */
export const loginHistoryFilterMessages = {
  dateFormat: msg`Enter a date as YYYY-MM-DD, for example 2026-03-01.`,
  dateOrder: msg`The end date is before the start date.`,
} satisfies Record<string, MessageDescriptor>;

const PROBLEM_TEXTS: Readonly<Record<DateProblem, MessageDescriptor>> = {
  format: loginHistoryFilterMessages.dateFormat,
  order: loginHistoryFilterMessages.dateOrder,
};

/** The form's errors by field, as the user reads them (dateRangeProblems in words). */
export function validateLoginHistoryFilter(values: FormValues): FormErrors {
  const problems = dateRangeProblems({ fromDate: values.fromDate, toDate: values.toDate });
  return Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, { descriptor: PROBLEM_TEXTS[problem] }]));
}

export const loginHistoryFilterMachine = createFormMachine('loginHistoryFilter', validateLoginHistoryFilter, { final: true });
