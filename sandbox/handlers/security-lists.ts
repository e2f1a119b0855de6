import { readFileSync } from 'node:fs';
import type { Language } from '../../machines/shared/languages.ts';
import { addressCovered, canonicalIp, ipEntryProblems, parseIp, type IpEntry, type IpProblem } from '../../machines/settings/ip-rules.ts';
import { blacklistEntryProblems, blocks, isBlockType, type BlacklistProblem, type BlockType } from '../../machines/settings/blacklist.rules.ts';
import { dateRangeProblems, LOGIN_HISTORY_PAGE_SIZE, type DateProblem } from '../../machines/settings/login-history.rules.ts';
import { defaultNotificationSettings, NOTIFICATION_CATALOGUE, type NotificationSetting } from '../../machines/settings/notification-settings.rules.ts';
import { denied } from '../access.ts';
import { pickLanguage } from '../auth-messages.ts';
import type { Db } from '../db.ts';
import { buildPdf } from '../documents/pdf.ts';
import type { Handler, HandlerMap, HandlerReply } from '../handler-types.ts';
import { idempotent, nowIso } from '../kernel/ledger.ts';
import { ok, refused, vfMany, type Issue } from '../kernel/replies.ts';
import { customerTimeZone, periodStarts } from '../kernel/time-zone.ts';
import { withProof } from '../reauth.ts';

/**
 * The security lists of the settings (issue 50, spec 001 s3, s7; main.yaml tag settings), each the
 * signed-in user's own (a business user's fromCustomerId is ignored: nobody keeps these lists for
 * someone else). The rules are the app's (machines/settings/*.rules.ts, ip-rules.ts); the service
 * adds its limits and its words.
 *
 * - The allowed IP list: accessIpList, accessIpAdd, accessIpDelete, accessIpSetMode (the changes
 *   need a re-authentication proof, X-Reauth-Proof, and run once per requestId). At most
 *   MAX_ACCESS_IPS entries, kept in canonical form. With the mode on, /auth/login refuses a right
 *   password from an address outside every entry (403, `addressNotAllowed`, not a wrong password);
 *   turning it on needs an entry, and the last entry cannot go while it is on.
 * - The payout blacklist: blacklistList, blacklistAdd, blacklistDelete (once per requestId). At
 *   most MAX_BLACKLIST e-mails, lower-cased. checkPayee, checkEmail and p2pTransfer read `all` and
 *   `p2p` entries, mass p2p `all` and `mass` (sandbox/handlers/p2p.ts, through blacklistBlocks).
 * - Login history: every sign-in that ends with tokens (/auth/login's simple flow, /auth/token) is
 *   kept with its time, the device read from the User-Agent, the client address and its country;
 *   the seed gives every demo customer 60 over the two years before it. Days are the customer's
 *   (sandbox/kernel/time-zone.ts).
 * - Notification settings (the catalogue's keys; a customer without rows has the defaults).
 * - Legal info: the brand's terms of service and privacy notice, accepted at ACCEPTED_AT, each a
 *   PDF made on request.
 *
 * The client address (ipInfo, the allowed IP list, the history) is the request's socket address
 * (an IPv4-mapped IPv6 address read as IPv4), or 127.0.0.1. A test, or a developer trying the list,
 * names another with the header X-Sandbox-Client-Address (a valid IPv4 or IPv6 address; anything
 * else is ignored). The sandbox is a local tool: the header is trusted as given.
 */

/** The test-only header that names the client's address (see above). */
export const CLIENT_ADDRESS_HEADER = 'x-sandbox-client-address';
/** Where the server puts the request's socket address for the handlers (a client's own header of this name is dropped). */
export const SOCKET_ADDRESS_HEADER = 'x-sandbox-socket-address';

export const MAX_ACCESS_IPS = 50;
export const MAX_BLACKLIST = 200;
/** When every customer accepted the current agreements (their version is 2026-11). */
export const ACCEPTED_AT = '2026-11-02T09:00:00Z';
const AGREEMENT_VERSION = '2026-11';

type AccessIpMode = 'on' | 'off';

// ---- the client address ------------------------------------------------------------------------

/**
 * The client's address: the test-only X-Sandbox-Client-Address when it holds a valid address, else
 * the socket's address, else 127.0.0.1; in canonical form (IPv4-mapped IPv6 as IPv4).
 */
