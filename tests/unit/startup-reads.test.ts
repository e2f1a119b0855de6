import { describe, expect, it } from 'vitest';
import { startupReads, type StartupReadsInput } from '@machines/auth/startup-reads.logic';

const personal = { kind: 'personal', isNeedPersonalInfoUpdate: false, isNeedKyc: false } as const;
const base: StartupReadsInput = { customer: personal, termsPending: false, path: '/home', hasInitialPath: false };
const both = ['accounts', 'homeActivity'];

describe('startupReads: what starts beside the access info', () => {
  it.each<[string, Partial<StartupReadsInput>, readonly string[]]>([
    ['a personal customer reloading /home', {}, both],
    ['… with a trailing slash', { path: '/home/' }, both],
    ['… on another page', { path: '/history' }, []],
    ['… a page starting with /home', { path: '/home-loans' }, []],
    ['customer info not there', { customer: null }, []],
    ['terms to accept first', { termsPending: true }, []],
    ['an admin', { customer: { ...personal, kind: 'admin' } }, []],
    ['a business user (balance access comes with the access info)', { customer: { ...personal, kind: 'business' } }, []],
    ['a profile update first', { customer: { ...personal, isNeedPersonalInfoUpdate: true } }, []],
    ['KYC first', { customer: { ...personal, isNeedKyc: true } }, []],
    ['just signed in on /login', { path: '/login' }, both],
    ['just signed in on /scp', { path: '/scp' }, both],
    ['just activated on /activate', { path: '/activate' }, both],
    ['signed in on /', { path: '/' }, both],
    ['signed in with a page to go to', { path: '/login', hasInitialPath: true }, []],
    ['an initial path does not matter on /home itself', { hasInitialPath: true }, both],
  ])('%s', (_, change, expected) => {
    expect(startupReads({ ...base, ...change })).toEqual(expected);
  });
});
