// @vitest-environment node
import { createActor, fromCallback, fromPromise, SimulatedClock, type AnyActorRef, type InspectionEvent } from 'xstate';
import { globalPayBatchMachine, type GlobalPayStatusFact, type GlobalPayUploadOutcome } from '@machines/batches/global-pay-batch.machine';
import type { GlobalPayBatchFact, GlobalPayEditFailure, GlobalPayPaymentFact } from '@machines/batches/global-pay.logic';
import { Coverage, expectFullCoverage } from './coverage';
import { paymentFact } from '../support/global-pay-payments';
import { scriptedApproval } from './scripted-approval';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const file = new Blob(['amount,currency\n'], { type: 'text/csv' });

const payment = (id: number, over: Partial<GlobalPayPaymentFact> = {}): GlobalPayPaymentFact =>
  paymentFact(id, { description: 'March', beneficiaryName: `Payee ${id}`, beneficiaryEmail: `payee${id}@example.com`, ...over });
const batch = (status: GlobalPayBatchFact['status'], payments = [payment(1), payment(2)]): GlobalPayBatchFact => ({
  batchId: 41,
  batchName: 'March payroll',
  accountId: 7,
  currencyCode: 'EUR',
  status,
  created: '2026-11-20T10:00:00Z',
  payments,
});

type Script<T> = (T | 'fail')[];
interface Scripts {
  uploads?: Script<GlobalPayUploadOutcome>;
  batches?: Script<GlobalPayBatchFact>;
  saves?: (readonly GlobalPayPaymentFact[] | GlobalPayEditFailure | 'fail')[];
  rewrites?: Script<Blob>;
  rejects?: Script<'ok'>;
  statuses?: Script<GlobalPayStatusFact>;
  approvals?: Parameters<typeof scriptedApproval>[0];
}

