import { createFilterMachine } from '../shared/filter.machine';
import { identityFilterProblems, NO_IDENTITY_FILTERS, type IdentityFilters } from './merchant-checks.rules';
import { identityFilterErrors } from './merchant-checks-messages';

/** The form's values as the rules' filters (a missing field is empty). */
export const identityFiltersOf = (values: Record<string, string | undefined>): IdentityFilters => ({
  status: values.status ?? '',
  email: values.email ?? '',
  fromDate: values.fromDate ?? '',
  toDate: values.toDate ?? '',
});

/**
 * The identity checks' history filter (issue 56; 001 s5: empty values are dropped): a status, part
 * of the person's e-mail, the first and last day; checked (a known status, days, in order) before
 * Apply puts them into the address; Clear empties them; a change of the address is brought in.
 */
export const identityFilterMachine = createFilterMachine('identityFilter', (values) => identityFilterErrors(identityFilterProblems(identityFiltersOf(values))));

export const NO_IDENTITY_FILTER_VALUES: Record<keyof IdentityFilters, string> = { ...NO_IDENTITY_FILTERS };