export function clientAddress(headers: Pick<Headers, 'get'>, socketAddress: string | null | undefined): string {
  const named = headers.get(CLIENT_ADDRESS_HEADER)?.trim() ?? '';
  if (named && parseIp(named)) return canonicalIp(named)!;
  if (socketAddress && parseIp(socketAddress)) return canonicalIp(socketAddress)!;
  return '127.0.0.1';
}

/** The client address of a request as the server handed it over (its socket address in SOCKET_ADDRESS_HEADER). */
export const clientAddressOf = (headers: Pick<Headers, 'get'>): string => clientAddress(headers, headers.get(SOCKET_ADDRESS_HEADER));

/**
 * The sandbox's look-up of an address's country (ipInfo, the login history): the documentation
 * ranges the tests use each stand for a country; everything else, the loopback and private
 * addresses among them, is Romania.
 */
const COUNTRY_RANGES: readonly (IpEntry & { country: string })[] = [
  { ip: '198.51.100.0', toIp: '198.51.100.255', country: 'DE' },
  { ip: '203.0.113.0', toIp: '203.0.113.255', country: 'BR' },
  { ip: '2001:db8::', toIp: '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', country: 'GB' },
];
/** The country of every address the ranges do not place. */
export const UNPLACED_COUNTRY = 'RO';
export const countryOfAddress = (address: string): string => COUNTRY_RANGES.find((range) => addressCovered([range], address))?.country ?? UNPLACED_COUNTRY;

/**
 * The device of a sign-in as a person reads it, from the User-Agent: the browser and its system
 * ("Chrome on Linux"), the browser alone when the system is not known; null when the browser is not.
 */
export function deviceOf(userAgent: string | null | undefined): string | null {
  const ua = userAgent ?? '';
  const browser = /\bEdg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /\bOPR\/|\bOpera\b/.test(ua)
      ? 'Opera'
      : /\bFirefox\/|\bFxiOS\//.test(ua)
        ? 'Firefox'
        : /\bChromium\//.test(ua)
          ? 'Chromium'
          : /\bChrome\/|\bCriOS\//.test(ua)
            ? 'Chrome'
            : /\bVersion\/[\d.]+.*\bSafari\//.test(ua)
              ? 'Safari'
              : null;
  if (!browser) return null;
  const system = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone/.test(ua)
        ? 'iPhone'
        : /iPad/.test(ua)
          ? 'iPad'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Macintosh|Mac OS X/.test(ua)
              ? 'macOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  return system ? `${browser} on ${system}` : browser;
}

// ---- the allowed IP list -----------------------------------------------------------------------

interface AccessIpRow {
  id: number;
  ip: string;
  to_ip: string | null;
  created: string;
}

const accessIpsOf = (db: Db, customerId: number): AccessIpRow[] =>
  db.prepare('SELECT id, ip, to_ip, created FROM access_ips WHERE customer_id = ? ORDER BY id').all(customerId) as unknown as AccessIpRow[];

const accessIpModeOf = (db: Db, customerId: number): AccessIpMode =>
  (db.prepare('SELECT access_ip_mode FROM customers WHERE id = ?').get(customerId) as { access_ip_mode: AccessIpMode } | undefined)?.access_ip_mode ?? 'off';

const toWhitelistedIp = (row: AccessIpRow) => ({ id: row.id, ip: row.ip, toIp: row.to_ip, created: row.created });

/**
 * Whether a sign-in with the right password is refused for its address: the customer's allowed IP
 * list is on and no entry covers the client address (sandbox/handlers/auth.ts login).
 */
export function signInAddressRefused(db: Db, customerId: number, headers: Pick<Headers, 'get'>): boolean {
  if (accessIpModeOf(db, customerId) !== 'on') return false;
  return !addressCovered(
    accessIpsOf(db, customerId).map((row) => ({ ip: row.ip, toIp: row.to_ip })),
    clientAddressOf(headers),
  );
}

/** The service's words for each problem of an entry (machines/settings/ip-rules.ts ipEntryProblems). */
const IP_PROBLEM_TEXTS: Readonly<Record<IpProblem, string>> = {
  required: 'Enter an IP address',
  format: 'Enter an IPv4 or IPv6 address',
  family: 'The range must start and end in the same IP version',
  order: 'The range must not end before it starts',
};

