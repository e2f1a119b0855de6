/**
 * The history@ demo user's long history (docs/decisions.md "History"): transactions
 * over two years (2024-11-24 .. 2026-11-23, UTC) on its USD, EUR and RON payment accounts, card
 * authorisations of its debit card, and batch transfers (also the business@ users' few). Every
 * figure comes from a seeded PRNG (mulberry32 of the customer id), so a fresh sandbox always
 * holds the same rows. Amounts are whole cents (integers, never floats), written as decimal text
 * with 2 decimals and as units of 10^-8 (amount_units).
 */

/** mulberry32: a small, fast, seeded PRNG; the same seed always gives the same sequence. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The first day of the seeded history and the day after its last (UTC). */
export const HISTORY_START = Date.UTC(2024, 10, 24);
export const HISTORY_END = Date.UTC(2026, 10, 24);
const DAY = 86_400_000;

/** Transactions of history@: 100,000 on brand1 (a long list to page and filter), 600 elsewhere. */
export const historyCount = (brandIndex: number): number => (brandIndex === 1 ? 100_000 : 600);

const FIRST_NAMES = [
  'Ana', 'Maria', 'Ionuț', 'Ștefan', 'Elena', 'Andrei', 'Ioana', 'Mihai', 'José', 'Lucía',
  'Sofía', 'Mateo', 'João', 'Beatriz', 'Thomas', 'Lena', 'Jonas', 'Zoë', 'Émile', 'Chloé',
  'Oliver', 'Emma', 'Liam', 'Olivia', 'Noah', 'Ava', 'Łukasz', 'Agnieszka', 'Pavel', 'Katarzyna',
  'Sven', 'Astrid', 'Marco', 'Giulia', 'Luca', 'Francesca', 'Hannah', 'David', 'Sara', 'Daniel',
];
const LAST_NAMES = [
  'Popescu', 'Ionescu', 'Dumitrescu', 'Stoica', 'Munteanu', 'García', 'Álvarez', 'Fernández', 'Martínez', 'Rodrigues',
  'Silva', 'Müller', 'Schneider', 'Becker', 'Dubois', 'Lefèvre', 'Moreau', 'Smith', 'Johnson', 'Brown',
  'Taylor', 'Wilson', 'Nowak', 'Kowalski', 'Wiśniewska', 'Novák', 'Berg', 'Lindqvist', 'Rossi', 'Bianchi',
  'Romano', 'Costa', 'Weber', 'Fischer', 'Laurent', 'Evans', 'Walker', 'Hughes', 'Lee', 'Santos',
];
/** 110 people: first name i with a last name a fixed stride away (every pair different). */
export const PEOPLE: string[] = Array.from({ length: 110 }, (_, i) => `${FIRST_NAMES[i % 40]} ${LAST_NAMES[(i * 7 + Math.floor(i / 40)) % 40]}`);
const MERCHANTS = [
  'Corner Café', 'Green Leaf Market', 'Metro Fuel', 'Bella Napoli Pizzeria', 'Urban Outfit Store', 'City Pharmacy',
  'Bookworm Books', 'Cinema Royal', 'Skyline Airlines', 'Harbor Hotel', 'Fresh Bakery', 'TechZone Electronics',
  'Home & Garden Depot', 'Sunrise Coffee', 'Blue Ocean Sushi', 'Mountain Sports', 'Rail Express', 'City Taxi',
  'StreamFlix', 'MusicBox Premium', 'FitLife Gym', 'Pet Planet', 'Le Petit Bistro', 'Café Lumière',
  'Tienda Sol', 'Müller Drogerie', 'Kaufhaus Zentral', 'Farmacia Salud', 'Librería Central', 'Brasserie Étoile',
];
const COMPANIES = [
  'Northwind Payroll', 'Contoso Ltd', 'Fabrikam Inc', 'Atelier Lumière SARL', 'Tailspin Toys', 'Adventure Works',
  'Wide World Importers', 'Litware Consulting', 'Proseware Inc', 'Alpine Ski House', 'Blue Yonder Airlines', 'Coho Winery',
  'Datum Corporation', 'Fourth Coffee', 'Graphic Design Institute', 'Lucerne Publishing', "Margie's Travel", 'Trey Research',
  'Woodgrove Rentals', 'City Power & Light',
];
const WALLETS = ['BTC wallet', 'USDT wallet', 'ETH wallet'];

/** Letters without their accents (and the few Latin letters that have no decomposition). */
export function asciiFold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[Łł]/g, (c) => (c === 'Ł' ? 'L' : 'l'))
    .replace(/[Đđ]/g, (c) => (c === 'Đ' ? 'D' : 'd'));
}

