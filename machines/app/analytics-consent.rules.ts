/**
 * Consent for analytics (002 s9 "Analytics … persist in local storage and ignore do-not-track";
 * issue 61; docs/decisions.md "Analytics consent"). The spec's setting is the default; a brand
 * under the EU's ePrivacy rules asks first (`opt-in`: nothing is stored or sent before Accept), a
 * brand under the UK's statistical-purposes exemption collects with a notice and a one-press
 * Turn off (`notice`). The customer's choice is kept in localStorage and asked again after
 * CONSENT_MAX_AGE_DAYS. Pure: shared by the statechart, the app and the tests.
 */
export type ConsentMode = 'opt-in' | 'notice';
export type ConsentChoice = 'granted' | 'denied';

/** How long a choice stands before it is asked again (13 months, as European regulators advise). */
export const CONSENT_MAX_AGE_DAYS = 395;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What is stored: the choice, when it was made, and the notice's version it answered. */
export interface StoredConsent {
  choice: ConsentChoice;
  /** Milliseconds since the epoch. */
  at: number;
  version: number;
}

/** The notice's version: a change to what is collected raises it, and every stored choice is asked again. */
export const CONSENT_VERSION = 1;

export function consentRecord(choice: ConsentChoice, now: number): string {
  return JSON.stringify({ choice, at: now, version: CONSENT_VERSION } satisfies StoredConsent);
}

/**
 * The stored choice that still stands: none when nothing is stored, the text is not a choice of
 * this version, it is from the future (a clock put back), or it is CONSENT_MAX_AGE_DAYS old or more.
 */
export function readConsent(raw: string | null | undefined, now: number): ConsentChoice | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { choice, at, version } = value as Partial<StoredConsent>;
  if (choice !== 'granted' && choice !== 'denied') return null;
  if (version !== CONSENT_VERSION) return null;
  if (typeof at !== 'number' || !Number.isSafeInteger(at) || at > now) return null;
  if (now - at >= CONSENT_MAX_AGE_DAYS * DAY_MS) return null;
  return choice;
}

/** Where the consent statechart starts: a choice that stands decides; else the brand's mode. */
export type ConsentStart = 'on' | 'off' | 'noticed' | 'asking';
export function consentStart(mode: ConsentMode, choice: ConsentChoice | null): ConsentStart {
  if (choice === 'granted') return 'on';
  if (choice === 'denied') return 'off';
  return mode === 'notice' ? 'noticed' : 'asking';
}

/**
 * What the collector does with an event: `send` it (collecting), `hold` it in memory until the
 * customer answers (asked, not yet answered: sent if they accept, forgotten if they refuse), or
 * `drop` it (refused).
 */
export type Collection = 'send' | 'hold' | 'drop';
export function collectionOf(state: { collecting: boolean; asking: boolean }): Collection {
  if (state.collecting) return 'send';
  return state.asking ? 'hold' : 'drop';
}