/** A batch's life with every call scripted (each answers the next item; 'fail' is a lost reply). */
describe('global pay batch machine (001 s3, s4, s7: global pay batch)', () => {
  const coverage = new Coverage(globalPayBatchMachine);

  function run(scripts: Scripts, input: { batchId?: number } = {}) {
    const calls: Record<string, unknown[]> = { check: [], upload: [], getBatch: [], save: [], reject: [], status: [], rewrite: [] };
    const checks = { stopped: 0 };
    const effects: string[] = [];
    const clock = new SimulatedClock();
    const next = <T,>(name: string, list: Script<T> | undefined, value: unknown): T => {
      calls[name]!.push(value);
      const item = list?.shift();
      if (item === 'fail' || item === undefined) throw { text: 'Server is not available' };
      return item;
    };
    const approval = scriptedApproval(scripts.approvals ?? []);
    const news: { send: ((event: { type: 'POLL' }) => void) | null; batchIds: number[] } = { send: null, batchIds: [] };
    const actor = createActor(
      globalPayBatchMachine.provide({
        actors: {
          check: fromCallback(({ input }) => {
            calls.check!.push(input);
            return () => void (checks.stopped += 1);
          }),
          upload: fromPromise(async ({ input }) => next('upload', scripts.uploads, input)),
          rewrite: fromPromise(async ({ input }) => next('rewrite', scripts.rewrites, input)),
          getBatch: fromPromise(async ({ input }) => next('getBatch', scripts.batches, input)),
          save: fromPromise(async ({ input }) => {
            calls.save!.push(input);
            const item = scripts.saves?.shift();
            if (item === undefined || item === 'fail') throw { text: 'Server is not available' };
            if (!Array.isArray(item)) throw item;
            return item as readonly GlobalPayPaymentFact[];
          }),
          reject: fromPromise(async ({ input }) => void next('reject', scripts.rejects, input)),
          status: fromPromise(async ({ input }) => next('status', scripts.statuses, input)),
          changes: fromCallback(({ sendBack, input }) => {
            news.send = sendBack;
            news.batchIds.push(input.batchId);
            return () => void (news.send = null);
          }),
          approval: approval.logic,
        },
        actions: { submitted: () => void effects.push('submitted'), moneyMoved: () => void effects.push('moneyMoved') },
      }),
      { input, clock, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const child = () => actor.getSnapshot().children.approval as AnyActorRef | undefined;
    const tags = () => [...actor.getSnapshot().tags].sort();
    return { actor, calls, checks, effects, clock, child, tags, news, submitted: approval.submitted, methods: approval.methods, watched: approval.watched };
  }

  it('a file is checked once the account is known (progress; problems with their lines; a fixed file again), an unreadable file and a cancelled check drop the file', () => {
    const { actor, calls, checks } = run({});
    actor.send({ type: 'BATCH_NAME', batchName: 'March payroll' });
    actor.send({ type: 'FILE', file, fileName: 'march.csv' });
    expect(actor.getSnapshot().hasTag('checking')).toBe(false);
    actor.send({ type: 'ACCOUNT', accountId: '7' });
    expect(actor.getSnapshot().hasTag('checking')).toBe(true);
    actor.send({ type: 'PROGRESS', share: 0.4 });
    expect(actor.getSnapshot().context.progress).toBe(0.4);
    actor.send({ type: 'CHECKED', rows: 3, problems: [{ line: 3, column: 'amount', problem: 'amountNotNumber' }] });
    expect(actor.getSnapshot().hasTag('problems')).toBe(true);
    actor.send({ type: 'ACCOUNT', accountId: '8' });
    actor.send({ type: 'BATCH_NAME', batchName: 'April payroll' });
    actor.send({ type: 'FILE', file, fileName: 'april.csv' });
    expect(actor.getSnapshot().context).toMatchObject({ accountId: '8', batchName: 'April payroll', fileName: 'april.csv', problems: [] });
    actor.send({ type: 'CHECK_FAILED' });
    expect(actor.getSnapshot().hasTag('choosing')).toBe(true);
    expect(actor.getSnapshot().context.failure).not.toBeNull();
    actor.send({ type: 'FILE', file, fileName: 'april.csv' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().context.file).toBeNull();
    expect(calls.check).toHaveLength(3);
    expect(checks.stopped).toBe(3);
  });

  it("a file's bad lines are fixed in place or left out (each checked by the row rule); only then is the file written back and checked again as a new file", async () => {
    const fixed = new Blob(['fixed'], { type: 'text/csv' });
    const header = ['amount', 'currency', 'beneficiaryType', 'beneficiaryName', 'beneficiaryEmail', 'beneficiaryCountryCode'];
    const badRows = [
      { line: 3, cells: ['0.50', 'EUR', 'individual', 'Ana', 'ana@example.com', 'DE'] },
      { line: 5, cells: ['10.00', 'EUR', 'individual', 'Ben', 'ben@', 'DE'] },
    ];
    const problems = [
      { line: 3, column: 'amount', problem: 'amountRange' },
      { line: 5, column: 'beneficiaryEmail', problem: 'email' },
    ];
    const { actor, calls, checks } = run({ rewrites: ['fail', fixed], uploads: [{ result: 'created', batchId: 41 }], batches: [batch('draft')] });
    actor.send({ type: 'ACCOUNT', accountId: '7' });
    actor.send({ type: 'FILE', file, fileName: 'march.csv' });
    actor.send({ type: 'CHECKED', rows: 4, problems, header, badRows });
    expect(actor.getSnapshot().hasTag('fixable')).toBe(true);
    actor.send({ type: 'USE_FIXES' }); // line 3 and 5 still wrong: nothing happens
    expect(actor.getSnapshot().hasTag('rewriting')).toBe(false);
    actor.send({ type: 'FIX', line: 4, column: 'amount', value: '5.00' }); // not a bad line
    expect(actor.getSnapshot().context.fixes).toEqual({});
    actor.send({ type: 'FIX', line: 3, column: 'amount', value: '5.00' });
    actor.send({ type: 'OMIT', line: 5, omitted: true });
    actor.send({ type: 'OMIT', line: 4, omitted: true }); // not a bad line
    expect(actor.getSnapshot().context).toMatchObject({ fixes: { 3: { amount: '5.00' } }, omitted: [5] });
    actor.send({ type: 'OMIT', line: 5, omitted: false });
    expect(actor.getSnapshot().context.omitted).toEqual([]);
    actor.send({ type: 'USE_FIXES' });
    expect(actor.getSnapshot().hasTag('rewriting')).toBe(false);
    actor.send({ type: 'FIX', line: 5, column: 'beneficiaryEmail', value: 'ben@example.com' });
    const requestId = actor.getSnapshot().context.uploadRequestId;
    actor.send({ type: 'USE_FIXES' });
    expect(actor.getSnapshot().hasTag('rewriting')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls.rewrite![0]).toEqual({ file, replacements: { 3: ['5.00', 'EUR', 'individual', 'Ana', 'ana@example.com', 'DE'], 5: ['10.00', 'EUR', 'individual', 'Ben', 'ben@example.com', 'DE'] } });
    await settle();
    // The file could not be written: the fixes stay, the page says so.
    expect(actor.getSnapshot().hasTag('fixable')).toBe(true);
    expect(actor.getSnapshot().context.failure).not.toBeNull();
    expect(actor.getSnapshot().context.fixes[5]).toEqual({ beneficiaryEmail: 'ben@example.com' });
    actor.send({ type: 'FIX', line: 5, column: 'beneficiaryEmail', value: 'ben@example.org' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: 'USE_FIXES' });
    await settle();
    // Written back: checked again as a new file (a new requestId); clean, it is uploaded.
    expect(actor.getSnapshot().hasTag('checking')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ file: fixed, fixes: {}, badRows: [], omitted: [] });
    expect(actor.getSnapshot().context.uploadRequestId).not.toBe(requestId);
    expect(calls.check).toHaveLength(2);
    expect(checks.stopped).toBe(1);
    actor.send({ type: 'CHECKED', rows: 4, problems: [] });
    await settle();
    expect((calls.upload![0] as { file: Blob }).file).toBe(fixed);
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
  });

  it("problems that are not on a line's cells (a missing column, the service's refusal) are not fixed in place", () => {
    const { actor } = run({});
    actor.send({ type: 'ACCOUNT', accountId: '7' });
    actor.send({ type: 'FILE', file, fileName: 'march.csv' });
    actor.send({ type: 'CHECKED', rows: 4, problems: [{ line: 1, column: 'currency', problem: 'header' }], header: ['amount'], badRows: [] });
    expect(actor.getSnapshot().hasTag('problems')).toBe(true);
    expect(actor.getSnapshot().hasTag('fixable')).toBe(false);
    actor.send({ type: 'USE_FIXES' });
    expect(actor.getSnapshot().hasTag('rewriting')).toBe(false);
  });

  it('code 92: an identical batch stops the upload; STOP drops the file, CONFIRM resends with ignoreIdenticalBatch and a new requestId', async () => {
    const { actor, calls } = run({
      uploads: [
        { result: 'identical', batchId: 12, date: '2026-11-20T10:00:00Z' },
        { result: 'identical', batchId: 12, date: '2026-11-20T10:00:00Z' },
        { result: 'created', batchId: 41 },
      ],
      batches: [batch('draft')],
    });
    actor.send({ type: 'ACCOUNT', accountId: '7' });
    actor.send({ type: 'FILE', file, fileName: 'march.csv' });
    actor.send({ type: 'CHECKED', rows: 2, problems: [] });
    await settle();
    expect(actor.getSnapshot().hasTag('identical')).toBe(true);
    expect(actor.getSnapshot().context.identical).toEqual({ batchId: 12, date: '2026-11-20T10:00:00Z' });
    actor.send({ type: 'STOP' });
    expect(actor.getSnapshot().hasTag('choosing')).toBe(true);
    expect(actor.getSnapshot().context.file).toBeNull();
    actor.send({ type: 'FILE', file, fileName: 'march.csv' });
    actor.send({ type: 'CHECKED', rows: 2, problems: [] });
    await settle();
    actor.send({ type: 'CONFIRM' });
    await settle();
    const [first, second, third] = calls.upload as { ignoreIdenticalBatch: boolean; requestId: string; accountId: number }[];
    expect(first).toMatchObject({ ignoreIdenticalBatch: false, accountId: 7 });
    expect(second!.ignoreIdenticalBatch).toBe(false);
    expect(third!.ignoreIdenticalBatch).toBe(true);
    expect(third!.requestId).not.toBe(second!.requestId);
    expect(calls.getBatch).toEqual([{ batchId: 41 }]);
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.payments).toHaveLength(2);
  });

  it('rows the service refuses come back as problems; a lost reply keeps the file and RETRY sends the same requestId; another file or CANCEL leaves', async () => {
    const { actor, calls } = run({ uploads: [{ result: 'refused', problems: [{ line: 4, column: 'beneficiaryEmail', problem: 'duplicate', message: 'Line 4 repeats line 2' }] }, 'fail', 'fail', 'fail'] });
    actor.send({ type: 'ACCOUNT', accountId: '7' });
    actor.send({ type: 'FILE', file, fileName: 'march.csv' });
    actor.send({ type: 'CHECKED', rows: 3, problems: [] });
    await settle();
    expect(actor.getSnapshot().context.problems).toHaveLength(1);
    actor.send({ type: 'FILE', file, fileName: 'march-fixed.csv' });
    actor.send({ type: 'CHECKED', rows: 3, problems: [] });
    await settle();
    expect(actor.getSnapshot().hasTag('uploadFailed')).toBe(true);
    expect(actor.getSnapshot().context.fileName).toBe('march-fixed.csv');
    actor.send({ type: 'RETRY' });
    await settle();
    const uploads = calls.upload as { requestId: string }[];
    expect(uploads[2]!.requestId).toBe(uploads[1]!.requestId);
    actor.send({ type: 'FILE', file, fileName: 'march-2.csv' });
    expect(actor.getSnapshot().hasTag('checking')).toBe(true);
    actor.send({ type: 'CHECKED', rows: 3, problems: [] });
    await settle();
    expect((calls.upload![3] as { requestId: string }).requestId).not.toBe(uploads[2]!.requestId);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().hasTag('choosing')).toBe(true);
    expect(actor.getSnapshot().context.file).toBeNull();
  });

  it('a reload resumes from the service: a failed load is retried or left; each status resumes where it is', async () => {
    const { actor, calls } = run({ batches: ['fail', batch('processing'), batch('completed'), batch('rejected')], statuses: [{ status: 'processing', payments: [] }] }, { batchId: 41 });
    await settle();
    expect(actor.getSnapshot().hasTag('loadFailed')).toBe(true);
    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().hasTag('following')).toBe(true);
    actor.send({ type: 'RESUME', batchId: 41 }); // the same batch: nothing happens
    expect(calls.getBatch).toHaveLength(2);
    actor.send({ type: 'RESUME', batchId: 42 });
    await settle();
    expect(actor.getSnapshot().hasTag('settled')).toBe(true);
    actor.send({ type: 'RESUME', batchId: 43 });
    await settle();
    expect(actor.getSnapshot().hasTag('rejected')).toBe(true);
    actor.send({ type: 'NEW' });
    expect(actor.getSnapshot().hasTag('choosing')).toBe(true);
    expect(actor.getSnapshot().context.batchId).toBeNull();
  });

  it('a load that keeps failing may be left for a new batch', async () => {
    const { actor } = run({ batches: ['fail'] }, { batchId: 41 });
    await settle();
    actor.send({ type: 'NEW' });
    expect(actor.getSnapshot().hasTag('choosing')).toBe(true);
  });

  it('edits show at once and are saved one call at a time; a failed call marks only its payments, which are retried with the same requestId or discarded', async () => {
    const saved1 = payment(1, { amount: '250.00', fee: '2.50' });
    const added = payment(3, { beneficiaryName: 'New payee' });
    const { actor, calls } = run({
      batches: [batch('draft')],
      saves: [[saved1], { message: { text: 'Enter a valid e-mail' }, field: 'beneficiaryEmail' }, 'fail', [added], [payment(2, { status: 'removed' })]],
    }, { batchId: 41 });
    await settle();
    actor.send({ type: 'EDIT', edit: { kind: 'update', id: 1, changes: { amount: '250.00' } } });
    actor.send({ type: 'EDIT', edit: { kind: 'update', id: 2, changes: { beneficiaryEmail: 'bad' } } });
    actor.send({ type: 'EDIT', edit: { kind: 'add', payment: { ...payment(0), beneficiaryName: 'New payee' } } });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(actor.getSnapshot().context.payments.map((p) => p.id)).toEqual([1, 2, -1]);
    expect(actor.getSnapshot().context.payments[0]!.fee).toBe('2.50');
    await settle(12);
    const context = actor.getSnapshot().context;
    expect(context.queue).toHaveLength(0);
    expect(Object.keys(context.failedEdits).sort()).toEqual(['-1', '2']);
    expect(context.failedEdits[2]!.failure).toEqual({ message: { text: 'Enter a valid e-mail' }, field: 'beneficiaryEmail' });
    expect(context.failedEdits[-1]!.failure.message).toEqual({ text: 'Server is not available' });
    expect(context.payments[0]).toEqual(saved1);
    expect(context.payments[1]!.beneficiaryEmail).toBe('bad'); // kept on screen, marked
    actor.send({ type: 'SUBMIT' }); // not while edits failed
    expect(actor.getSnapshot().hasTag('confirmSubmit')).toBe(false);
    actor.send({ type: 'NEW' }); // nor leave them unsaved
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    actor.send({ type: 'RETRY_EDIT', id: 99 }); // not a failed one: nothing
    actor.send({ type: 'RETRY_EDIT', id: -1 });
    await settle();
    const saves = calls.save as { edits: { requestId: string; kind: string }[] }[];
    expect(saves[3]!.edits[0]!.requestId).toBe(saves[2]!.edits[0]!.requestId);
    expect(actor.getSnapshot().context.payments.map((p) => p.id)).toEqual([1, 2, 3]);
    actor.send({ type: 'DISCARD_EDIT', id: 2 });
    expect(actor.getSnapshot().context.payments[1]!.beneficiaryEmail).toBe('payee2@example.com');
    actor.send({ type: 'EDIT', edit: { kind: 'remove', ids: [2] } });
    await settle();
    expect(actor.getSnapshot().context.payments[1]!.status).toBe('removed');
    expect(actor.getSnapshot().context.failedEdits).toEqual({});
    // Another batch: the draft stays with the service; the statechart starts afresh.
    actor.send({ type: 'NEW' });
    expect(actor.getSnapshot().hasTag('choosing')).toBe(true);
    expect(actor.getSnapshot().context.batchId).toBeNull();
  });

  it('changes made while a call is under way go together in the next call; the last change is undone, one after another', async () => {
    const { actor, calls } = run({ batches: [batch('draft', [payment(1), payment(2), payment(3, { feeShare: 'recipient' })])], saves: [[], [], [], [], [], []] }, { batchId: 41 });
    await settle();
    actor.send({ type: 'EDIT', edit: { kind: 'update', id: 1, changes: { amount: '250.00' } } }); // under way at once
    actor.send({ type: 'EDIT', edit: { kind: 'update', id: 2, changes: { description: 'Bonus' } } });
    actor.send({ type: 'EDIT', edit: { kind: 'remove', ids: [1, 2] } });
    actor.send({ type: 'EDIT', edit: { kind: 'restore', ids: [2] } });
    actor.send({ type: 'EDIT', edit: { kind: 'feeSide', feeShare: 'sender', ids: null } }); // its own call
    await settle(12);
    const saves = calls.save as { edits: { kind: string }[] }[];
    expect(saves.map((c) => c.edits.map((e) => e.kind))).toEqual([['update'], ['update', 'remove', 'restore'], ['feeSide']]);
    expect(actor.getSnapshot().context.payments.map((p) => [p.id, p.status, p.feeShare])).toEqual([
      [1, 'removed', 'sender'],
      [2, 'draft', 'sender'],
      [3, 'draft', 'sender'],
    ]);
    // Undo, newest first: the fee side (only the payment it changed), the restoration, the removal (only what it removed).
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.payments[2]!.feeShare).toBe('recipient');
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.payments[1]!.status).toBe('removed');
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.payments.map((p) => p.status)).toEqual(['draft', 'draft', 'draft']);
    actor.send({ type: 'UNDO' });
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.payments.map((p) => [p.amount, p.description])).toEqual([
      ['100.00', 'March'],
      ['100.00', 'March'],
      ['100.00', 'March'],
    ]);
    expect(actor.getSnapshot().context.undo).toEqual([]);
    actor.send({ type: 'UNDO' }); // nothing left to undo
    await settle(12);
    expect(actor.getSnapshot().context.queue).toHaveLength(0);
    expect(actor.getSnapshot().context.undo).toEqual([]); // undoing is not itself undone
  });

  it("a cell changed in place is checked by the row rule: a refused value stays on the cell and nothing is sent; the same value sends nothing; a good one is an update", async () => {
    const { actor, calls } = run({ batches: [batch('draft')], saves: [[payment(1, { amount: '12.50', fee: '1.00' })], [payment(2, { description: 'April' })]] }, { batchId: 41 });
    await settle();
    actor.send({ type: 'EDIT_CELL', id: 1, column: 'amount', value: '0,10' });
    expect(actor.getSnapshot().context.cellErrors).toEqual({ '1:amount': { value: '0,10', problem: 'amountRange' } });
    actor.send({ type: 'EDIT_CELL', id: 1, column: 'beneficiaryEmail', value: 'nobody@' });
    actor.send({ type: 'EDIT_CELL', id: 99, column: 'amount', value: '5.00' }); // no such payment
    expect(Object.keys(actor.getSnapshot().context.cellErrors).sort()).toEqual(['1:amount', '1:beneficiaryEmail', '99:amount']);
    expect(actor.getSnapshot().context.queue).toHaveLength(0);
    // The saved value again (Escape): the mark goes, nothing is sent.
    actor.send({ type: 'EDIT_CELL', id: 1, column: 'beneficiaryEmail', value: 'payee1@example.com' });
    expect(actor.getSnapshot().context.cellErrors['1:beneficiaryEmail']).toBeUndefined();
    expect(actor.getSnapshot().hasTag('saving')).toBe(false);
    actor.send({ type: 'EDIT_CELL', id: 1, column: 'amount', value: '12,5' });
    expect(actor.getSnapshot().context.cellErrors['1:amount']).toBeUndefined();
    expect(actor.getSnapshot().context.payments[0]!.amount).toBe('12.50');
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await settle();
    expect(calls.save![0]).toMatchObject({ batchId: 41, edits: [{ kind: 'update', id: 1, changes: { amount: '12.50' } }] });
    // A change from the payment's dialog replaces a refused value typed into that cell.
    actor.send({ type: 'EDIT_CELL', id: 2, column: 'description', value: 'x'.repeat(141) });
    expect(actor.getSnapshot().context.cellErrors['2:description']?.problem).toBe('tooLong');
    actor.send({ type: 'EDIT', edit: { kind: 'update', id: 2, changes: { description: 'April' } } });
    expect(actor.getSnapshot().context.cellErrors['2:description']).toBeUndefined();
    await settle();
    expect(calls.save).toHaveLength(2);
    // Undo takes the cell's change back like any other.
    expect(actor.getSnapshot().context.undo).toHaveLength(2);
  });

  it('a rename (full update) shows at once; a refused one goes back to the saved name and says why', async () => {
    const { actor, calls } = run({ batches: [batch('draft')], saves: [[], { message: { text: 'The batch can no longer be changed' } }] }, { batchId: 41 });
    await settle();
    actor.send({ type: 'EDIT', edit: { kind: 'rename', batchName: 'April payroll' } });
    expect(actor.getSnapshot().context.batch?.batchName).toBe('April payroll');
    await settle();
    expect(actor.getSnapshot().context.savedBatchName).toBe('April payroll');
    actor.send({ type: 'EDIT', edit: { kind: 'rename', batchName: 'May payroll' } });
    await settle();
    expect(actor.getSnapshot().context.batch?.batchName).toBe('April payroll');
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'The batch can no longer be changed' });
    expect(actor.getSnapshot().context.failedEdits).toEqual({});
    expect((calls.save as { edits: { kind: string }[] }[]).map((c) => c.edits.map((e) => e.kind))).toEqual([['rename'], ['rename']]);
  });

  it('a failed add is discarded (the row goes); a reject is asked first, may fail, and ends the batch', async () => {
    const { actor, calls } = run({ batches: [batch('draft')], saves: ['fail'], rejects: ['fail', 'ok'] }, { batchId: 41 });
    await settle();
    actor.send({ type: 'EDIT', edit: { kind: 'add', payment: payment(0) } });
    await settle();
    actor.send({ type: 'DISCARD_EDIT', id: -1 });
    expect(actor.getSnapshot().context.payments.map((p) => p.id)).toEqual([1, 2]);
    actor.send({ type: 'REJECT' });
    expect(actor.getSnapshot().hasTag('confirmReject')).toBe(true);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    actor.send({ type: 'REJECT' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'Server is not available' });
    actor.send({ type: 'REJECT' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().hasTag('rejected')).toBe(true);
    expect(actor.getSnapshot().context.batch?.status).toBe('rejected');
    expect(calls.reject).toEqual([{ batchId: 41 }, { batchId: 41 }]);
  });

  it('submit is asked first and goes through the approval once per intent; then the status is followed with back-off until it settles', async () => {
    const { actor, child, submitted, methods, effects, clock, calls, news } = run({
      batches: [batch('draft')],
      approvals: [{ approveType: 'sms', operationId: 'op-1' }, { approveType: 'push', operationId: 'op-2' }, { approveType: 'none' }],
      statuses: [
        { status: 'submitted', payments: [] },
        'fail',
        { status: 'processing', payments: [{ id: 1, status: 'processing' }, { id: 2, status: 'processing' }] },
        { status: 'processing', payments: [{ id: 1, status: 'processing' }, { id: 2, status: 'processing' }] },
        { status: 'completed', payments: [{ id: 1, status: 'completed', receivedBy: 'wallet' }, { id: 2, status: 'failed', failureReason: 'emailBounced' }] },
      ],
    }, { batchId: 41 });
    await settle();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('confirmSubmit')).toBe(true);
    actor.send({ type: 'BACK' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    const first = actor.getSnapshot().context.submitRequestId;
    expect(submitted[0]).toEqual({ batchId: 41, requestId: first });
    expect(methods[0]).toBe('globalPaySubmit');
    child()?.send({ type: 'CANCEL' }); // the code popup closed: the same intent
    await settle();
    expect(actor.getSnapshot().context.outcome).toBe('cancelled');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(submitted[1]).toEqual({ batchId: 41, requestId: first });
    child()?.send({ type: 'RESULT', result: { result: 'failed', operationId: 'op-2' } });
    await settle();
    child()?.send({ type: 'CLOSE' });
    await settle();
    expect(actor.getSnapshot().context.outcome).toBe('failed');
    expect(actor.getSnapshot().context.submitRequestId).not.toBe(first);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    child()?.send({ type: 'CLOSE' });
    await settle();
    // The cancelled approval above asked the balances again too (a push may still be approved); the success did, and navigated.
    expect(effects).toEqual(['moneyMoved', 'submitted', 'moneyMoved']);
    expect(actor.getSnapshot().hasTag('following')).toBe(true);
    expect(actor.getSnapshot().context.batch?.status).toBe('submitted');
    expect(actor.getSnapshot().context.attempt).toBe(0);
    clock.increment(1_000);
    await settle();
    expect(actor.getSnapshot().context.statusFailed).toBe(true);
    expect(calls.status).toHaveLength(2);
    expect(news.batchIds).toEqual([41]);
    news.send?.({ type: 'POLL' }); // the realtime channel's news of the batch: at once
    await settle();
    expect(actor.getSnapshot().context.statusFailed).toBe(false);
    expect(actor.getSnapshot().context.payments.map((p) => p.status)).toEqual(['processing', 'processing']);
    expect(actor.getSnapshot().context.attempt).toBe(0);
    clock.increment(1_000);
    await settle();
    expect(actor.getSnapshot().context.attempt).toBe(1); // unchanged: the next wait is longer
    clock.increment(1_000);
    await settle();
    expect(calls.status).toHaveLength(4);
    clock.increment(1_000);
    await settle();
    expect(actor.getSnapshot().hasTag('settled')).toBe(true);
    expect(actor.getSnapshot().context.payments.map((p) => [p.status, p.receivedBy, p.failureReason])).toEqual([
      ['completed', 'wallet', undefined],
      ['failed', undefined, 'emailBounced'],
    ]);
  });

  it('a failed payment is sent again (single approval) with a corrected e-mail, from the end or while following; only a failed one', async () => {
    const failed = [payment(1, { status: 'completed' }), payment(2, { status: 'failed', failureReason: 'emailBounced' })];
    const { actor, submitted, methods, clock, effects } = run({
      batches: [batch('completed', failed)],
      approvals: [{ approveType: 'none' }, { approveType: 'sms', operationId: 'op-9' }],
      statuses: [
        { status: 'processing', payments: [{ id: 1, status: 'completed' }, { id: 2, status: 'processing' }] },
        { status: 'completed', payments: [{ id: 1, status: 'completed' }, { id: 2, status: 'completed', receivedBy: 'card' }] },
      ],
    }, { batchId: 41 });
    await settle();
    actor.send({ type: 'RESEND', paymentId: 1 }); // paid: nothing to resend
    expect(actor.getSnapshot().hasTag('settled')).toBe(true);
    actor.send({ type: 'RESEND', paymentId: 2, beneficiaryEmail: ' fixed@example.com ' });
    await settle();
    expect(submitted[0]).toMatchObject({ batchId: 41, paymentId: 2, beneficiaryEmail: 'fixed@example.com' });
    expect(methods[0]).toBe('globalPayResendPayment');
    actor.getSnapshot().children.approval?.send({ type: 'CLOSE' });
    await settle();
    expect(actor.getSnapshot().context.payments[1]).toMatchObject({ status: 'processing', beneficiaryEmail: 'fixed@example.com' });
    expect(actor.getSnapshot().hasTag('following')).toBe(true);
    // The payment went again: money moved (balances refresh); the batch was not submitted again.
    expect(effects).toEqual(['moneyMoved']);
    clock.increment(1_000);
    await settle();
    expect(actor.getSnapshot().hasTag('settled')).toBe(true);
    expect(actor.getSnapshot().context.payments[1]).toMatchObject({ status: 'completed', receivedBy: 'card' });
    actor.send({ type: 'NEW' });
    expect(actor.getSnapshot().hasTag('choosing')).toBe(true);
  });

  it('a resend from a batch still under way, cancelled in the approval, keeps following', async () => {
    const mixed = [payment(1, { status: 'awaitingRecipient' }), payment(2, { status: 'failed', failureReason: 'emailBounced' })];
    const { actor, child, effects } = run({
      batches: [batch('processing', mixed)],
      approvals: [{ approveType: 'sms', operationId: 'op-3' }],
      statuses: [{ status: 'processing', payments: [{ id: 1, status: 'awaitingRecipient' }, { id: 2, status: 'failed' }] }],
    }, { batchId: 41 });
    await settle();
    actor.send({ type: 'RESEND', paymentId: 2 });
    await settle();
    expect(actor.getSnapshot().hasTag('resending')).toBe(true);
    child()?.send({ type: 'CANCEL' });
    await settle();
    expect(actor.getSnapshot().hasTag('following')).toBe(true);
    expect(actor.getSnapshot().context.payments[1]!.status).toBe('failed');
    // Cancelled: the balances are asked again (the money may have moved after all), nothing else.
    expect(effects).toEqual(['moneyMoved']);

    // Refused on the phone: nothing went, the payment stays failed and may be sent again.
    const refused = run({
      batches: [batch('processing', mixed)],
      approvals: [{ approveType: 'push', operationId: 'op-4' }],
      statuses: [{ status: 'processing', payments: [{ id: 1, status: 'awaitingRecipient' }, { id: 2, status: 'failed' }] }],
    }, { batchId: 41 });
    await settle();
    refused.actor.send({ type: 'RESEND', paymentId: 2 });
    await settle();
    refused.watched.send?.({ type: 'RESULT', result: { result: 'rejected', operationId: 'op-4' } });
    refused.child()?.send({ type: 'CLOSE' });
    await settle();
    expect(refused.actor.getSnapshot().hasTag('following')).toBe(true);
    expect(refused.actor.getSnapshot().context).toMatchObject({ resend: null });
    expect(refused.actor.getSnapshot().context.payments[1]!.status).toBe('failed');
    expect(refused.effects).toEqual([]);
  });

  expectFullCoverage(coverage);
});
