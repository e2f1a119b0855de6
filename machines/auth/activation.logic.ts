/**
 * Activation links in an address (spec 002 s2): `action=activation|activationBusiness|
 * activationEmployee&user=…&code=…`. Apart from the statechart so the root route can recognise a
 * link without carrying the statechart in the first chunk.
 */
export const activationActions = ['activation', 'activationBusiness', 'activationEmployee'] as const;
export type ActivationAction = (typeof activationActions)[number];

export interface ActivationRequest {
  action: ActivationAction;
  user: string;
  code: string;
}

/** The activation request kept in a history entry's state (any value: checked as an address is), or null. */
export function activationFromState(value: unknown): ActivationRequest | null {
  return typeof value === 'object' && value !== null ? activationFromSearch(Object.fromEntries(Object.entries(value))) : null;
}

/** The activation request in an address, or null when the parameters are missing or unknown. */
export function activationFromSearch(search: Record<string, unknown>): ActivationRequest | null {
  const { action, user, code } = search;
  if (typeof action !== 'string' || !(activationActions as readonly string[]).includes(action)) return null;
  if (typeof user !== 'string' || user.trim() === '' || user.length > 254) return null;
  if (typeof code !== 'string' || code.trim() === '' || code.length > 64) return null;
  return { action: action as ActivationAction, user: user.trim(), code: code.trim() };
}
