// @vitest-environment node
import { linkHost, linkVerdict, MAX_URL_LENGTH, messageParts, safeUrls, type LinkVerdict, type MessagePart } from '@machines/shared/link-check.rules';

/** Link checks: the sandbox's verdict (every branch) and where the links are in a message (every boundary). */
describe('linkVerdict (the sandbox rule)', () => {
  const cases: [string, LinkVerdict, string][] = [
    ['https://docs.example/guide?x=1#top', 'safe', 'https with a host name'],
    ['https://www.brand1.test/', 'safe', 'another https host'],
    ['HTTPS://Docs.Example/', 'safe', 'scheme and host in capitals'],
    ['https://notmalware.example/', 'safe', 'a host that only ends like a denied one'],
    ['http://docs.example/guide', 'unsafe', 'http (not https)'],
    ['ftp://docs.example/file', 'unsafe', 'another scheme'],
    ['javascript:alert(1)', 'unsafe', 'script'],
    ['not a url', 'unsafe', 'not a URL'],
    ['', 'unsafe', 'empty'],
    ['https://user:secret@docs.example/', 'unsafe', 'a password in the address'],
    ['https://user@docs.example/', 'unsafe', 'a user name in the address'],
    ['https://malware.example/', 'unsafe', 'denied host'],
    ['https://MALWARE.example./x', 'unsafe', 'denied host in capitals with its root dot'],
    ['https://cdn.phish.example/login', 'unsafe', 'a host under a denied one'],
    ['https://198.51.100.7/', 'unsafe', 'an IPv4 address'],
    ['https://0x7f.1/', 'unsafe', 'an IPv4 address in hex (the parser writes it as 127.0.0.1)'],
    ['https://2130706433/', 'unsafe', 'an IPv4 address as one number'],
    ['https://[::1]/', 'unsafe', 'an IPv6 address'],
    [`https://docs.example/${'a'.repeat(MAX_URL_LENGTH - 'https://docs.example/'.length)}`, 'safe', 'exactly the longest address'],
    [`https://docs.example/${'a'.repeat(MAX_URL_LENGTH - 'https://docs.example/'.length + 1)}`, 'unsafe', 'one character longer'],
  ];
  it.each(cases)('%s → %s (%s)', (url, verdict) => {
    expect(linkVerdict(url)).toBe(verdict);
  });

  it('safeUrls answers the safe subset in its order', () => {
    expect(safeUrls(['http://a.example/', 'https://b.example/', 'https://malware.example/', 'https://c.example/'])).toEqual(['https://b.example/', 'https://c.example/']);
    expect(safeUrls([])).toEqual([]);
  });
});

describe('messageParts (the links of a message)', () => {
  const link = (url: string): MessagePart => ({ kind: 'link', url });
  const text = (value: string): MessagePart => ({ kind: 'text', text: value });
  const cases: [string, MessagePart[]][] = [
    ['', []],
    ['No links here.', [text('No links here.')]],
    ['https://docs.example/guide', [link('https://docs.example/guide')]],
    ['See https://docs.example/guide.', [text('See '), link('https://docs.example/guide'), text('.')]],
    ['Two: http://a.example/x, https://b.example/y!', [text('Two: '), link('http://a.example/x'), text(', '), link('https://b.example/y'), text('!')]],
    ['(see https://docs.example/a)', [text('(see '), link('https://docs.example/a'), text(')')]],
    ['https://en.wikipedia.org/wiki/Bank_(finance)', [link('https://en.wikipedia.org/wiki/Bank_(finance)')]],
    ['“https://docs.example/q?a=1&b=2”', [text('“'), link('https://docs.example/q?a=1&b=2'), text('”')]],
    ['"https://docs.example/q"', [text('"'), link('https://docs.example/q'), text('"')]],
    ['line one\nhttps://docs.example/x\nline three', [text('line one\n'), link('https://docs.example/x'), text('\nline three')]],
    ['HTTPS://DOCS.EXAMPLE/', [link('HTTPS://DOCS.EXAMPLE/')]],
    ['nothing after it: https://', [text('nothing after it: https://')]],
    ['only punctuation: https://...', [text('only punctuation: https://...')]],
    ['ftp://docs.example/ and www.docs.example', [text('ftp://docs.example/ and www.docs.example')]],
    [`https://docs.example/${'a'.repeat(MAX_URL_LENGTH)}`, [text(`https://docs.example/${'a'.repeat(MAX_URL_LENGTH)}`)]],
  ];
  it.each(cases)('%j', (input, parts) => {
    expect(messageParts(input)).toEqual(parts);
  });

  it('an address of exactly the longest length is a link', () => {
    const url = `https://docs.example/${'a'.repeat(MAX_URL_LENGTH - 'https://docs.example/'.length)}`;
    expect(messageParts(url)).toEqual([link(url)]);
  });

  it('linkHost names the host, or the address when it has none', () => {
    expect(linkHost('https://Docs.Example:8443/x')).toBe('docs.example');
    expect(linkHost('not a url')).toBe('not a url');
  });
});
