// @vitest-environment node
import { collectionOf, consentRecord, consentStart, CONSENT_MAX_AGE_DAYS, CONSENT_VERSION, readConsent } from '@machines/app/analytics-consent.rules';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 11, 2, 12, 0, 0);
const stored = (value: unknown) => JSON.stringify(value);

/** The analytics consent gate (issue 61; docs/decisions.md "Analytics consent"). */
describe('readConsent: the stored choice that still stands', () => {
  it.each([
    ['nothing stored', undefined, null],
    ['null', null, null],
    ['an empty text', '', null],
    ['not JSON', '{granted', null],
    ['JSON but not an object', '"granted"', null],
    ['JSON null', 'null', null],
    ['granted, today', stored({ choice: 'granted', at: NOW, version: CONSENT_VERSION }), 'granted'],
    ['denied, today', stored({ choice: 'denied', at: NOW, version: CONSENT_VERSION }), 'denied'],
    ['another choice', stored({ choice: 'yes', at: NOW, version: CONSENT_VERSION }), null],
    ['an older notice version', stored({ choice: 'granted', at: NOW, version: CONSENT_VERSION - 1 }), null],
    ['no version', stored({ choice: 'granted', at: NOW }), null],
    ['no time', stored({ choice: 'granted', version: CONSENT_VERSION }), null],
    ['a time as text', stored({ choice: 'granted', at: String(NOW), version: CONSENT_VERSION }), null],
    ['a fractional time', stored({ choice: 'granted', at: NOW - 0.5, version: CONSENT_VERSION }), null],
    ['a millisecond in the future (the clock put back)', stored({ choice: 'granted', at: NOW + 1, version: CONSENT_VERSION }), null],
    ['one millisecond short of 395 days', stored({ choice: 'denied', at: NOW - CONSENT_MAX_AGE_DAYS * DAY + 1, version: CONSENT_VERSION }), 'denied'],
    ['395 days old: asked again', stored({ choice: 'denied', at: NOW - CONSENT_MAX_AGE_DAYS * DAY, version: CONSENT_VERSION }), null],
  ])('%s', (_name, raw, expected) => {
    expect(readConsent(raw, NOW)).toBe(expected);
  });

  it('what consentRecord writes is read back, with its time and version', () => {
    expect(JSON.parse(consentRecord('granted', NOW))).toEqual({ choice: 'granted', at: NOW, version: CONSENT_VERSION });
    expect(readConsent(consentRecord('granted', NOW), NOW)).toBe('granted');
    expect(readConsent(consentRecord('denied', NOW), NOW + DAY)).toBe('denied');
    expect(CONSENT_MAX_AGE_DAYS).toBe(395);
  });
});

describe('consentStart: a choice that stands decides, else the brand asks or notices', () => {
  it.each([
    ['opt-in', 'granted', 'on'],
    ['opt-in', 'denied', 'off'],
    ['opt-in', null, 'asking'],
    ['notice', 'granted', 'on'],
    ['notice', 'denied', 'off'],
    ['notice', null, 'noticed'],
  ] as const)('%s with %s → %s', (mode, choice, expected) => {
    expect(consentStart(mode, choice)).toBe(expected);
  });
});

describe('collectionOf: what the collector does with an event', () => {
  it.each([
    [{ collecting: true, asking: false }, 'send'],
    [{ collecting: true, asking: true }, 'send'],
    [{ collecting: false, asking: true }, 'hold'],
    [{ collecting: false, asking: false }, 'drop'],
  ] as const)('%o → %s', (state, expected) => {
    expect(collectionOf(state)).toBe(expected);
  });
});
