// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { usFormMessages, usFormProblems, usFormUploadMachine, type ChosenUsFile, type UsFormValues } from '@machines/certification/us-form-upload.machine';
import type { CertificationForm as UsForm } from '@machines/certification/tax.rules';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const TODAY = '2026-11-26';
const pdf: ChosenUsFile = { name: 'w8ben-signed.pdf', type: 'application/pdf', size: 40_000 };
const values = (over: Partial<UsFormValues> = {}): UsFormValues => ({ signedName: 'Ana Lima', signedDate: TODAY, issuedDate: '', ...over });
const descriptors = (errors: ReturnType<typeof usFormProblems>) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v && 'descriptor' in v ? v.descriptor : v]));

describe('US form problems (002 s5, s7)', () => {
  it.each([
    ['a W-8BEN signed and chosen', 'w8ben', values(), pdf, {}],
    ['a W-9 without a name', 'w9', values({ signedName: ' A ' }), pdf, { signedName: usFormMessages.nameRequired }],
    ['a name of 100 characters', 'w9', values({ signedName: 'n'.repeat(100) }), pdf, {}],
    ['a name of 101 characters', 'w9', values({ signedName: 'n'.repeat(101) }), pdf, { signedName: usFormMessages.nameRequired }],
    ['no signing date', 'w8ben', values({ signedDate: '' }), pdf, { signedDate: usFormMessages.dateRequired }],
    ['a date written otherwise', 'w8ben', values({ signedDate: '26/11/2026' }), pdf, { signedDate: usFormMessages.dateFormat }],
    ['signed tomorrow', 'w8ben', values({ signedDate: '2026-11-27' }), pdf, { signedDate: usFormMessages.dateFuture }],
    ['no file', 'w8ben', values(), null, { file: usFormMessages.fileRequired }],
    ['a text file', 'w8ben', values(), { ...pdf, type: 'text/plain' }, { file: usFormMessages.fileType }],
    ['an empty file', 'w9', values(), { ...pdf, size: 0 }, { file: usFormMessages.fileEmpty }],
    ['11 MB', 'w9', values(), { ...pdf, size: 11_000_000 }, { file: usFormMessages.fileSize }],
    ['a certificate needs no name or signing date', 'lossOfNationality', values({ signedName: '', signedDate: '' }), pdf, {}],
    ['a certificate with its date of issue', 'lossOfNationality', values({ issuedDate: '2015-03-01' }), pdf, {}],
    ['a certificate issued in the future', 'lossOfNationality', values({ issuedDate: '2027-01-01' }), pdf, { issuedDate: usFormMessages.dateFuture }],
    ['a certificate date written otherwise', 'lossOfNationality', values({ issuedDate: '2015-02-30' }), pdf, { issuedDate: usFormMessages.dateFormat }],
  ] as const)('%s', (_name, kind, input, file, expected) => {
    expect(descriptors(usFormProblems(kind as UsForm, input, file, TODAY))).toEqual(expected);
  });
});

describe('US form upload statechart', () => {
  const coverage = new Coverage(usFormUploadMachine);

  function run(kind: UsForm, outcomes: ('ok' | { fields?: Record<string, { text: string }>; message?: { text: string } })[]) {
    const sent: { kind: UsForm; values: UsFormValues; file: ChosenUsFile }[] = [];
    const tracked: string[] = [];
    let done = 0;
    const actor = createActor(
      usFormUploadMachine.provide({
        actors: {
          upload: fromPromise(async ({ input }) => {
            sent.push(input);
            const next = outcomes.shift() ?? 'ok';
            if (next !== 'ok') throw next;
          }),
        },
        actions: { track: (_, params) => void tracked.push(params.event), sent: () => void (done += 1) },
      }),
      { input: { kind, today: TODAY, signedName: 'Ana Lima' }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, sent, tracked, done: () => done };
  }

  it('a W-8BEN: nothing sent without a file; a refusal by field keeps what was given; then sent once and tracked "Sign W Form"', async () => {
    const { actor, sent, tracked, done } = run('w8ben', [{ fields: { file: { text: 'The file is not a PDF, JPEG or PNG' } } }, { message: { text: 'The service is busy' } }, 'ok']);
    expect(actor.getSnapshot().context.values).toEqual({ signedName: 'Ana Lima', signedDate: TODAY, issuedDate: '' });
    actor.send({ type: 'SUBMIT' });
    expect(sent).toEqual([]);
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['file']);
    actor.send({ type: 'CHOOSE', file: pdf });
    expect(actor.getSnapshot().context.errors.file).toBeUndefined();
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' }); // ignored while sending
    await settle();
    expect(actor.getSnapshot().context.errors.file).toEqual({ text: 'The file is not a PDF, JPEG or PNG' });
    expect(actor.getSnapshot().context.file).toEqual(pdf);
    actor.send({ type: 'CHANGE', field: 'signedName', value: 'Ana M. Lima' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.failure).toEqual({ text: 'The service is busy' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toHaveLength(3);
    expect(sent[2]).toEqual({ kind: 'w8ben', values: { signedName: 'Ana M. Lima', signedDate: TODAY, issuedDate: '' }, file: pdf });
    expect(tracked).toEqual(['Sign W Form', 'Sign W Form', 'Sign W Form']);
    expect(actor.getSnapshot().hasTag('sent')).toBe(true);
    expect(done()).toBe(1);
  });

  it('the certificate: tracked "Submit Loss of Nationality"', async () => {
    const { actor, tracked } = run('lossOfNationality', []);
    actor.send({ type: 'CHOOSE', file: { ...pdf, name: 'cln.png', type: 'image/png' } });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(tracked).toEqual(['Submit Loss of Nationality']);
    expect(actor.getSnapshot().hasTag('sent')).toBe(true);
  });

  expectFullCoverage(coverage);
});
