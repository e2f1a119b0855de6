import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { createFilterMachine } from '../shared/filter.machine';
import type { FormErrors, FormValues } from '../shared/form.machine';
import { dateRangeProblems, type DateProblem } from './login-history.rules';

/**
 * The login history's filter (001 s7 login history: fromDate, toDate): the filter statechart
 * (../shared/filter.machine.ts) with the date range's rule (./login-history.rules.ts). Apply hands
 * the dates on (the view puts them into the address, empty ones dropped, from the first page);
 * Clear empties them; the same actor stays for the page's life.
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

export const loginHistoryFilterMachine = createFilterMachine('loginHistoryFilter', validateLoginHistoryFilter);
