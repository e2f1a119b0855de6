import { clearStoredSessionData, KEPT_AFTER_LOGOUT, storageKeys, writeStored } from '@/shared/config';

describe('what logout leaves in Web Storage (docs/storage.md)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps only the preferences and removes every session key and the registration draft', () => {
    for (const entry of Object.values(storageKeys)) writeStored(entry, 'x');
    sessionStorage.setItem('someone-else', 'y'); // sessionStorage belongs to the signed-in user: all of it goes
    clearStoredSessionData();
    const left = [...Object.keys(localStorage), ...Object.keys(sessionStorage)].sort();
    expect(left).toEqual(KEPT_AFTER_LOGOUT.map((e) => e.key).sort());
  });

  it('nothing secret is declared for localStorage', () => {
    const local = Object.values(storageKeys).filter((e) => e.area === 'local').map((e) => e.key);
    expect(local).not.toContain(storageKeys.session.key);
    expect(local.join(' ')).not.toMatch(/token|secret|password/i);
  });
});
