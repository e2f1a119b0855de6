import { clearBusinessDraft, readBusinessDraft, saveBusinessDraft } from '../../src/features/register-business';
import { clearStoredSessionData } from '../../src/shared/config';
import { completeDraft } from '../support/registration-draft';
import { DRAFT_TTL_MS, draftExpired } from '@machines/registration/registration-draft';

/** The business registration draft in localStorage (002 s4: version 3.54; docs/storage.md). */
describe('the business registration draft store', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the draft across a reload (localStorage) and reads it back', () => {
    const draft = completeDraft();
    saveBusinessDraft(draft);
    expect(JSON.parse(localStorage.getItem('app.registrationDraft')!).version).toBe('3.54');
    expect(readBusinessDraft()).toEqual(draft);
  });

  it('a draft is kept 30 days from its last save, then forgotten when read; one without a save time is not read back (issue 47)', () => {
    const draft = completeDraft();
    const saved = Date.parse('2026-11-01T10:00:00Z');
    saveBusinessDraft(draft, saved);
    expect(readBusinessDraft(saved + DRAFT_TTL_MS)).toEqual(draft);
    expect(readBusinessDraft(saved + DRAFT_TTL_MS + 1)).toBeNull();
    expect(localStorage.getItem('app.registrationDraft')).toBeNull();
    localStorage.setItem('app.registrationDraft', JSON.stringify(draft));
    expect(readBusinessDraft()).toBeNull();
    localStorage.setItem('app.registrationDraft', '{not json');
    expect(readBusinessDraft()).toBeNull();
    expect(localStorage.getItem('app.registrationDraft')).toBeNull();
  });

  it.each([[undefined], ['yesterday'], [Number.NaN]])('draftExpired: a save time of %j is expired (fails closed)', (savedAt: unknown) => {
    expect(draftExpired(savedAt, Date.parse('2026-11-29T00:00:00Z'))).toBe(true);
  });

  it.each([
    [0, false],
    [DRAFT_TTL_MS, false],
    [DRAFT_TTL_MS + 1, true],
    [-1, true],
  ])('draftExpired: saved %i ms before now → expired %s (a save time in the future is not trusted)', (age, expired) => {
    const now = Date.parse('2026-11-29T00:00:00Z');
    expect(draftExpired(now - age, now)).toBe(expired);
  });

  it('a draft of another version is not read back; nothing stored reads as none', () => {
    expect(readBusinessDraft()).toBeNull();
    localStorage.setItem('app.registrationDraft', JSON.stringify({ ...completeDraft(), version: '3.53', savedAt: Date.now() }));
    expect(readBusinessDraft()).toBeNull();
  });

  it('"Start over", a successful registration, logout and expiry forget it', () => {
    saveBusinessDraft(completeDraft());
    clearBusinessDraft();
    expect(localStorage.getItem('app.registrationDraft')).toBeNull();
    saveBusinessDraft(completeDraft());
    localStorage.setItem('app.language', 'pt');
    clearStoredSessionData();
    expect(localStorage.getItem('app.registrationDraft')).toBeNull();
    expect(localStorage.getItem('app.language')).toBe('pt');
  });
});
