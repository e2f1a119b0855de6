import type { DatabaseSync } from 'node:sqlite';
import type { TicketStatusId } from '../machines/support/ticket-status.rules.ts';
import { BRANDS } from './demo-facts.ts';
import { smallPdf, smallPng } from './documents/support-files.ts';
import { customerById } from './kernel/customers.ts';
import { agentOf, DEFAULT_DEPARTMENT_ID, DEPARTMENTS, deskAddressOf, ensureContact, FIRST_TICKET_NUMBER, insertFile, insertThread, insertTicket, removeSupportOf } from './support-store.ts';

/**
 * Support tickets as seeded (sandbox/support-store.ts), relative to the seed's clock (`now`), so a
 * fresh seed is always the same for the same clock. In every brand:
 *   - support@ (Sofia Lang, a person) has 28 tickets, numbers 10401 (the oldest) to 10428
 *     (SEEDED_TICKETS), in every display status at the seed's clock by the app's rule
 *     (machines/support/ticket-status.rules.ts): 13 open, 6 new, 9 closed. Open: the customer wrote
 *     last (some On Hold or Escalated), an agent's reply older than 2 weeks (one exactly 14 days and
 *     1 minute old), one the customer already read (cf_read_at after the agent's reply). New: an
 *     agent's reply within 2 weeks not read yet (one exactly 14 days old), a Closed-No-Reply one not
 *     read. Closed: Closed ones, a Closed-No-Reply one read. Threads with attachments: a PDF (the
 *     customer's scan, the agent's statements) and PNG screenshots, made in code
 *     (sandbox/documents/support-files.ts). 28 tickets: the list has two pages of 20.
 *   - support-empty@ (Jonas Weber) has none.
 * The agents' threads are by the brand's agent (support-store agentOf), addressed to the customer's
 * login e-mail; the customer's to the desk (the brand's support e-mail). POST
 * /__sandbox/sign-in-state of any customer takes their tickets away (the ones made since, their
 * uploads and kept replies too) and puts support@'s seeded ones back, with the same ids and numbers
 * (restoreSupport).
 */

export const SUPPORT_LOCAL = 'support';
export const SUPPORT_EMPTY_LOCAL = 'support-empty';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type SeededAttachment = 'pdf' | 'png';

export interface SeededThread {
  by: 'customer' | 'agent';
  /** How long before the seed's clock it was written (ms). */
  ago: number;
  content: string;
  /** Its attachment, with the file's name. */
  attachment?: { kind: SeededAttachment; name: string };
}

export interface SeededTicket {
  /** Its ticket number is FIRST_TICKET_NUMBER - 1 + n (10401 …): the oldest first. */
  n: number;
  subject: string;
  category: 'Account' | 'Cards' | 'Transfers' | 'Other';
  status: 'Open' | 'On Hold' | 'Escalated' | 'Closed' | 'Closed-No-Reply';
  /** Oldest first; the first is the description (the customer's). */
  threads: SeededThread[];
  /** When the customer last opened it (ms before the seed's clock); absent: never. */
  readAgo?: number;
  phone?: string;
  /** Its display status at the seed's clock (written by hand: the tests check the rule agrees). */
  expected: TicketStatusId;
}

const c = (ago: number, content: string, attachment?: SeededThread['attachment']): SeededThread => ({ by: 'customer', ago, content, ...(attachment ? { attachment } : {}) });
const a = (ago: number, content: string, attachment?: SeededThread['attachment']): SeededThread => ({ by: 'agent', ago, content, ...(attachment ? { attachment } : {}) });