// ---- the payout blacklist ----------------------------------------------------------------------

interface BlacklistRow {
  email: string;
  block_type: BlockType;
}

const blacklistOf = (db: Db, customerId: number): BlacklistRow[] =>
  db.prepare('SELECT email, block_type FROM payout_blacklist WHERE customer_id = ? ORDER BY created DESC, rowid DESC').all(customerId) as unknown as BlacklistRow[];

/** Whether the customer's payout blacklist stops a payout of this kind to the e-mail (any case). */
export function blacklistBlocks(db: Db, customerId: number, email: string, payout: 'p2p' | 'mass'): boolean {
  const row = db.prepare('SELECT block_type FROM payout_blacklist WHERE customer_id = ? AND email = ?').get(customerId, email.trim().toLowerCase()) as
    | { block_type: string }
    | undefined;
  return !!row && isBlockType(row.block_type) && blocks(row.block_type, payout);
}

const BLACKLIST_EMAIL_TEXTS: Readonly<Partial<Record<BlacklistProblem, string>>> = {
  required: 'Enter an e-mail address',
  format: 'Enter a valid e-mail address',
  own: 'You cannot block your own e-mail address',
};

// ---- login history -----------------------------------------------------------------------------

const insertSignIn = (db: Db, row: { customerId: number; at: string; device: string | null; ip: string | null; countryCode: string | null; city: string | null }): void =>
  void db
    .prepare('INSERT INTO login_history (customer_id, at, device, ip, country_code, city) VALUES (?, ?, ?, ?, ?, ?)')
    .run(row.customerId, row.at, row.device, row.ip, row.countryCode, row.city);

/** A sign-in that ended with tokens, kept in the customer's login history (sandbox/handlers/auth.ts). */
export function recordSignIn(db: Db, customerId: number, headers: Pick<Headers, 'get'>, at: number): void {
  const ip = clientAddressOf(headers);
  insertSignIn(db, { customerId, at: new Date(at).toISOString(), device: deviceOf(headers.get('user-agent')), ip, countryCode: countryOfAddress(ip), city: null });
}

const DATE_PROBLEM_TEXTS: Readonly<Record<DateProblem, string>> = {
  format: 'Enter a date',
  order: 'The end date must not be before the start date',
};

/** The day after a YYYY-MM-DD day (the exclusive end of an inclusive range). */
const dayAfter = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** When a day (YYYY-MM-DD) begins in the zone, as the ISO instant the rows keep (the zones the sandbox knows are within ±12 hours of UTC). */
const dayStartIn = (day: string, zone: string): string => periodStarts(`${day}T12:00:00.000Z`, zone).day;

// ---- notification settings ---------------------------------------------------------------------

const CATALOGUE_ORDER = new Map<string, number>(NOTIFICATION_CATALOGUE.flatMap((group) => group.identified.map((key) => key as string)).map((key, i) => [key, i]));

/** The customer's settings in the catalogue's order (the defaults while they have none). */
function notificationSettingsOf(db: Db, customerId: number): NotificationSetting[] {
  const rows = db.prepare('SELECT identified, value, grp FROM notification_settings WHERE customer_id = ? ORDER BY rowid').all(customerId) as {
    identified: string;
    value: number;
    grp: string;
  }[];
  if (rows.length === 0) return defaultNotificationSettings();
  const order = (key: string) => CATALOGUE_ORDER.get(key) ?? Number.MAX_SAFE_INTEGER;
  return rows.map((row) => ({ identified: row.identified, value: row.value === 1, group: row.grp })).sort((a, b) => order(a.identified) - order(b.identified));
}

const insertNotificationSetting = (db: Db, customerId: number, setting: NotificationSetting): void =>
  void db.prepare('INSERT INTO notification_settings (customer_id, identified, value, grp) VALUES (?, ?, ?, ?)').run(customerId, setting.identified, setting.value ? 1 : 0, setting.group);

// ---- legal info --------------------------------------------------------------------------------

type AgreementKind = 'terms' | 'privacy';
const AGREEMENT_KINDS: readonly AgreementKind[] = ['terms', 'privacy'];

