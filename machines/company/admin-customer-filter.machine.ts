import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { createFilterMachine } from '../shared/filter.machine';
import type { FormErrors, FormValues } from '../shared/form.machine';
import { adminCustomerSearchProblems } from './admin-customers.rules';

/**
 * The admin overview's search (issue 52; adminCustomerList search: a name or login e-mail in part):
 * the filter statechart (../shared/filter.machine.ts) with the search's rule
 * (./admin-customers.rules.ts). Search hands the text on (the view puts it into the address, from
 * the first page); Clear empties it; the same actor stays for the page's life.
 */
export const adminCustomerFilterMessages = {
  searchTooLong: msg`Search with at most 100 characters.`,
} satisfies Record<string, MessageDescriptor>;

/** The search field's error (adminCustomerSearchProblems in words). */
export function validateAdminCustomerFilter(values: FormValues): FormErrors {
  return adminCustomerSearchProblems({ search: values.search }).search ? { search: { descriptor: adminCustomerFilterMessages.searchTooLong } } : {};
}

export const adminCustomerFilterMachine = createFilterMachine('adminCustomerFilter', validateAdminCustomerFilter);
