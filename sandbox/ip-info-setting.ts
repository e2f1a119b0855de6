import type { Db } from './db.ts';

/**
 * The demo knob of ipInfo (POST /__sandbox/ip-info): the country and privacy flags the sandbox
 * answers for a client address its table does not place (127.0.0.1, private addresses; the
 * documentation ranges keep their countries), for every request or only for those carrying
 * `X-Sandbox-Scope: <scope>` (a test's browser context). Kept in memory per sandbox; a reset, or
 * DELETE /__sandbox/ip-info (?scope=), forgets it.
 */
export interface IpInfoSetting {
  country_code?: string;
  vpn?: boolean;
  proxy?: boolean;
  tor?: boolean;
  hosting?: boolean;
}

const FLAGS = ['vpn', 'proxy', 'tor', 'hosting'] as const;
const EVERY = '';
const settings = new WeakMap<Db, Map<string, IpInfoSetting>>();
const of = (db: Db) => settings.get(db) ?? settings.set(db, new Map()).get(db)!;

/** A setting as asked for, checked: a two-letter country code (any case) and boolean flags; null when something else was sent. */
export function ipInfoSettingOf(body: unknown): IpInfoSetting | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const given = body as Record<string, unknown>;
  const setting: IpInfoSetting = {};
  for (const key of Object.keys(given)) if (key !== 'country_code' && key !== 'scope' && !(FLAGS as readonly string[]).includes(key)) return null;
  if (given.country_code !== undefined) {
    if (typeof given.country_code !== 'string' || !/^[A-Za-z]{2}$/.test(given.country_code)) return null;
    setting.country_code = given.country_code.toUpperCase();
  }
  for (const flag of FLAGS) {
    if (given[flag] === undefined) continue;
    if (typeof given[flag] !== 'boolean') return null;
    setting[flag] = given[flag];
  }
  return setting;
}

export function setIpInfo(db: Db, scope: string | null, setting: IpInfoSetting): void {
  of(db).set(scope ?? EVERY, setting);
}

/** Forgets a scope's setting, or every setting. */
export function clearIpInfo(db: Db, scope: string | null = null): void {
  if (scope === null) of(db).clear();
  else of(db).delete(scope);
}

/** The setting a request gets: its scope's, else the one for every request, else none. */
export function ipInfoSettingFor(db: Db, scope: string | null): IpInfoSetting | null {
  const all = of(db);
  return (scope !== null ? all.get(scope) : undefined) ?? all.get(EVERY) ?? null;
}
