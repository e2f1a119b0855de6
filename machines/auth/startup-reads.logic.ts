import type { LandingCustomer } from './landing.logic';

/**
 * Which of the first page's reads start as soon as customer info has answered, beside the access
 * info, instead of after it (issue 48 "/home starts its reads together"; docs/decisions.md "Reads
 * that start with customer info"). One pure function with a table test (tests/unit/startup-reads.test.ts).
 *
 * The spec's order cannot be shortened further: customer info says who acts (an employee acts for
 * their company) and what kind of user this is, and access info is asked for that customer. What
 * can go early is what a personal customer's home needs, because a personal customer always sees
 * their own balances: the account list and the recent activity. Not for an admin (who skips
 * customer data), not for a business user (balance access comes with the access info: an employee
 * without it must not ask), not while terms wait, and not for a customer the start page sends
 * elsewhere first (profile update, KYC).
 */
export type StartupRead = 'accounts' | 'homeActivity';

export interface StartupReadsInput {
  /** From customer info alone (access info not known yet). */
  customer: Pick<LandingCustomer, 'kind' | 'isNeedPersonalInfoUpdate' | 'isNeedKyc'> | null;
  termsPending: boolean;
  /** The address now: /home on a reload, the sign-in page when the session has just begun. */
  path: string;
  /** A page to go to after sign-in (?redirect=, a stored OAuth path): the start page is not home. */
  hasInitialPath: boolean;
}

const HOME_READS: readonly StartupRead[] = ['accounts', 'homeActivity'];
/** Pages a sign-in finishes on; from there a personal customer lands on home (unless an initial path waits). */
const SIGN_IN_PAGES = new Set(['/', '/login', '/scp', '/activate']);

export function startupReads(input: StartupReadsInput): readonly StartupRead[] {
  const c = input.customer;
  if (!c || input.termsPending) return [];
  if (c.kind !== 'personal') return [];
  if (c.isNeedPersonalInfoUpdate || c.isNeedKyc) return [];
  const path = input.path.replace(/(.)\/+$/, '$1');
  if (path === '/home') return HOME_READS;
  if (SIGN_IN_PAGES.has(path) && !input.hasInitialPath) return HOME_READS;
  return [];
}
