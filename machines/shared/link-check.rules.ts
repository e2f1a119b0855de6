/**
 * Link checks (POST /service/check-urls, 000 s7; docs/decisions.md "Link checks (check-urls)").
 * Loaded by the sandbox at run time: no imports.
 *
 * - `messageParts`: where the links are in a message someone else wrote (http and https addresses
 *   in its text; the punctuation that ends a sentence is not part of one). Everything else stays text.
 * - `linkVerdict`: the sandbox's stand-in for the service's verdict, one deterministic rule: only
 *   https is safe; an address with a user name or password, an IP address instead of a host name,
 *   or a host on the deny list (or under it) is unsafe; anything that is not a URL is unsafe.
 */

/** The hosts the sandbox calls unsafe, with every host under them. */
export const UNSAFE_HOSTS: readonly string[] = ['malware.example', 'phish.example'];
/** At most this many addresses in one check-urls request (the contract's maxItems). */
export const MAX_CHECKED_URLS = 20;
/** A longer address is not a link (the contract's maxLength): it stays text. */
export const MAX_URL_LENGTH = 2048;

export type LinkVerdict = 'safe' | 'unsafe';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The sandbox's verdict on one address (see above). */
export function linkVerdict(url: string): LinkVerdict {
  if (url.length > MAX_URL_LENGTH) return 'unsafe';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'unsafe';
  }
  if (parsed.protocol !== 'https:') return 'unsafe';
  if (parsed.username !== '' || parsed.password !== '') return 'unsafe';
  // The URL parser writes every IPv4 form (hex, octal, one number) as dotted decimals, IPv6 in brackets.
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (host === '' || IPV4.test(host) || host.startsWith('[')) return 'unsafe';
  if (UNSAFE_HOSTS.some((denied) => host === denied || host.endsWith(`.${denied}`))) return 'unsafe';
  return 'safe';
}

/** The safe subset of a check-urls request, in its order (the contract's answer). */
export const safeUrls = (urls: readonly string[]): string[] => urls.filter((url) => linkVerdict(url) === 'safe');

export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; url: string };

const LINK = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Closing punctuation of the sentence, not of the address. */
const TRAILING = /[.,;:!?'"»”’\]}]+$/;

/** Cuts a found address where the sentence's punctuation starts (a closing parenthesis only when the address opened none). */
function trimmed(found: string): string {
  let url = found;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING, '');
    if (url.endsWith(')') && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) url = url.slice(0, -1);
    if (url === before) return url;
  }
}

/**
 * A message's text as text and links, in order (adjacent text joined); an address longer than
 * MAX_URL_LENGTH, or with nothing after its scheme, stays text.
 */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  const say = (piece: string) => {
    if (piece === '') return;
    const last = parts[parts.length - 1];
    if (last?.kind === 'text') last.text += piece;
    else parts.push({ kind: 'text', text: piece });
  };
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    const url = trimmed(match[0]);
    const linkable = url.length <= MAX_URL_LENGTH && /^https?:\/\/[^/?#]+/i.test(url) && url.replace(/^https?:\/\//i, '').length > 0;
    say(text.slice(at, start));
    if (linkable) parts.push({ kind: 'link', url });
    else say(url);
    at = start + url.length;
  }
  say(text.slice(at));
  return parts;
}

/** The host an address goes to, as the dialogs name it (the address itself when it has none). */
export function linkHost(url: string): string {
  try {
    return new URL(url).hostname || url;
  } catch {
    return url;
  }
}
