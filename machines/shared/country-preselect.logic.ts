import type { MainReply } from '@contract/main-methods';

/**
 * Which country a form preselects from the address the service sees the browser at (ipInfo,
 * 000 s7; docs/decisions.md "Country preselected from ipInfo"), in order:
 * 1. the customer already touched the field, or it has a value: none (theirs wins);
 * 2. no answer (not yet, or ipInfo failed): none;
 * 3. a VPN, proxy, Tor exit or hosting address: none (its country says nothing about the customer);
 * 4. no two-letter country code, or one the form does not offer: none;
 * 5. else that code, as the form writes it.
 */
export type IpInfo = Pick<MainReply<'ipInfo'>, 'ip' | 'country_code' | 'privacy'>;

export interface PreselectFacts {
  info: IpInfo | null | undefined;
  /** The field's value now. */
  current: string;
  /** The customer changed the field since the form opened. */
  touched: boolean;
  /** The codes the field offers (as the form writes them). */
  offered: readonly string[];
}

export const isPrivateAddress = (info: IpInfo): boolean => {
  const flags = info.privacy;
  return flags?.vpn === true || flags?.proxy === true || flags?.tor === true || flags?.hosting === true;
};

export function countryToPreselect({ info, current, touched, offered }: PreselectFacts): string | null {
  if (touched || current.trim() !== '') return null;
  if (!info || isPrivateAddress(info)) return null;
  const code = (info.country_code ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return null;
  return offered.find((one) => one.toUpperCase() === code) ?? null;
}