/** A person's demo e-mail: first.last@example.com, accents dropped. */
export const emailOf = (name: string): string => {
  const parts = asciiFold(name).toLowerCase().replace(/[^a-z ]/g, '').split(' ').filter(Boolean);
  return `${parts[0]}.${parts[parts.length - 1]}@example.com`;
};

const EMAILS = new Map(PEOPLE.map((name) => [name, emailOf(name)]));

type Kind = 'p2p' | 'wire' | 'eft' | 'oct' | 'crypto_eft' | 'instant_payment' | 'interac' | 'card' | 'between_accounts' | 'deposit' | 'fee';

/** Per type: weight (of 100), the share that comes in, the cents range, and who the other side is. */
const TYPES: { type: Kind; weight: number; incoming: number; min: number; max: number; who: 'people' | 'merchants' | 'companies' | 'mixed' | 'wallets' | 'accounts' | 'none' }[] = [
  { type: 'card', weight: 30, incoming: 0, min: 150, max: 18_000, who: 'merchants' },
  { type: 'p2p', weight: 14, incoming: 0.45, min: 500, max: 40_000, who: 'people' },
  { type: 'fee', weight: 10, incoming: 0, min: 25, max: 1_200, who: 'none' },
  { type: 'deposit', weight: 8, incoming: 1, min: 120_000, max: 600_000, who: 'companies' },
  { type: 'wire', weight: 7, incoming: 0, min: 10_000, max: 250_000, who: 'mixed' },
  { type: 'eft', weight: 6, incoming: 0, min: 2_000, max: 150_000, who: 'companies' },
  { type: 'instant_payment', weight: 6, incoming: 0, min: 500, max: 80_000, who: 'people' },
  { type: 'between_accounts', weight: 5, incoming: 0, min: 2_000, max: 80_000, who: 'accounts' },
  { type: 'oct', weight: 5, incoming: 0, min: 1_000, max: 90_000, who: 'people' },
  { type: 'crypto_eft', weight: 5, incoming: 0, min: 2_500, max: 90_000, who: 'wallets' },
  { type: 'interac', weight: 4, incoming: 0, min: 1_000, max: 50_000, who: 'people' },
];
/** TYPES by a number 0..99 (the weights laid end to end). */
const TYPE_BY_ROLL = TYPES.flatMap((t) => Array.from({ length: t.weight }, () => t));

/** Whole cents as decimal text with 2 decimals, e.g. -12345 → '-123.45'. */
export const centsText = (cents: number): string => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
/** 10^-8 units per cent (amount_units = cents × 10^6, an exact integer far below 2^53). */
export const UNITS_PER_CENT = 1_000_000;

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
let isoDay = -1;
let isoDayText = '';
/** 'YYYY-MM-DDTHH:MM:SSZ' of a whole second (the day's text is kept: rows come in time order). */
const isoSeconds = (ms: number): string => {
  const day = Math.floor(ms / DAY) * DAY;
  if (day !== isoDay) {
    isoDay = day;
    isoDayText = new Date(day).toISOString().slice(0, 11);
  }
  const s = Math.floor((ms - day) / 1000);
  return `${isoDayText}${TWO_DIGITS[Math.floor(s / 3600)]}:${TWO_DIGITS[Math.floor(s / 60) % 60]}:${TWO_DIGITS[s % 60]}Z`;
};

export interface HistoryAccount {
  id: number;
  currency: string;
}

export interface HistoryRow {
  accountId: number;
  created: string;
  type: Kind;
  cents: number;
  currency: string;
  status: 'completed' | 'processing' | 'rejected';
  counterparty: string | null;
  email: string | null;
}

/**
 * `count` transactions over the two years, oldest first (each in its own slice of time, so they
 * come out in order), handed one by one to `each`; returns the sum of completed cents per account.
 * Half on the first account (USD), 30% on the second, 20% on the third.
 */