/**
 * The agreements' names in the six languages: data (like announcement-texts.ts), since "Privacy
 * notice" is too short for the sandbox's text finder (scripts/sandbox-texts.mjs lists sentences of
 * three words or more), so sandbox/texts cannot hold it.
 */
const AGREEMENT_NAMES: Readonly<Record<Language, Readonly<Record<AgreementKind, { name: string }>>>> = {
  en: { terms: { name: 'Terms of service' }, privacy: { name: 'Privacy notice' } },
  es: { terms: { name: 'Condiciones del servicio' }, privacy: { name: 'Aviso de privacidad' } },
  ro: { terms: { name: 'Termenii serviciului' }, privacy: { name: 'Nota de informare privind confidențialitatea' } },
  ru: { terms: { name: 'Условия обслуживания' }, privacy: { name: 'Уведомление о конфиденциальности' } },
  uk: { terms: { name: 'Умови обслуговування' }, privacy: { name: 'Повідомлення про конфіденційність' } },
  pt: { terms: { name: 'Termos do serviço' }, privacy: { name: 'Aviso de privacidade' } },
};

/** What the sandbox's agreement PDFs say (English, like its other documents; the text of a document is data, not a message). */
const AGREEMENT_TEXT: Readonly<Record<AgreementKind, readonly { text: string }[]>> = {
  terms: [
    { text: 'This is a sample made by the sandbox. It stands for the terms of service you accepted and has no legal force.' },
    { text: 'Your account lets you hold money, send and receive payments and use the cards issued to you. Each operation costs what the fee schedule in force on its day says.' },
    { text: 'Keep your password and codes secret. Tell us at once if you think someone else knows them or has used your account.' },
    { text: 'We may change these terms after telling you. You accept a change when you go on using the account after it takes effect.' },
  ],
  privacy: [
    { text: 'This is a sample made by the sandbox. It stands for the privacy notice you accepted and has no legal force.' },
    { text: 'We process your identity, contact and transaction data to run your account, to meet our legal duties and to keep your money safe.' },
    { text: 'We keep a record of your sign-ins (the time, the device and the address) to protect your account.' },
    { text: 'You may ask to see, correct or delete your data, and complain to the data protection authority.' },
  ],
};

const brandNames = new Map<string, string>();
/** The brand's display name (brands/<id>/config.json). */
function brandDisplayName(brand: string): string {
  let name = brandNames.get(brand);
  if (name === undefined) {
    try {
      name = (JSON.parse(readFileSync(new URL(`../../brands/${brand}/config.json`, import.meta.url), 'utf8')) as { displayName?: string }).displayName ?? brand;
    } catch {
      name = brand;
    }
    brandNames.set(brand, name);
  }
  return name;
}

const agreementId = (kind: AgreementKind, brand: string) => `${kind}-${brand}-${AGREEMENT_VERSION}`;

/** Words of a paragraph in lines of at most `width` characters (the PDF's lines are not wrapped for us). */
function wrap(paragraph: string, width = 95): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

interface CustomerRow {
  brand: string;
  login: string;
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
}
const customerOf = (db: Db, customerId: number) =>
  db.prepare('SELECT brand, login, first_name, last_name, business_name FROM customers WHERE id = ?').get(customerId) as CustomerRow | undefined;

// ---- the handlers ------------------------------------------------------------------------------

/** The body without fromCustomerId: these lists are the signed-in user's own (idempotent keeps the reply under them too). */
function withoutActing<B>(body: B): B {
  if (typeof body !== 'object' || body === null || !('fromCustomerId' in body)) return body;
  const { fromCustomerId: _ignored, ...rest } = body as Record<string, unknown>;
  return rest as B;
}
const mine =
  <M extends string>(handler: Handler<M>): Handler<M> =>
  (ctx) =>
    handler({ ...ctx, body: withoutActing(ctx.body) });

/** The signed-in user (the server checked the bearer; null only if a handler is called without one). */
const signedIn = (ctx: { customerId: number | null }, work: (me: number) => HandlerReply | Promise<HandlerReply>): HandlerReply | Promise<HandlerReply> =>
  ctx.customerId === null ? denied : work(ctx.customerId);

