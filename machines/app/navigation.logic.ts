/**
 * Which areas the main navigation shows (spec 000 s6 "Roles and permissions", 001/002 area
 * lists): one table of rows (src/widgets/app-navigation) filtered by this pure rule, so an area
 * appears by adding its row and disappears when the customer kind, the user's rights or the
 * brand say so. Ordered rules:
 * 1. a row for other customer kinds is out (personal / business);
 * 2. a row behind a brand switch the brand has off is out;
 * 3. an admin acting for nobody sees only rows marked for admins;
 * 4. a user without balance-info access (accessList.balanceInfo = 0) sees only rows marked as
 *    allowed without it (the company documents page);
 * 5. a row that needs an access right is out when the user's level for it is below the minimum.
 *    Rights only limit authorised users of a company: a right the reply does not list is not a
 *    limit (the account holder's own rights are not sent);
 * 6. a transfers row is out when the permission flags offer no transfer (001 s3, s6).
 */

/** Access levels (spec 000 s6): 0 no access, 1 read, 2 full access, 3 initiate, 4 confirmed, 5 uploading. */
export const ACCESS_LEVEL = { none: 0, read: 1, full: 2, initiate: 3, confirmed: 4, uploading: 5 } as const;
export type AccessLevel = (typeof ACCESS_LEVEL)[keyof typeof ACCESS_LEVEL];

export type CustomerKind = 'personal' | 'business';

export interface NavRule<Feature extends string = string> {
  /** Customer kinds that have the area; all when absent. */
  customerTypes?: readonly CustomerKind[];
  /** A brand switch (brand config `features`) the area needs. */
  brandFeature?: Feature;
  /** An access right (accessRights / permissions key) and the lowest level that opens the area. */
  right?: { name: string; min: AccessLevel };
  /** Shown to a user without balance-info access (spec: only the company documents page is). */
  withoutBalanceInfo?: boolean;
  /** Shown to an admin (admins land on the admin overview, not the customer areas). */
  forAdmins?: boolean;
  /** A transfers area: shown only when the permission flags offer a transfer. */
  transfers?: boolean;
}

export interface NavFacts<Feature extends string = string> {
  customerType: CustomerKind;
  isAdmin: boolean;
  /** Brand switches that are on. */
  features: Readonly<Record<Feature, boolean>>;
  /** The user's level for a right, or undefined when the access info does not list it. */
  rightLevel: (name: string) => number | undefined;
  /** accessList.balanceInfo; undefined when not sent. */
  balanceInfo: number | undefined;
  /** The permission flags offer at least one transfer (machines/transfers/permissions.logic.ts). */
  transfersOffered: boolean;
}

export function isAreaVisible<Feature extends string>(rule: NavRule<Feature>, facts: NavFacts<Feature>): boolean {
  if (rule.customerTypes && !rule.customerTypes.includes(facts.customerType)) return false;
  if (rule.brandFeature && !facts.features[rule.brandFeature]) return false;
  if (facts.isAdmin) return Boolean(rule.forAdmins);
  if (facts.balanceInfo === ACCESS_LEVEL.none && !rule.withoutBalanceInfo) return false;
  if (rule.right) {
    const level = facts.rightLevel(rule.right.name);
    if (level !== undefined && level < rule.right.min) return false;
  }
  if (rule.transfers && !facts.transfersOffered) return false;
  return true;
}

export function visibleAreas<Row extends NavRule<Feature>, Feature extends string>(rows: readonly Row[], facts: NavFacts<Feature>): Row[] {
  return rows.filter((row) => isAreaVisible(row, facts));
}

/** The level of a right from the access info: accessRights first (authorised users), then permissions. */
export function rightLevelFrom(access: {
  accessRights?: Readonly<Record<string, number>>;
  permissions?: Readonly<Record<string, number>>;
} | null): (name: string) => number | undefined {
  return (name) => access?.accessRights?.[name] ?? access?.permissions?.[name];
}