export const SEEDED_TICKETS: readonly SeededTicket[] = [
  {
    n: 1,
    subject: 'Welcome pack did not arrive',
    category: 'Account',
    status: 'Closed',
    threads: [c(180 * DAY, 'I opened my account two weeks ago and the welcome pack has not arrived yet.'), a(179 * DAY, 'We sent it again today to the address on your profile. It should arrive within five working days.')],
    expected: 'closed',
  },
  {
    n: 2,
    subject: 'Account opening documents',
    category: 'Account',
    status: 'Closed',
    threads: [
      c(150 * DAY, 'Here is the scan of my passport you asked for.', { kind: 'pdf', name: 'passport-scan.pdf' }),
      a(149 * DAY, 'Thank you, the document is confirmed and your account is fully open.'),
    ],
    expected: 'closed',
  },
  {
    n: 3,
    subject: 'Question about monthly fees',
    category: 'Account',
    status: 'Open',
    threads: [c(121 * DAY, 'Why was I charged a monthly fee in March?'), a(120 * DAY, 'The monthly fee applies when the balance stays under 100 EUR for the whole month. Let us know if you have more questions.')],
    expected: 'open',
  },
  {
    n: 4,
    subject: 'Card PIN forgotten',
    category: 'Cards',
    status: 'Closed',
    threads: [c(100 * DAY, 'I forgot the PIN of my debit card.'), a(99 * DAY, 'You can see your PIN in the app: Cards, choose the card, then Show PIN.'), c(98 * DAY, 'Found it, thank you!')],
    expected: 'closed',
  },
  {
    n: 5,
    subject: 'Transfer to Germany returned',
    category: 'Transfers',
    status: 'On Hold',
    threads: [
      c(90 * DAY, 'My transfer to a German account came back. What went wrong?'),
      a(89 * DAY, 'The receiving bank returned it: the IBAN does not match the name. Could you check the details with the recipient?'),
      c(88 * DAY, 'I asked the recipient and will write again once I have the right details.'),
    ],
    expected: 'open',
  },
  {
    n: 6,
    subject: 'Statement in another language',
    category: 'Account',
    status: 'Closed-No-Reply',
    threads: [c(80 * DAY, 'Can I get my September statement in English?'), a(79 * DAY, 'Here is your September statement in English.', { kind: 'pdf', name: 'statement-2026-09.pdf' })],
    readAgo: 78 * DAY,
    expected: 'closed',
  },
  {
    n: 7,
    subject: 'Exchange rate on a card payment',
    category: 'Cards',
    status: 'Open',
    threads: [c(70 * DAY, 'The exchange rate on my payment in London looks high.'), a(60 * DAY, 'Card payments in another currency use the card network rate of the day the payment is settled, plus the fee of your plan.')],
    expected: 'open',
  },
  {
    n: 8,
    subject: 'Change of phone number',
    category: 'Account',
    status: 'Closed',
    threads: [c(59 * DAY, 'I have a new phone number. How do I change it?'), a(58 * DAY, 'You can change it in Profile. We have closed this ticket; write again if it does not work.')],
    expected: 'closed',
  },
  {
    n: 9,
    subject: 'Limit on ATM withdrawals',
    category: 'Cards',
    status: 'Open',
    threads: [c(50 * DAY, 'What is the daily limit for ATM withdrawals with my card?')],
    phone: '+40 721 000 123',
    expected: 'open',
  },
  {
    n: 10,
    subject: 'Direct debit from a utility',
    category: 'Transfers',
    status: 'Closed',
    threads: [c(45 * DAY, 'My electricity company wants to set up a direct debit.'), a(44 * DAY, 'Direct debits are not offered yet. You can set up a recurring transfer instead.')],
    expected: 'closed',
  },
  {
    n: 11,
    subject: 'Card blocked abroad',
    category: 'Cards',
    status: 'Escalated',
    threads: [
      c(40 * DAY, 'My card was blocked while I was travelling in Spain.'),
      a(39 * DAY, 'We passed your case to the card team, who will check the block.'),
      c(38 * DAY, 'I am still abroad and need the card. Any news?'),
    ],
    expected: 'open',
  },
  {
    n: 12,
    subject: 'Interest on savings',
    category: 'Account',
    status: 'Open',
    threads: [c(35 * DAY, 'Do you pay interest on the savings account?'), a(30 * DAY, 'The savings account pays interest monthly; the rate is on the fees page of your plan.')],
    expected: 'open',
  },
  {
    n: 13,
    subject: 'Refund not received',
    category: 'Transfers',
    status: 'Closed',
    threads: [c(29 * DAY, 'A shop says it refunded me a week ago, but I do not see it.'), a(28 * DAY, 'The refund arrived today and is on your account.')],
    expected: 'closed',
  },
  {
    n: 14,
    subject: 'Change of address',
    category: 'Account',
    status: 'Open',
    threads: [
      c(25 * DAY, 'I moved. Which document do you need for the new address?'),
      // 14 days and 1 minute before the seed's clock: just outside the 2-week window, so open.
      a(14 * DAY + MINUTE, 'A utility bill or a bank statement from the last three months, with your name and the new address.'),
    ],
    expected: 'open',
  },
  {
    n: 15,
    subject: 'Fees on a currency exchange',
    category: 'Account',
    status: 'Open',
    threads: [
      c(20 * DAY, 'What do you charge for exchanging EUR to USD?'),
      // Exactly 14 days before the seed's clock: the window's last moment, so still new.
      a(14 * DAY, 'Exchanges between your own accounts cost 0.5 % on weekdays and 1 % at weekends.'),
    ],
    expected: 'new',
  },
  {
    n: 16,
    subject: 'Verification of my identity',
    category: 'Account',
    status: 'Open',
    threads: [c(18 * DAY, 'How long does the identity check take?'), a(13 * DAY, 'Your identity is confirmed. Nothing else is needed from you.')],
    expected: 'new',
  },
  {
    n: 17,
    subject: 'Card delivery time',
    category: 'Cards',
    status: 'Closed-No-Reply',
    threads: [c(16 * DAY, 'When will my new card arrive?'), a(10 * DAY, 'Your card was sent on Monday by post and should arrive this week. We closed this ticket: reply if it has not arrived.')],
    expected: 'new',
  },
  {
    n: 18,
    subject: 'Second card for my partner',
    category: 'Cards',
    status: 'Closed',
    threads: [c(15 * DAY, 'Can my partner have a card on my account?'), a(12 * DAY, 'Additional cards are not offered on personal accounts. Your partner can open an account of their own.')],
    expected: 'closed',
  },
  {
    n: 19,
    subject: 'Limit increase',
    category: 'Transfers',
    status: 'Open',
    threads: [c(12 * DAY, 'Could you raise my monthly transfer limit?'), a(2 * DAY, 'Your monthly transfer limit is now 20,000 EUR.')],
    // The customer opened it after the agent's reply: read, so open.
    readAgo: 1 * DAY,
    expected: 'open',
  },
  {
    n: 20,
    subject: 'Payment to a merchant disputed',
    category: 'Cards',
    status: 'Open',
    threads: [
      c(
        11 * DAY,
        'I was charged twice for the same order at an online shop. The receipt is attached: the order is the same, the amount is the same, and both payments are on my card statement on the same day. Please stop the second payment or get it back for me.',
        { kind: 'png', name: 'receipt.png' },
      ),
    ],
    expected: 'open',
  },
  {
    n: 21,
    subject: 'Statement for March',
    category: 'Account',
    status: 'Open',
    threads: [c(9 * DAY, 'I need my March statement for my tax return.'), a(1 * DAY, 'Your March statement is attached.', { kind: 'pdf', name: 'statement-march.pdf' })],
    expected: 'new',
  },
  {
    n: 22,
    subject: 'Wrong name on my card',
    category: 'Cards',
    status: 'Escalated',
    threads: [c(8 * DAY, 'My surname is misspelt on the new card.'), a(5 * DAY, 'We are sorry. A new card with the right name is on its way; the old one keeps working until then.')],
    expected: 'new',
  },
  {
    n: 23,
    subject: 'Savings account closing',
    category: 'Account',
    status: 'Closed',
    threads: [c(7 * DAY, 'Please close my savings account.'), a(6 * DAY, 'Your savings account is closed and its balance moved to your payment account.')],
    expected: 'closed',
  },
  {
    n: 24,
    subject: 'App shows an old balance',
    category: 'Other',
    status: 'Open',
    threads: [
      c(6 * DAY, 'The app shows <pending> next to my balance since yesterday.'),
      a(4 * DAY, 'Could you sign out and in again, and tell us whether it still shows?'),
      c(3 * DAY, 'It still shows <pending> after signing in again.'),
    ],
    expected: 'open',
  },
  {
    n: 25,
    subject: 'Salary not credited',
    category: 'Transfers',
    status: 'Open',
    threads: [c(4 * DAY + 6 * HOUR, 'My employer says the salary was sent on Friday, but it is not on my account.')],
    expected: 'open',
  },
  {
    n: 26,
    subject: 'Card payment declined at a shop',
    category: 'Cards',
    status: 'Open',
    threads: [
      c(2 * DAY, 'My card was declined at a supermarket although I have enough money. The screenshot of the app is attached.', { kind: 'png', name: 'declined-payment.png' }),
      a(2 * HOUR, 'The shop’s terminal asked for the PIN and it was entered wrong three times. The card works again now.\n\nYou can check the attempts in the card’s history.'),
    ],
    expected: 'new',
  },
  {
    n: 27,
    subject: 'Cash deposit at a partner bank',
    category: 'Other',
    status: 'Open',
    threads: [c(26 * HOUR, 'Can I deposit cash at a partner bank?')],
    expected: 'open',
  },
  {
    n: 28,
    subject: 'Transfer to Germany pending',
    category: 'Transfers',
    status: 'Open',
    threads: [c(3 * HOUR, 'My transfer to Germany is still pending after two days.')],
    phone: '+40 721 000 123',
    expected: 'open',
  },
];