export const securityListHandlers: HandlerMap = {
  accessIpList: (ctx) => signedIn(ctx, (me) => ok({ mode: accessIpModeOf(ctx.db, me), ips: accessIpsOf(ctx.db, me).map(toWhitelistedIp) })),

  accessIpAdd: withProof(
    mine(
      idempotent('accessIpAdd', (ctx, me) => {
        const { db, body } = ctx;
        const problems = ipEntryProblems({ ip: body.ip, toIp: body.toIp ?? null });
        const issues: Issue[] = (['ip', 'toIp'] as const).flatMap((param) => {
          const problem = problems[param];
          return problem ? [{ param, description: IP_PROBLEM_TEXTS[problem] }] : [];
        });
        if (issues.length) return vfMany(issues);
        const ip = canonicalIp(body.ip)!;
        const end = (body.toIp ?? '').trim() ? canonicalIp(body.toIp!) : null;
        const toIp = end === ip ? null : end;
        const entries = accessIpsOf(db, me);
        if (entries.some((entry) => entry.ip === ip && entry.to_ip === toIp)) return refused('This address is on the list already', 'UE');
        if (entries.length >= MAX_ACCESS_IPS) return refused(`The list holds at most ${MAX_ACCESS_IPS} entries`, 'UE');
        const created = nowIso(ctx);
        const { lastInsertRowid } = db.prepare('INSERT INTO access_ips (customer_id, ip, to_ip, created) VALUES (?, ?, ?, ?)').run(me, ip, toIp, created);
        return ok({ ip: toWhitelistedIp({ id: Number(lastInsertRowid), ip, to_ip: toIp, created }) });
      }),
    ),
  ),

  accessIpDelete: withProof(
    mine(
      idempotent('accessIpDelete', (ctx, me) => {
        const { db, body } = ctx;
        const entries = accessIpsOf(db, me);
        if (!entries.some((entry) => entry.id === body.id)) return refused('No such entry', 'UE');
        if (entries.length === 1 && accessIpModeOf(db, me) === 'on') return refused('Turn the allowed IP list off before removing its last entry', 'UE');
        db.prepare('DELETE FROM access_ips WHERE id = ? AND customer_id = ?').run(body.id, me);
        return ok();
      }),
    ),
  ),

  accessIpSetMode: withProof(
    mine(
      idempotent('accessIpSetMode', (ctx, me) => {
        const { db, body } = ctx;
        if (body.mode === 'on' && accessIpsOf(db, me).length === 0) return refused('Add an address before turning the list on', 'UE');
        db.prepare('UPDATE customers SET access_ip_mode = ? WHERE id = ?').run(body.mode, me);
        return ok({ mode: body.mode });
      }),
    ),
  ),

  blacklistList: (ctx) => signedIn(ctx, (me) => ok({ users: blacklistOf(ctx.db, me).map((row) => ({ email: row.email, blockType: row.block_type })) })),

  blacklistAdd: mine(
    idempotent('blacklistAdd', (ctx, me) => {
      const { db, body } = ctx;
      const listed = blacklistOf(db, me);
      const own = customerOf(db, me)?.login ?? '';
      const problems = blacklistEntryProblems({ email: body.email, blockType: body.blockType }, { own: [own], listed: listed.map((row) => row.email) });
      const issues: Issue[] = [];
      const emailText = problems.email ? BLACKLIST_EMAIL_TEXTS[problems.email] : undefined;
      if (emailText) issues.push({ param: 'email', description: emailText });
      if (problems.blockType) issues.push({ param: 'blockType', description: 'Choose what to block' });
      if (issues.length) return vfMany(issues);
      if (problems.email === 'listed') return refused('This e-mail is on the black list already', 'UE');
      if (listed.length >= MAX_BLACKLIST) return refused(`The black list holds at most ${MAX_BLACKLIST} e-mails`, 'UE');
      const email = body.email.trim().toLowerCase();
      db.prepare('INSERT INTO payout_blacklist (customer_id, email, block_type, created) VALUES (?, ?, ?, ?)').run(me, email, body.blockType, nowIso(ctx));
      return ok({ user: { email, blockType: body.blockType } });
    }),
  ),

  blacklistDelete: mine(
    idempotent('blacklistDelete', (ctx, me) => {
      const { changes } = ctx.db.prepare('DELETE FROM payout_blacklist WHERE customer_id = ? AND email = ?').run(me, ctx.body.email.trim().toLowerCase());
      return Number(changes) === 0 ? refused('This e-mail is not on the black list', 'UE') : ok();
    }),
  ),

  loginHistory: (ctx) =>
    signedIn(ctx, (me) => {
      const { db, body } = ctx;
      const fromDate = body.fromDate?.trim() || undefined;
      const toDate = body.toDate?.trim() || undefined;
      const problems = dateRangeProblems({ fromDate, toDate });
      const issues: Issue[] = (['fromDate', 'toDate'] as const).flatMap((param) => {
        const problem = problems[param];
        return problem ? [{ param, description: DATE_PROBLEM_TEXTS[problem] }] : [];
      });
      if (issues.length) return vfMany(issues);
      // The days are the customer's: from the start of fromDate to the start of the day after toDate there.
      const zone = customerTimeZone(db, me);
      const where = ['customer_id = ?'];
      const args: (string | number)[] = [me];
      if (fromDate) {
        where.push('at >= ?');
        args.push(dayStartIn(fromDate, zone));
      }
      if (toDate) {
        where.push('at < ?');
        args.push(dayStartIn(dayAfter(toDate), zone));
      }
      const pageSize = body.pageSize ?? LOGIN_HISTORY_PAGE_SIZE;
      const pageNumber = body.pageNumber ?? 1;
      const { total } = db.prepare(`SELECT COUNT(*) AS total FROM login_history WHERE ${where.join(' AND ')}`).get(...args) as { total: number };
      const rows = db
        .prepare(`SELECT at, device, ip, country_code, city FROM login_history WHERE ${where.join(' AND ')} ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`)
        .all(...args, pageSize, (pageNumber - 1) * pageSize) as { at: string; device: string | null; ip: string | null; country_code: string | null; city: string | null }[];
      return ok({ total, items: rows.map((row) => ({ date: row.at, device: row.device, ip: row.ip, countryCode: row.country_code, city: row.city })) });
    }),

  legalInfo: (ctx) =>
    signedIn(ctx, (me) => {
      const customer = customerOf(ctx.db, me);
      if (!customer) return denied;
      const language = pickLanguage(ctx.headers.get('accept-language'));
      return ok({ agreements: AGREEMENT_KINDS.map((kind) => ({ id: agreementId(kind, customer.brand), name: AGREEMENT_NAMES[language][kind].name, acceptedAt: ACCEPTED_AT })) });
    }),

  agreementDownload: (ctx) =>
    signedIn(ctx, async (me) => {
      const customer = customerOf(ctx.db, me);
      const kind = AGREEMENT_KINDS.find((k) => customer && agreementId(k, customer.brand) === ctx.body.id);
      if (!customer || !kind) return refused('No such agreement', 'UE');
      const name = customer.business_name ?? [customer.first_name, customer.last_name].filter(Boolean).join(' ');
      const pdf = await buildPdf({
        title: AGREEMENT_NAMES.en[kind].name,
        lines: [
          brandDisplayName(customer.brand),
          `Customer: ${name}`,
          `E-mail: ${customer.login}`,
          `Accepted: ${ACCEPTED_AT.slice(0, 10)}`,
          `Version: ${agreementId(kind, customer.brand)}`,
          ...AGREEMENT_TEXT[kind].flatMap((paragraph) => ['', ...wrap(paragraph.text)]),
        ],
        created: new Date(ACCEPTED_AT),
      });
      return ok({ id: ctx.body.id, pdf: Buffer.from(pdf).toString('base64') });
    }),

  notificationSettingsGet: (ctx) => signedIn(ctx, (me) => ok({ settings: notificationSettingsOf(ctx.db, me) })),

  notificationSettingsSet: mine(
    idempotent('notificationSettingsSet', (ctx, me) => {
      const { db, body } = ctx;
      const settings = notificationSettingsOf(db, me);
      const setting = settings.find((s) => s.identified === body.identified);
      if (!setting) return refused('No such notification setting', 'UE');
      // A customer still on the defaults gets their rows now.
      if (!db.prepare('SELECT 1 FROM notification_settings WHERE customer_id = ? LIMIT 1').get(me)) for (const s of settings) insertNotificationSetting(db, me, s);
      db.prepare('UPDATE notification_settings SET value = ? WHERE customer_id = ? AND identified = ?').run(body.value ? 1 : 0, me, body.identified);
      return ok({ setting: { identified: setting.identified, value: body.value, group: setting.group } });
    }),
  ),
};

