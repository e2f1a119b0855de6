import { clearBusinessDraft, readBusinessDraft, saveBusinessDraft } from '../../src/features/register-business';
import { clearStoredSessionData } from '../../src/shared/config';
import { completeDraft } from '../support/registration-draft';

/** The business registration draft in localStorage (002 s4: version 3.54; docs/storage.md). */
describe('the business registration draft store', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the draft across a reload (localStorage) and reads it back', () => {
    const draft = completeDraft();
    saveBusinessDraft(draft);
    expect(JSON.parse(localStorage.getItem('app.registrationDraft')!).version).toBe('3.54');
    expect(readBusinessDraft()).toEqual(draft);
  });

  it('a draft of another version is not read back; nothing stored reads as none', () => {
    expect(readBusinessDraft()).toBeNull();
    localStorage.setItem('app.registrationDraft', JSON.stringify({ ...completeDraft(), version: '3.53' }));
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