/** A seeded ticket's, thread's and file's id in a brand (brand index 0 …), so a restore puts them back as they were. */
export const seededTicketId = (brandIndex: number, n: number): number => 7_000_000_000_000 + brandIndex * 1_000 + n;
export const seededThreadId = (brandIndex: number, n: number, k: number): number => 7_100_000_000_000 + brandIndex * 100_000 + n * 100 + k;
export const seededFileId = (brandIndex: number, n: number, k: number): number => 7_200_000_000_000 + brandIndex * 100_000 + n * 100 + k;
export const seededTicketNumber = (n: number): number => FIRST_TICKET_NUMBER - 1 + n;

/** The department of a category: cards to Cards, transfers to Payments, the rest to General. */
const departmentOf = (category: SeededTicket['category']): string =>
  category === 'Cards' ? DEPARTMENTS[1]!.id : category === 'Transfers' ? DEPARTMENTS[2]!.id : DEFAULT_DEPARTMENT_ID;

/** A seeded attachment's bytes. */
export function seededFile(kind: SeededAttachment, name: string): { mime: string; content: Uint8Array } {
  return kind === 'pdf'
    ? { mime: 'application/pdf', content: smallPdf(['Sandbox support attachment', name, 'A small PDF made by the sandbox.']) }
    : { mime: 'image/png', content: smallPng() };
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** support@'s seeded tickets in one brand. */
function writeSupport(db: DatabaseSync, brand: string, b: number, now: number): void {
  const row = db.prepare('SELECT id FROM customers WHERE login = ?').get(`${SUPPORT_LOCAL}@${brand}.test`) as { id: number } | undefined;
  if (!row) return;
  const contact = ensureContact(db, row.id, now);
  const agent = agentOf(brand, now).name;
  const desk = deskAddressOf(brand);
  for (const t of SEEDED_TICKETS) {
    const first = t.threads[0]!;
    const last = t.threads[t.threads.length - 1]!;
    const ticketId = insertTicket(db, {
      id: seededTicketId(b, t.n),
      contactId: contact.id,
      brand,
      number: seededTicketNumber(t.n),
      subject: t.subject,
      departmentId: departmentOf(t.category),
      status: t.status,
      fields: { category: t.category, ...(t.phone ? { phone: t.phone } : {}) },
      readAt: t.readAgo === undefined ? null : iso(now - t.readAgo),
      createdAt: iso(now - first.ago),
      updatedAt: iso(now - last.ago),
    });
    t.threads.forEach((thread, k) => {
      const threadId = insertThread(db, {
        id: seededThreadId(b, t.n, k),
        ticketId,
        authorType: thread.by === 'agent' ? 'AGENT' : 'END_USER',
        authorName: thread.by === 'agent' ? agent : contact.name,
        to: thread.by === 'agent' ? contact.email : desk,
        content: thread.content,
        createdAt: iso(now - thread.ago),
      });
      if (thread.attachment) {
        const file = seededFile(thread.attachment.kind, thread.attachment.name);
        insertFile(db, { id: seededFileId(b, t.n, k), contactId: contact.id, threadId, name: thread.attachment.name, mime: file.mime, content: file.content, createdAt: iso(now - thread.ago) });
      }
    });
  }
}

/** support@'s tickets in every brand (support-empty@ has none). */
export function seedSupport(db: DatabaseSync, now: number): void {
  BRANDS.forEach((brand, b) => writeSupport(db, brand, b, now));
}

/**
 * A customer's tickets as seeded (POST /__sandbox/sign-in-state): theirs go, seeded or made since,
 * with their uploads and kept replies (removeSupportOf); support@'s seeded ones come back.
 */
export function restoreSupport(db: DatabaseSync, customerId: number, now: number): void {
  const row = customerById(db, customerId);
  if (!row) return;
  removeSupportOf(db, customerId);
  const b = BRANDS.findIndex((brand) => brand === row.brand);
  if (b >= 0 && row.login === `${SUPPORT_LOCAL}@${row.brand}.test`) writeSupport(db, row.brand, b, now);
}
