// @vitest-environment node
import { createActor, fromCallback, fromPromise, type AnyActorRef, type InspectionEvent } from 'xstate';
import { massFileMachine, massFileRequest, type MassFileSummaryFact } from '@machines/transfers/mass-file.machine';
import { Coverage, expectFullCoverage } from './coverage';
import { scriptedApproval } from './scripted-approval';

const settle = async (n = 4) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const file = new Blob(['beneficiaryName,amount\n'], { type: 'text/csv' });
const clean: MassFileSummaryFact = { count: 3, total: '300.00', fee: '3.00', currencyCode: 'EUR', errors: [] };

/** A mass file from its choice to its approval, with the browser's check and the service's summary scripted. */
describe('mass file machine (001 s5, s7: mass transfer by file)', () => {
  const coverage = new Coverage(massFileMachine);

  function run(summaries: (MassFileSummaryFact | 'fail')[], approvals: Parameters<typeof scriptedApproval>[0] = []) {
    const checks = { started: 0, stopped: 0 };
    const summarized: unknown[] = [];
    const effects: string[] = [];
    const approval = scriptedApproval(approvals);
    const actor = createActor(
      massFileMachine.provide({
        actors: {
          check: fromCallback(() => {
            checks.started += 1;
            return () => void (checks.stopped += 1);
          }),
          summarize: fromPromise(async ({ input }) => {
            summarized.push(input);
            const next = summaries.shift();
            if (next === 'fail' || next === undefined) throw { text: 'Server is not available' };
            return next;
          }),
          approval: approval.logic,
        },
        actions: { moneyMoved: () => void effects.push('moneyMoved') },
      }),
      { input: { method: 'wire' }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const child = () => actor.getSnapshot().children.approval as AnyActorRef | undefined;
    return { actor, checks, summarized, effects, child, submitted: approval.submitted, methods: approval.methods };
  }

  it('a file chosen before the account is checked once the account is known; progress, then problems with their lines; a fixed file is checked again', () => {
    const { actor, checks } = run([]);
    actor.send({ type: 'BATCH_NAME', batchName: 'November rent' });
    actor.send({ type: 'FILE', file, fileName: 'wires.csv' });
    expect(actor.getSnapshot().hasTag('checking')).toBe(false);
    actor.send({ type: 'ACCOUNT', accountId: '7' });
    expect(actor.getSnapshot().hasTag('checking')).toBe(true);
    actor.send({ type: 'PROGRESS', share: 0.5 });
    expect(actor.getSnapshot().context.progress).toBe(0.5);
    actor.send({ type: 'CHECKED', rows: 2, problems: [{ line: 3, column: 'iban', problem: 'format' }] });
    expect(actor.getSnapshot().hasTag('problems')).toBe(true);
    expect(checks).toEqual({ started: 1, stopped: 1 });
    actor.send({ type: 'ACCOUNT', accountId: '8' });
    actor.send({ type: 'BATCH_NAME', batchName: 'December rent' });
    actor.send({ type: 'FILE', file, fileName: 'wires-fixed.csv' });
    expect(actor.getSnapshot().hasTag('checking')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ accountId: '8', batchName: 'December rent', fileName: 'wires-fixed.csv', problems: [], progress: 0 });
  });

  it('a file the browser cannot read, and a check cancelled, go back to the choice without the file', () => {
    const { actor, checks } = run([]);
    actor.send({ type: 'ACCOUNT', accountId: '7' });
    actor.send({ type: 'FILE', file, fileName: 'wires.csv' });
    actor.send({ type: 'CHECK_FAILED' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.file).toBeNull();
    expect(actor.getSnapshot().context.failure).not.toBeNull();
    actor.send({ type: 'FILE', file, fileName: 'wires.csv' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().hasTag('checking')).toBe(false);
    expect(actor.getSnapshot().context.fileName).toBe('');
    expect(checks.stopped).toBe(2); // the worker is ended both times
  });

  it('a clean file is summarised (nothing moves); rows the service refuses come back as problems; a failed summary keeps the choice', async () => {
    const refused: MassFileSummaryFact = { ...clean, count: 2, errors: [{ line: 4, column: 'countryCode', problem: 'unknown', message: 'Line 4: wires cannot go to this country' }] };
    const { actor, summarized } = run([refused, 'fail']);
    actor.send({ type: 'ACCOUNT', accountId: '7' });
    actor.send({ type: 'FILE', file, fileName: 'wires.csv' });
    actor.send({ type: 'CHECKED', rows: 3, problems: [] });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(summarized[0]).toEqual({ data: { onlySummary: true, accountId: 7, method: 'wire' }, file, fileName: 'wires.csv' });
    expect(actor.getSnapshot().hasTag('problems')).toBe(true);
    expect(actor.getSnapshot().context.problems).toEqual(refused.errors);
    actor.send({ type: 'FILE', file, fileName: 'wires.csv' });
    actor.send({ type: 'CHECKED', rows: 3, problems: [] });
    await settle();
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'Server is not available' });
  });

  it('reviewed, then sent through the approval with one requestId per reviewed summary; failed, cancelled, sent, and a new batch', async () => {
    const { actor, child, submitted, methods, effects } = run([clean, clean], [{ approveType: 'sms', operationId: 'op-1' }, { approveType: 'push', operationId: 'op-2' }, { approveType: 'none', status: 'pending' }]);
    actor.send({ type: 'ACCOUNT', accountId: '7' });
    actor.send({ type: 'BATCH_NAME', batchName: ' Rent ' });
    actor.send({ type: 'FILE', file, fileName: 'wires.csv' });
    actor.send({ type: 'CHECKED', rows: 3, problems: [] });
    await settle();
    expect(actor.getSnapshot().hasTag('review')).toBe(true);
    const first = actor.getSnapshot().context.requestId;
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(submitted[0]).toEqual({ data: { onlySummary: false, accountId: 7, method: 'wire', batchName: 'Rent', requestId: first }, file, fileName: 'wires.csv' });
    expect(methods[0]).toBe('massTransfer');
    child()?.send({ type: 'CLOSE' }); // the code popup closed without a code: not a result
    child()?.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().context.outcome).toBe('cancelled');
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect((submitted[1] as { data: { requestId: string } }).data.requestId).toBe(first); // cancelled: the same intent
    child()?.send({ type: 'RESULT', result: { result: 'failed', operationId: 'op-2' } });
    actor.getSnapshot().children.approval?.send({ type: 'CLOSE' });
    await settle();
    actor.send({ type: 'EDIT' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    actor.send({ type: 'FILE', file, fileName: 'wires.csv' });
    actor.send({ type: 'CHECKED', rows: 3, problems: [] });
    await settle();
    actor.send({ type: 'CONFIRM' });
    await settle();
    child()?.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().hasTag('sent')).toBe(true);
    // Once for the cancelled approval (the balances asked again: it may have moved after all), once sent.
    expect(effects).toEqual(['moneyMoved', 'moneyMoved']);
    actor.send({ type: 'NEW' });
    expect(actor.getSnapshot().context).toMatchObject({ accountId: '7', batchName: '', file: null, summary: null, outcome: null });
  });

  it('the request: the data part (001 s7) and the file; the requestId only with the real submit', () => {
    const context = { method: 'crypto' as const, accountId: '9', batchName: '  ', file, fileName: 'c.csv' };
    expect(massFileRequest(context, true, 'req-1')).toEqual({ data: { onlySummary: true, accountId: 9, method: 'crypto' }, file, fileName: 'c.csv' });
    expect(massFileRequest(context, false, 'req-1').data).toEqual({ onlySummary: false, accountId: 9, method: 'crypto', requestId: 'req-1' });
  });

  expectFullCoverage(coverage);
});
