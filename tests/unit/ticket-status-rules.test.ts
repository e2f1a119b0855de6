// @vitest-environment node
import {
  fromOfPage,
  isAddressedOut,
  isRead,
  OLD_TICKET_WINDOW_MS,
  ticketFilterOf,
  ticketStatusId,
  type TicketFacts,
  type TicketStatusId,
} from '@machines/support/ticket-status.rules';

/** Support tickets' display status (spec 002 s4; issue 60): every branch in order, the 2-week edge, the read-at field. */
describe('ticket display status (002 s4)', () => {
  const NOW = Date.parse('2026-12-01T12:00:00.000Z');
  const ME = 'Sofia.Lang@brand1.test';
  const DESK = 'support@brand1.example';
  const ago = (ms: number) => new Date(NOW - ms).toISOString();
  const MINUTE = 60_000;
  const DAY = 24 * 60 * MINUTE;
  const ticket = (status: string, last: { ago: number; to: string } | null, readAt: string | null = null): TicketFacts => ({
    status,
    lastThread: last ? { createdAt: ago(last.ago), to: last.to } : null,
    cf: { cf_read_at: readAt },
  });

  it.each<[string, TicketFacts, TicketStatusId]>([
    // 1. Closed is closed, whatever else holds.
    ['Closed', ticket('Closed', { ago: DAY, to: ME }), 'closed'],
    ['Closed, an out thread unread', ticket('Closed', { ago: MINUTE, to: ME }), 'closed'],
    // 2. Closed-No-Reply is new until read after its last thread, then closed.
    ['Closed-No-Reply', ticket('Closed-No-Reply', { ago: 30 * DAY, to: ME }), 'new'],
    ['Closed-No-Reply with no thread', ticket('Closed-No-Reply', null), 'new'],
    ['Closed-No-Reply read after its last thread', ticket('Closed-No-Reply', { ago: DAY, to: ME }, ago(DAY - MINUTE)), 'closed'],
    ['Closed-No-Reply read before its last thread', ticket('Closed-No-Reply', { ago: DAY, to: ME }, ago(DAY + MINUTE)), 'new'],
    // 2. An out thread within 2 weeks, unread: new; the edge is inclusive.
    ['out, a minute ago', ticket('Open', { ago: MINUTE, to: ME }), 'new'],
    ['out, exactly 14 days ago', ticket('Open', { ago: OLD_TICKET_WINDOW_MS, to: ME }), 'new'],
    ['out, 14 days and a millisecond ago', ticket('Open', { ago: OLD_TICKET_WINDOW_MS + 1, to: ME }), 'open'],
    ['out, 14 days and a minute ago', ticket('Open', { ago: OLD_TICKET_WINDOW_MS + MINUTE, to: ME }), 'open'],
    ['out, a moment in the future (clock skew)', ticket('Open', { ago: -MINUTE, to: ME }), 'new'],
    ['out, the address in another case and spaced', ticket('On Hold', { ago: DAY, to: `  ${ME.toUpperCase()} ` }), 'new'],
    ['out, read at the very time of the thread', ticket('Open', { ago: DAY, to: ME }, ago(DAY)), 'open'],
    ['out, read a minute before the thread', ticket('Open', { ago: DAY, to: ME }, ago(DAY + MINUTE)), 'new'],
    ['out, read-at not a time', ticket('Open', { ago: DAY, to: ME }, 'soon'), 'new'],
    // 3. Otherwise open.
    ['in: the customer wrote last', ticket('Open', { ago: MINUTE, to: DESK }), 'open'],
    ['no thread at all', ticket('Open', null), 'open'],
    ['a thread with a time that is not one', { status: 'Open', lastThread: { createdAt: 'never', to: ME }, cf: { cf_read_at: null } }, 'open'],
    ['Escalated, in', ticket('Escalated', { ago: 20 * DAY, to: DESK }), 'open'],
  ])('%s → %s', (_, facts, expected) => {
    expect(ticketStatusId(facts, ME, NOW)).toBe(expected);
  });

  it('an empty customer e-mail never makes a thread out', () => {
    expect(isAddressedOut('', '')).toBe(false);
    expect(isAddressedOut('  ', ' ')).toBe(false);
    expect(ticketStatusId(ticket('Open', { ago: MINUTE, to: '' }), '', NOW)).toBe('open');
    expect(isAddressedOut(ME, ME.toLowerCase())).toBe(true);
    expect(isAddressedOut(DESK, ME)).toBe(false);
  });

  it('read: at or after the last thread; never without a read-at; any read-at when there is no thread', () => {
    expect(isRead(ticket('Open', null))).toBe(false);
    expect(isRead(ticket('Open', null, ago(DAY)))).toBe(true);
    expect(isRead(ticket('Open', { ago: DAY, to: ME }, ago(DAY)))).toBe(true);
    expect(isRead(ticket('Open', { ago: DAY, to: ME }, ago(DAY + 1)))).toBe(false);
  });

  it.each([
    ['all', 'all'],
    ['open', 'open'],
    ['new', 'new'],
    ['closed', 'closed'],
    ['New', 'all'],
    ['', 'all'],
    [undefined, 'all'],
    [3, 'all'],
  ])('the address’s status %j is the filter %s', (text, filter) => {
    expect(ticketFilterOf(text)).toBe(filter);
  });

  it.each([
    [1, 1],
    [2, 21],
    [3, 41],
    [0, 1],
    [-4, 1],
    [2.7, 21],
  ])('page %d starts from %d (20 a page, from 1)', (page, from) => {
    expect(fromOfPage(page)).toBe(from);
  });
});