export function generateHistory(customerId: number, accounts: [HistoryAccount, HistoryAccount, HistoryAccount], count: number, each: (row: HistoryRow) => void): Map<number, number> {
  const random = mulberry32(customerId * 2_654_435_761);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const sums = new Map<number, number>(accounts.map((a) => [a.id, 0]));
  const span = HISTORY_END - HISTORY_START;
  const recent = HISTORY_END - 10 * DAY;
  for (let i = 0; i < count; i += 1) {
    const at = HISTORY_START + Math.floor(((i + random()) * span) / count / 1000) * 1000;
    const roll = random();
    const account = roll < 0.5 ? accounts[0] : roll < 0.8 ? accounts[1] : accounts[2];
    const kind = TYPE_BY_ROLL[Math.floor(random() * 100)]!;
    const incoming = random() < kind.incoming;
    const size = kind.min + Math.floor(random() * (kind.max - kind.min));
    const cents = incoming ? size : -size;
    const s = random();
    // Transfers still under way are recent; a few old ones are stuck; about 3% are refused.
    const status = s < 0.03 ? 'rejected' : (at >= recent ? s < 0.33 : s < 0.033) ? 'processing' : 'completed';
    let counterparty: string | null = null;
    let email: string | null = null;
    switch (kind.who) {
      case 'people':
        counterparty = pick(PEOPLE);
        if (kind.type === 'p2p') email = EMAILS.get(counterparty)!;
        break;
      case 'merchants':
        counterparty = pick(MERCHANTS);
        break;
      case 'companies':
        counterparty = pick(COMPANIES);
        break;
      case 'mixed':
        counterparty = random() < 0.5 ? pick(COMPANIES) : pick(PEOPLE);
        break;
      case 'wallets':
        counterparty = pick(WALLETS);
        break;
      case 'accounts':
        counterparty = `${pick(accounts.filter((a) => a !== account)).currency} account`;
        break;
      case 'none':
        break;
    }
    if (status === 'completed') sums.set(account.id, sums.get(account.id)! + cents);
    each({ accountId: account.id, created: isoSeconds(at), type: kind.type, cents, currency: account.currency, status, counterparty, email });
  }
  return sums;
}

export interface AuthorizationRow {
  created: string;
  merchant: string;
  cents: number;
  currency: string;
  status: 'pending' | 'settled' | 'reversed' | 'declined';
}

/**
 * `count` card authorisations over the 60 days before the history's end, oldest first: pending in
 * the last 3 days, then mostly settled, some reversed or declined; amounts negative (money going
 * out, as in the history), mostly in the card's currency.
 */
export function generateAuthorizations(customerId: number, count: number, currency: string, each: (row: AuthorizationRow) => void): void {
  const random = mulberry32(customerId * 40_503 + 17);
  const from = HISTORY_END - 60 * DAY;
  for (let i = 0; i < count; i += 1) {
    const at = from + Math.floor(((i + random()) * 60 * DAY) / count / 1000) * 1000;
    const s = random();
    const status = at >= HISTORY_END - 3 * DAY ? 'pending' : s < 0.12 ? 'reversed' : s < 0.25 ? 'declined' : 'settled';
    const cents = -(150 + Math.floor(random() * 24_850));
    each({ created: isoSeconds(at), merchant: MERCHANTS[Math.floor(random() * MERCHANTS.length)]!, cents, currency: random() < 0.85 ? currency : 'EUR', status });
  }
}

export type BatchKind = 'wire' | 'eft' | 'oct' | 'p2p' | 'crypto' | 'globalPay';
const BATCH_NAMES: Record<BatchKind, string> = {
  wire: 'Supplier payments',
  eft: 'Payroll',
  oct: 'Card payouts',
  p2p: 'Refunds',
  crypto: 'Crypto payouts',
  globalPay: 'Contractors',
};
const BATCH_KINDS = Object.keys(BATCH_NAMES) as BatchKind[];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface BatchRow {
  name: string;
  type: BatchKind;
  created: string;
  status: 'processing' | 'completed' | 'partiallyCompleted' | 'rejected' | 'cancelled';
  paymentsCount: number;
  total: string;
  currency: string;
}

/**
 * `count` batches over the `months` months before the history's end, oldest first, named after
 * their kind and month ("Payroll March 2026"); the last two are still processing. Crypto batches
 * are in USDT (8 decimals), the others in USD or EUR.
 */
export function generateBatches(customerId: number, count: number, months: number, each: (row: BatchRow) => void): void {
  const random = mulberry32(customerId * 97_531 + 3);
  const from = HISTORY_END - months * 30 * DAY;
  const span = HISTORY_END - DAY - from;
  for (let i = 0; i < count; i += 1) {
    const at = from + Math.floor(((i + random()) * span) / count / 1000) * 1000;
    const date = new Date(at);
    const type = BATCH_KINDS[Math.floor(random() * BATCH_KINDS.length)]!;
    const s = random();
    const status = i >= count - 2 ? 'processing' : s < 0.75 ? 'completed' : s < 0.85 ? 'partiallyCompleted' : s < 0.93 ? 'rejected' : 'cancelled';
    const cents = 50_000 + Math.floor(random() * 24_950_000);
    const currency = type === 'crypto' ? 'USDT' : random() < 0.7 ? 'USD' : 'EUR';
    each({
      name: `${BATCH_NAMES[type]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`,
      type,
      created: isoSeconds(at),
      status,
      paymentsCount: 3 + Math.floor(random() * 248),
      total: type === 'crypto' ? `${centsText(cents)}000000` : centsText(cents),
      currency,
    });
  }
}
