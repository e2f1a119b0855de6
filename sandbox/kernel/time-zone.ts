import type { Db } from '../db.ts';

/**
 * The customer's days and months (issue 44: limits count by the day and month in the customer's
 * time zone). The spec gives no time zone; the sandbox takes the zone of the customer's country of
 * residence (KYC's, else the profile's), one zone a country (the capital's, or the most populous
 * one's where a country has several), UTC when the country is unknown. docs/decisions.md says why.
 */
export const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  RO: 'Europe/Bucharest',
  ES: 'Europe/Madrid',
  PT: 'Europe/Lisbon',
  UA: 'Europe/Kyiv',
  GB: 'Europe/London',
  US: 'America/New_York',
  DE: 'Europe/Berlin',
  FR: 'Europe/Paris',
  IT: 'Europe/Rome',
  MD: 'Europe/Chisinau',
  PL: 'Europe/Warsaw',
  CA: 'America/Toronto',
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  MX: 'America/Mexico_City',
  JP: 'Asia/Tokyo',
  HK: 'Asia/Hong_Kong',
  LK: 'Asia/Colombo',
  IN: 'Asia/Kolkata',
};

/** The customer's time zone: their country of residence's, else UTC. */
export function customerTimeZone(db: Db, customerId: number): string {
  const row = db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string } | undefined;
  if (!row) return 'UTC';
  const profile = JSON.parse(row.profile) as { residenceCountryCode?: string; kycInfo?: { residenceCountryCode?: string } };
  const country = profile.kycInfo?.residenceCountryCode ?? profile.residenceCountryCode;
  return (country && COUNTRY_TIME_ZONES[country]) || 'UTC';
}

/** The wall-clock date and time at `instant` in `zone`, as the milliseconds of the same fields in UTC. */
function wallClock(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** The instant at which the wall-clock time `local` (as UTC fields) happens in `zone` (twice corrected, for a DST change between). */
function instantOf(local: number, zone: string): number {
  let guess = local - (wallClock(local, zone) - local);
  guess = local - (wallClock(guess, zone) - guess);
  return guess;
}

/**
 * When the customer's current day and month began, as ISO instants (what activity rows keep): the
 * local midnight of today and of the 1st in `zone`.
 */
export function periodStarts(now: string, zone: string): { day: string; month: string } {
  const local = new Date(wallClock(Date.parse(now), zone));
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  return { day: new Date(instantOf(day, zone)).toISOString(), month: new Date(instantOf(month, zone)).toISOString() };
}

/** The customer's day (YYYY-MM-DD) at `instant` (ms) in `zone`: their "today" (issue 51: an invoice's due date is not before it). */
export const dayIn = (instant: number, zone: string): string => new Date(wallClock(instant, zone)).toISOString().slice(0, 10);

/** When a day (YYYY-MM-DD) begins in `zone`, as the ISO instant rows keep (local midnight). */
export const dayStartIn = (day: string, zone: string): string => new Date(instantOf(Date.parse(`${day}T00:00:00Z`), zone)).toISOString();

/** The day after a YYYY-MM-DD day (the exclusive end of an inclusive range of days). */
export const dayAfter = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
