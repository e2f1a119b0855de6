// @vitest-environment node
import { addressCovered, canonicalIp, entryCovers, ipEntryProblems, locksOut, parseIp } from '@machines/settings/ip-rules';

/** The allowed IP list's rules (issue 50): every branch and boundary. */
describe('parseIp: the strict forms a person types', () => {
  it.each([
    ['192.168.1.10', 'ipv4'],
    [' 10.0.0.1 ', 'ipv4'],
    ['0.0.0.0', 'ipv4'],
    ['255.255.255.255', 'ipv4'],
    ['2001:db8::1', 'ipv6'],
    ['::', 'ipv6'],
    ['::1', 'ipv6'],
    ['::ffff:192.0.2.7', 'ipv4'],
    ['FE80::1', 'ipv6'],
  ])('%j is %s', (text, family) => {
    expect(parseIp(text)?.family).toBe(family);
  });

  it.each(['', '   ', '256.1.1.1', '10.1', '0x10.0.0.1', '010.0.0.1x', '1.2.3.4/24', '2001:db8::/32', 'fe80::1%eth0', '2001:db8:::1', 'example.com', '1.2.3.4.5'])('%j is not an address', (text) => {
    expect(parseIp(text)).toBeNull();
  });

  it('an IPv4-mapped address is the IPv4 it carries', () => {
    expect(parseIp('::ffff:192.0.2.7')).toEqual(parseIp('192.0.2.7'));
  });
});

describe('ipEntryProblems: the add-IP-to-whitelist popup', () => {
  it.each([
    [{ ip: '' }, { ip: 'required' }],
    [{ ip: '  ', toIp: '' }, { ip: 'required' }],
    [{ ip: 'nope' }, { ip: 'format' }],
    [{ ip: '10.0.0.1' }, {}],
    [{ ip: '10.0.0.1', toIp: null }, {}],
    [{ ip: '10.0.0.1', toIp: '  ' }, {}],
    [{ ip: '10.0.0.1', toIp: '10.0.0.1' }, {}],
    [{ ip: '10.0.0.1', toIp: '10.0.0.255' }, {}],
    [{ ip: '10.0.0.9', toIp: '10.0.0.10' }, {}],
    [{ ip: '10.0.0.10', toIp: '10.0.0.9' }, { toIp: 'order' }],
    [{ ip: '10.0.0.1', toIp: '2001:db8::1' }, { toIp: 'family' }],
    [{ ip: '2001:db8::1', toIp: '2001:db8::ffff' }, {}],
    [{ ip: '2001:db8::2', toIp: '2001:db8::1' }, { toIp: 'order' }],
    [{ ip: '10.0.0.1', toIp: 'x' }, { toIp: 'format' }],
    [{ ip: 'x', toIp: '10.0.0.1' }, { ip: 'format' }],
    [{ ip: '', toIp: 'x' }, { ip: 'required', toIp: 'format' }],
  ])('%j → %j', (entry, expected) => {
    expect(ipEntryProblems(entry)).toEqual(expected);
  });
});

describe('entryCovers and addressCovered', () => {
  it.each([
    [{ ip: '10.0.0.5' }, '10.0.0.5', true],
    [{ ip: '10.0.0.5' }, '10.0.0.6', false],
    [{ ip: '10.0.0.1', toIp: '10.0.0.9' }, '10.0.0.1', true],
    [{ ip: '10.0.0.1', toIp: '10.0.0.9' }, '10.0.0.9', true],
    [{ ip: '10.0.0.1', toIp: '10.0.0.9' }, '10.0.0.10', false],
    [{ ip: '10.0.0.1', toIp: '10.0.0.9' }, '10.0.0.0', false],
    [{ ip: '10.0.0.1', toIp: '10.0.0.9' }, '::ffff:10.0.0.3', true],
    [{ ip: '2001:db8::1', toIp: '2001:db8::ff' }, '2001:db8::80', true],
    [{ ip: '2001:db8::1', toIp: '2001:db8::ff' }, '10.0.0.1', false],
    [{ ip: '10.0.0.1', toIp: '2001:db8::1' }, '10.0.0.1', false],
    [{ ip: 'bad' }, '10.0.0.1', false],
    [{ ip: '10.0.0.1' }, 'bad', false],
  ])('%j covers %j: %s', (entry, address, expected) => {
    expect(entryCovers(entry, address)).toBe(expected);
  });

  it('any entry of the list', () => {
    expect(addressCovered([{ ip: '1.1.1.1' }, { ip: '10.0.0.1', toIp: '10.0.0.9' }], '10.0.0.2')).toBe(true);
    expect(addressCovered([{ ip: '1.1.1.1' }], '10.0.0.2')).toBe(false);
    expect(addressCovered([], '10.0.0.2')).toBe(false);
  });
});

describe('locksOut: nobody locks themselves out', () => {
  const entries = [
    { id: 1, ip: '10.0.0.1', toIp: '10.0.0.9' },
    { id: 2, ip: '192.0.2.7' },
  ];
  it.each([
    ['turning on, current covered', { kind: 'turnOn' } as const, { modeOn: false, entries, current: '10.0.0.2' }, false],
    ['turning on, current outside', { kind: 'turnOn' } as const, { modeOn: false, entries, current: '203.0.113.1' }, true],
    ['turning on, an empty list', { kind: 'turnOn' } as const, { modeOn: false, entries: [], current: '203.0.113.1' }, true],
    ['deleting while off', { kind: 'delete', id: 2 } as const, { modeOn: false, entries, current: '192.0.2.7' }, false],
    ['deleting the entry that covers it, while on', { kind: 'delete', id: 2 } as const, { modeOn: true, entries, current: '192.0.2.7' }, true],
    ['deleting another entry, while on', { kind: 'delete', id: 1 } as const, { modeOn: true, entries, current: '192.0.2.7' }, false],
    ['unknown current address', { kind: 'turnOn' } as const, { modeOn: false, entries, current: null }, null],
    ['current address not an address', { kind: 'turnOn' } as const, { modeOn: false, entries, current: 'unknown' }, null],
  ])('%s', (_, change, state, expected) => {
    expect(locksOut(change, state)).toBe(expected);
  });
});

describe('canonicalIp: what the list keeps and shows', () => {
  it.each([
    [' 10.0.0.1 ', '10.0.0.1'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['nonsense', null],
  ])('%j → %j', (text, canonical) => {
    expect(canonicalIp(text)).toBe(canonical);
  });
});