// ---- the seed ----------------------------------------------------------------------------------

/** What a demo customer has beyond every customer's (sandbox/seed.ts). */
export interface SecurityListsSeed {
  accessIps?: { mode: AccessIpMode; entries: { ip: string; toIp?: string | null }[] };
  blacklist?: { email: string; blockType: BlockType }[];
  /** Notification settings other than the defaults, by key. */
  notifications?: Readonly<Record<string, boolean>>;
}

/** Where the seeded sign-ins come from: Bucharest, every 7th Berlin, every 11th São Paulo (addresses of the ranges countryOfAddress knows). */
const SEED_PLACES = {
  ro: { prefix: '192.0.2.', countryCode: 'RO', city: 'Bucharest' },
  de: { prefix: '198.51.100.', countryCode: 'DE', city: 'Berlin' },
  br: { prefix: '203.0.113.', countryCode: 'BR', city: 'São Paulo' },
} as const;
const SEED_DEVICES: readonly { device: string }[] = [
  { device: 'Chrome on Windows' },
  { device: 'Safari on iPhone' },
  { device: 'Mobile app on Android' },
  { device: 'Firefox on Linux' },
  { device: 'Safari on macOS' },
];
export const SEEDED_SIGN_INS = 60;
const DAY_MS = 86_400_000;

