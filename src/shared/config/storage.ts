/**
 * Every key the app writes to Web Storage, in one inventory (docs/storage.md explains
 * owner and lifetime). Nothing secret goes to localStorage.
 */
export const storageKeys = {
  /** Chosen interface language; survives logout. */
  language: { key: 'app.language', area: 'local' },
  /** Local brand override (?brand=…), for development and review only; survives logout. */
  brandOverride: { key: 'app.brandOverride', area: 'local' },
  /**
   * The refresh token and username, so a reload in the same tab keeps the session
   * (docs/decisions.md). Tab-scoped, never localStorage; removed on logout and expiry.
   */
  session: { key: 'app.session', area: 'session' },
  /** Dictionaries with the language they were loaded in; session only. */
  dictionaries: { key: 'app.dictionaries', area: 'session' },
} as const;

type StorageEntry = (typeof storageKeys)[keyof typeof storageKeys];

function area(entry: StorageEntry): Storage | undefined {
  try {
    return entry.area === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined; // storage can be blocked (privacy mode): the app keeps working in memory
  }
}

export function readStored(entry: StorageEntry): string | undefined {
  try {
    return area(entry)?.getItem(entry.key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeStored(entry: StorageEntry, value: string): void {
  try {
    area(entry)?.setItem(entry.key, value);
  } catch {
    /* quota or blocked storage: not fatal */
  }
}

export function removeStored(entry: StorageEntry): void {
  try {
    area(entry)?.removeItem(entry.key);
  } catch {
    /* ignore */
  }
}
