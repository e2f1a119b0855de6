/**
 * Acting for a company (spec 000 s2 "fromCustomerId switches the acting customer", s6; 002 s6, s7
 * userAccessList; issue 52): which customers the selector offers and whether a choice may go
 * ahead. Pure; table-tested in tests/unit/acting-customer.test.ts. The statechart
 * (acting-customer.machine.ts) asks these before it asks the service.
 */

/** A customer the user may act for, as the selector shows it (userAccessList). */
export interface ActingChoice {
  id: number;
  name: string;
  /** The login e-mail, searchable beside the name. */
  username?: string | undefined;
}

/**
 * What a choice leads to:
 * - `same`: the customer already acted for: nothing to do (no reload, no cache dropped);
 * - `switch`: a customer of the list, or any while the list is not known (the service decides:
 *   its access info for that customer is asked first and a refusal keeps the old one);
 * - `refused`: the list is known and does not hold it (a link to someone else's company): said,
 *   nothing asked, the user stays where they were.
 */
export type SwitchDecision = 'same' | 'switch' | 'refused';

export function switchDecision(target: number, current: number | null, choices: readonly ActingChoice[] | null): SwitchDecision {
  if (!Number.isSafeInteger(target) || target <= 0) return 'refused';
  if (target === current) return 'same';
  if (choices === null) return 'switch';
  return choices.some((choice) => choice.id === target) ? 'switch' : 'refused';
}

/** Whether the header offers the selector (000 s3 isHaveRelatedAccounts; admins choose whom they support). */
export function offersSelector(customer: { isHaveRelatedAccounts?: boolean | undefined; isAdmin?: boolean | undefined } | null): boolean {
  return Boolean(customer && (customer.isAdmin || customer.isHaveRelatedAccounts));
}

/**
 * The selector's list for what is typed: names and e-mails containing it, in any case and with
 * accents as typed or not ("Societe" finds "Société"); the current customer first, then by name.
 * Blank shows all.
 */
export function filterChoices(choices: readonly ActingChoice[], query: string, current: number | null): ActingChoice[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
  const wanted = fold(query.trim());
  const found = wanted ? choices.filter((choice) => fold(choice.name).includes(wanted) || (choice.username !== undefined && fold(choice.username).includes(wanted))) : [...choices];
  return found.sort((a, b) => Number(b.id === current) - Number(a.id === current) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id);
}
