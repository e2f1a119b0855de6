import ipaddr from 'ipaddr.js';

/**
 * The allowed IP list's rules (issue 50; 001 s3 Whitelisted IP: id, ip, toIp, created; s7 "access
 * IP list, add, delete, set mode"), shared with the sandbox and later with the merchant tools'
 * allowed IP ranges. Parsing is ipaddr.js's (a well-kept library: IPv6 shorthand, IPv4-mapped
 * addresses), held to the strict forms a person types: IPv4 as four decimal parts (no `0x10`, no
 * `10.1`), IPv6 without a zone (`%eth0`), neither with a prefix length.
 */
export type IpFamily = 'ipv4' | 'ipv6';

export interface IpEntry {
  ip: string;
  /** The end of a range; missing, null or empty: the one address `ip`. */
  toIp?: string | null;
}

export type IpProblem = 'required' | 'format' | 'family' | 'order';

/** An address as typed, parsed: its family and its bytes (IPv4-mapped IPv6 read as the IPv4 it carries). Null when it is not one. */
export function parseIp(text: string): { family: IpFamily; bytes: number[] } | null {
  const value = text.trim();
  if (!value || value.includes('/') || value.includes('%')) return null;
  if (ipaddr.IPv4.isValidFourPartDecimal(value)) return { family: 'ipv4', bytes: ipaddr.IPv4.parse(value).toByteArray() };
  if (!ipaddr.IPv6.isValid(value)) return null;
  const v6 = ipaddr.IPv6.parse(value);
  if (v6.isIPv4MappedAddress()) return { family: 'ipv4', bytes: v6.toIPv4Address().toByteArray() };
  return { family: 'ipv6', bytes: v6.toByteArray() };
}

/** The address as the service keeps and shows it (IPv6 shortened and lower case, IPv4-mapped as IPv4); null when it is not one. */
export function canonicalIp(text: string): string | null {
  const parsed = parseIp(text);
  if (!parsed) return null;
  return ipaddr.fromByteArray(parsed.bytes).toString();
}

/** -1, 0 or 1: the order of two addresses of the same family. */
function compareBytes(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i]! !== b[i]!) return a[i]! < b[i]! ? -1 : 1;
  }
  return 0;
}

/**
 * What is wrong with an entry of the add-IP-to-whitelist popup, by field: `ip` is required and an
 * address; `toIp`, when given, an address of the same family, not before `ip`. Empty when right.
 */
export function ipEntryProblems(entry: IpEntry): Partial<Record<'ip' | 'toIp', IpProblem>> {
  const problems: Partial<Record<'ip' | 'toIp', IpProblem>> = {};
  const from = entry.ip.trim() ? parseIp(entry.ip) : null;
  if (!entry.ip.trim()) problems.ip = 'required';
  else if (!from) problems.ip = 'format';
  const toText = (entry.toIp ?? '').trim();
  if (toText) {
    const to = parseIp(toText);
    if (!to) problems.toIp = 'format';
    else if (from && to.family !== from.family) problems.toIp = 'family';
    else if (from && compareBytes(from.bytes, to.bytes) > 0) problems.toIp = 'order';
  }
  return problems;
}

/** Whether an address falls in an entry (the one address, or from `ip` to `toIp` inclusive). A malformed entry covers nothing. */
export function entryCovers(entry: IpEntry, address: string): boolean {
  const at = parseIp(address);
  const from = parseIp(entry.ip);
  if (!at || !from || at.family !== from.family) return false;
  const to = (entry.toIp ?? '').trim() ? parseIp(entry.toIp ?? '') : from;
  if (!to || to.family !== from.family) return false;
  return compareBytes(from.bytes, at.bytes) <= 0 && compareBytes(at.bytes, to.bytes) <= 0;
}

/** Whether any entry of the list covers the address. */
export const addressCovered = (entries: readonly IpEntry[], address: string): boolean => entries.some((entry) => entryCovers(entry, address));

/**
 * Beyond the spec (issue 50): a change that would lock the customer out of their own sign-in. With
 * the mode on, sign-in is only allowed from the list; so turning it on, or deleting an entry while
 * it is on, when the current address (ipInfo) would then be outside every entry, asks to add it
 * first. An unknown current address (no ipInfo) cannot be checked: null, nothing asked.
 */
export function locksOut(change: { kind: 'turnOn' } | { kind: 'delete'; id: number }, state: { modeOn: boolean; entries: readonly (IpEntry & { id: number })[]; current: string | null }): boolean | null {
  if (!state.current || !parseIp(state.current)) return null;
  if (change.kind === 'turnOn') return !addressCovered(state.entries, state.current);
  if (!state.modeOn) return false;
  return !addressCovered(state.entries.filter((e) => e.id !== change.id), state.current);
}
