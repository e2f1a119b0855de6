import { storageKey as routerScrollKey } from '@tanstack/router-core';
import { clearStoredSessionData, KEPT_AFTER_LOGOUT, readStored, storageKeys, writeStored } from '@/shared/config';

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

  it('lists the router\'s own scroll-restoration key (the installed router\'s name for it), in sessionStorage', () => {
    expect(storageKeys.scrollRestoration).toEqual({ key: routerScrollKey, area: 'session' });
  });

  it('logout removes the router\'s scroll positions too, whatever they hold', () => {
    sessionStorage.setItem(routerScrollKey, '{"abc":{"window":{"scrollX":0,"scrollY":420}}}');
    writeStored(storageKeys.session, '{"refreshToken":"r"}');
    expect(readStored(storageKeys.scrollRestoration)).toContain('420');
    clearStoredSessionData();
    expect(sessionStorage.getItem(routerScrollKey)).toBeNull();
    sessionStorage.setItem(routerScrollKey, 'not json');
    expect(() => clearStoredSessionData()).not.toThrow();
    expect(sessionStorage.length).toBe(0);
  });
});
