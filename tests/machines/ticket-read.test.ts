// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { ticketReadMachine, type TicketReadResult } from '@machines/support/ticket-read.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
type Outcome<T> = { ok: T } | { throws: unknown };
const TICKET = { id: '1', ticketNumber: '10415', subject: 'Card blocked', status: 'Open', lastThread: null, updatedAt: '2026-12-01T10:00:00Z', createdAt: '2026-12-01T09:00:00Z', statusId: 'open' as const, departmentId: '1', cf: { cf_read_at: null } };
const thread = (id: string) => ({ id, author: { name: 'Ava', type: 'AGENT' as const }, to: 'support@brand1.test', createdAt: '2026-12-01T10:00:00Z', summary: 'Hello', attachmentCount: 0 });
const READ: TicketReadResult = { ticket: TICKET, conversations: [thread('t1'), thread('t2')], count: 2 };

/** A ticket opened (issue 60): read with its conversations, then marked read (so "new" clears), read again on asking. */
describe('ticket read statechart (issue 60)', () => {
  const coverage = new Coverage(ticketReadMachine);

  function run(options: { read?: Outcome<TicketReadResult>[]; markRead?: Outcome<void>[] } = {}) {
    const log: string[] = [];
    const next = <T>(list: Outcome<T>[] | undefined, fallback: T): T => {
      const outcome = list?.shift() ?? { ok: fallback };
      if ('throws' in outcome) throw outcome.throws;
      return outcome.ok;
    };
    const actor = createActor(
      ticketReadMachine.provide({
        actors: {
          read: fromPromise(async () => {
            log.push('read');
            return next(options.read, READ);
          }),
          markRead: fromPromise(async () => {
            log.push('markRead');
            return next(options.markRead, undefined);
          }),
        },
        actions: { marked: () => void log.push('marked') },
      }),
      { inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const snapshot = () => actor.getSnapshot();
    return { log, send: actor.send.bind(actor), value: () => snapshot().value, context: () => snapshot().context, snapshot };
  }

  it('read, shown, then marked read and the lists told; read again on asking', async () => {
    const { value, context, log, send, snapshot } = run();
    expect(snapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(value()).toBe('ready');
    expect(context()).toMatchObject({ ticket: READ.ticket, count: 2, error: null });
    expect(log).toEqual(['read', 'markRead', 'marked']);
    send({ type: 'REFRESH' });
    expect(value()).toBe('loading');
    await settle();
    expect(log).toEqual(['read', 'markRead', 'marked', 'read', 'markRead', 'marked']);
  });

  it('marking refused: shown all the same, the lists not told', async () => {
    const { value, log, snapshot } = run({ markRead: [{ throws: { text: 'no' } }] });
    await settle();
    expect(value()).toBe('ready');
    expect(snapshot().hasTag('ready')).toBe(true);
    expect(log).toEqual(['read', 'markRead']);
  });

  it('a failed read said; RETRY reads again', async () => {
    const { value, context, send } = run({ read: [{ throws: { text: 'There is no such ticket' } }] });
    await settle();
    expect(value()).toBe('failed');
    expect(context().error).toEqual({ text: 'There is no such ticket' });
    send({ type: 'RETRY' });
    expect(context().error).toBeNull();
    await settle();
    expect(value()).toBe('ready');
  });

  expectFullCoverage(coverage);
});