/**
 * The seed of the security lists, for one customer at a time: SEEDED_SIGN_INS sign-ins over the two
 * years before `now` (deterministic; a few without the device, a few without the place), the
 * notification defaults, and what `extra` adds (an allowed IP list, blacklisted e-mails).
 */
export function securityListsSeeder(db: Db): (customerId: number, now: number, extra?: SecurityListsSeed) => void {
  const signIn = db.prepare('INSERT INTO login_history (customer_id, at, device, ip, country_code, city) VALUES (?, ?, ?, ?, ?, ?)');
  const setting = db.prepare('INSERT INTO notification_settings (customer_id, identified, value, grp) VALUES (?, ?, ?, ?)');
  const accessIp = db.prepare('INSERT INTO access_ips (customer_id, ip, to_ip, created) VALUES (?, ?, ?, ?)');
  const blacklisted = db.prepare('INSERT INTO payout_blacklist (customer_id, email, block_type, created) VALUES (?, ?, ?, ?)');
  const mode = db.prepare('UPDATE customers SET access_ip_mode = ? WHERE id = ?');
  return (customerId, now, extra = {}) => {
    for (let i = 0; i < SEEDED_SIGN_INS; i += 1) {
      // Newest first: a day ago, then about every 12 days back to two years, at varied hours.
      const at = now - DAY_MS - Math.floor((i * 728 * DAY_MS) / (SEEDED_SIGN_INS - 1)) - ((i * 7) % 24) * 3_600_000 - ((i * 13) % 60) * 60_000;
      const place = i % 7 === 6 ? SEED_PLACES.de : i % 11 === 10 ? SEED_PLACES.br : SEED_PLACES.ro;
      const device = i % 13 === 12 ? null : SEED_DEVICES[i % SEED_DEVICES.length]!.device;
      const known = i % 17 !== 16;
      signIn.run(customerId, new Date(at).toISOString(), device, known ? `${place.prefix}${10 + i}` : null, known ? place.countryCode : null, known ? place.city : null);
    }
    for (const s of defaultNotificationSettings()) setting.run(customerId, s.identified, (extra.notifications?.[s.identified] ?? s.value) ? 1 : 0, s.group);
    if (extra.accessIps) {
      extra.accessIps.entries.forEach((entry, i) => {
        const ip = canonicalIp(entry.ip)!;
        const toIp = entry.toIp ? canonicalIp(entry.toIp) : null;
        accessIp.run(customerId, ip, toIp === ip ? null : toIp, new Date(now - (30 - i) * DAY_MS).toISOString());
      });
      mode.run(extra.accessIps.mode, customerId);
    }
    (extra.blacklist ?? []).forEach((entry, i) => {
      // The first listed is the newest.
      blacklisted.run(customerId, entry.email.toLowerCase(), entry.blockType, new Date(now - (10 + i) * DAY_MS).toISOString());
    });
  };
}
