// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { supportMessageMachine, type AttachedFile, type SupportMessageSend } from '@machines/support/support-message.machine';
import { fileProblemMessage, supportMessageMessages } from '@machines/support/support-message.form';
import { REPLY_FIELD, type TicketFieldRule } from '@machines/support/support-message.rules';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 8) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
type Outcome<T> = { ok: T } | { throws: unknown };

const FIELDS: TicketFieldRule[] = [
  { apiName: 'subject', type: 'Text', isMandatory: true, maxLength: 255, allowedValues: [] },
  { apiName: 'description', type: 'Textarea', isMandatory: true, maxLength: 32000, allowedValues: [] },
  { apiName: 'category', type: 'Picklist', isMandatory: false, maxLength: 64, allowedValues: ['Cards', 'Other'] },
];
const LIMITS = { maxCount: 2, maxSize: 1000, types: ['application/pdf', 'image/png'] };
const pdf = { name: 'statement.pdf', size: 100, type: 'application/pdf', file: 'F1' };
const png = { name: 'screen.png', size: 200, type: 'image/png', file: 'F2' };

/** A new ticket or a reply with attachments (issue 60): checked, uploaded in turn, sent once per intent; nothing typed lost. */
describe('support message statechart (issue 60)', () => {
  const coverage = new Coverage(supportMessageMachine);

  function run(options: { fields?: TicketFieldRule[]; upload?: Outcome<string>[]; send?: Outcome<unknown>[]; repeatable?: boolean } = {}) {
    const uploads: string[] = [];
    const sent: SupportMessageSend[] = [];
    let ids = 0;
    const next = <T>(list: Outcome<T>[] | undefined, fallback: () => T): T => {
      const outcome = list?.shift() ?? { ok: fallback() };
      if ('throws' in outcome) throw outcome.throws;
      return outcome.ok;
    };
    const actor = createActor(
      supportMessageMachine.provide({
        actors: {
          upload: fromPromise(async ({ input }: { input: { file: AttachedFile; report: (percent: number) => void } }) => {
            uploads.push(input.file.name);
            input.report(40.4);
            return next(options.upload, () => `u${(ids += 1)}`);
          }),
          send: fromPromise(async ({ input }: { input: SupportMessageSend }) => {
            sent.push(input);
            return next(options.send, () => ({ id: 'T1' }));
          }),
        },
      }),
      { input: { fields: options.fields ?? FIELDS, limits: LIMITS, ...(options.repeatable ? { repeatable: true } : {}) }, inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const snapshot = () => actor.getSnapshot();
    return { actor, uploads, sent, send: actor.send.bind(actor), value: () => snapshot().value, context: () => snapshot().context, snapshot };
  }

  it('a ticket checked first: nothing sent while a field is wrong; its error cleared as it is typed', () => {
    const { send, context, sent } = run();
    send({ type: 'CHANGE', name: 'category', value: 'Loans' });
    send({ type: 'SUBMIT' });
    expect(Object.keys(context().errors).sort()).toEqual(['category', 'description', 'subject']);
    expect(context().attempts).toBe(1);
    send({ type: 'CHANGE', name: 'subject', value: 'Card blocked' });
    expect(Object.keys(context().errors).sort()).toEqual(['category', 'description']);
    expect(sent).toEqual([]);
  });

  it('files admitted within the limits, the refused ones said by name; removed; uploaded in turn with progress, then sent once with their ids', async () => {
    const { send, context, value, uploads, sent, snapshot } = run();
    send({ type: 'ADD_FILES', files: [pdf, pdf, { name: 'big.png', size: 5000, type: 'image/png', file: 'F3' }, png, { name: 'more.png', size: 5, type: 'image/png', file: 'F4' }] });
    expect(context().files.map((file) => file.name)).toEqual(['statement.pdf', 'screen.png']);
    expect(context().fileNotes).toEqual([
      fileProblemMessage('duplicate', 'statement.pdf', LIMITS),
      fileProblemMessage('tooLarge', 'big.png', LIMITS),
      fileProblemMessage('overCount', 'more.png', LIMITS),
    ]);
    send({ type: 'REMOVE_FILE', key: context().files[1]!.key });
    expect(context().files.map((file) => file.name)).toEqual(['statement.pdf']);
    expect(context().fileNotes).toEqual([]);
    send({ type: 'ADD_FILES', files: [png] });
    send({ type: 'CHANGE', name: 'subject', value: ' Card blocked ' });
    send({ type: 'CHANGE', name: 'description', value: 'My card says blocked.' });
    send({ type: 'CHANGE', name: 'category', value: '' });
    send({ type: 'SUBMIT' });
    expect(value()).toEqual({ uploading: 'file' });
    expect(snapshot().hasTag('busy')).toBe(true);
    expect(context().files[0]).toMatchObject({ status: 'uploading', progress: 40 });
    send({ type: 'SUBMIT' }); // not taken while busy
    await settle();
    expect(snapshot().status).toBe('done');
    expect(snapshot().output).toEqual({ id: 'T1' });
    expect(uploads).toEqual(['statement.pdf', 'screen.png']);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ values: { subject: 'Card blocked', description: 'My card says blocked.' }, uploadIds: ['u1', 'u2'] });
    expect(sent[0]!.requestId).toMatch(/.{8,}/);
  });

  it('a failed upload: nothing sent, all kept, the file marked; sent again it uploads only what is missing', async () => {
    const { send, context, value, uploads, sent } = run({ fields: [REPLY_FIELD], upload: [{ ok: 'u1' }, { throws: { message: { text: 'Upload failed' } } }, { ok: 'u2' }] });
    send({ type: 'CHANGE', name: 'content', value: 'Here are the files.' });
    send({ type: 'ADD_FILES', files: [pdf, png] });
    send({ type: 'SUBMIT' });
    await settle();
    expect(value()).toBe('editing');
    expect(context().error).toEqual({ descriptor: supportMessageMessages.uploadFailed });
    expect(context().files.map((file) => [file.status, file.problem])).toEqual([
      ['uploaded', null],
      ['failed', { text: 'Upload failed' }],
    ]);
    expect(context().values.content).toBe('Here are the files.');
    expect(sent).toEqual([]);
    send({ type: 'SUBMIT' });
    await settle();
    expect(uploads).toEqual(['statement.pdf', 'screen.png', 'screen.png']);
    expect(sent[0]).toMatchObject({ values: { content: 'Here are the files.' }, uploadIds: ['u1', 'u2'] });
  });

  it('an upload refused without words: the generic reason', async () => {
    const { send, context } = run({ fields: [REPLY_FIELD], upload: [{ throws: new Error('bug') }] });
    send({ type: 'CHANGE', name: 'content', value: 'x' });
    send({ type: 'ADD_FILES', files: [pdf] });
    send({ type: 'SUBMIT' });
    await settle();
    expect(context().error).toEqual({ descriptor: supportMessageMessages.uploadFailed });
    expect(context().files[0]!.problem).toBeNull();
  });

  it('a refused send keeps its requestId (sent again, the same intent); the service’s field errors by apiName; a change is a new intent', async () => {
    const { send, context, sent, value } = run({
      send: [{ throws: { message: { text: 'Server is not available' } } }, { throws: { fields: { subject: { text: 'Too long for the desk' } }, message: { text: 'Check the fields' } } }],
    });
    send({ type: 'CHANGE', name: 'subject', value: 'Card' });
    send({ type: 'CHANGE', name: 'description', value: 'Blocked' });
    send({ type: 'SUBMIT' });
    await settle();
    expect(value()).toBe('editing');
    expect(context().error).toEqual({ text: 'Server is not available' });
    send({ type: 'SUBMIT' });
    await settle();
    expect(sent.map((one) => one.requestId)).toEqual([sent[0]!.requestId, sent[0]!.requestId]);
    expect(context().errors).toEqual({ subject: { text: 'Too long for the desk' } });
    expect(context().attempts).toBe(1);
    send({ type: 'CHANGE', name: 'subject', value: 'Card blocked' });
    expect(context().requestId).toBeNull();
    send({ type: 'SUBMIT' });
    await settle();
    expect(sent[2]!.requestId).not.toBe(sent[0]!.requestId);
  });

  it('a reply is repeatable: once sent it says so and is empty for the next one, which is a new intent', async () => {
    const { actor, send, context, value, sent, snapshot } = run({ fields: [REPLY_FIELD], repeatable: true, send: [{ ok: { id: 'R1' } }, { ok: { id: 'R2' } }] });
    const heard: unknown[] = [];
    actor.on('sent', (event) => heard.push(event.made));
    send({ type: 'CHANGE', name: 'content', value: 'First' });
    send({ type: 'ADD_FILES', files: [pdf] });
    send({ type: 'SUBMIT' });
    await settle();
    expect(heard).toEqual([{ id: 'R1' }]);
    expect(value()).toBe('editing');
    expect(snapshot().status).toBe('active');
    expect(context()).toMatchObject({ values: {}, files: [], error: null, requestId: null });
    send({ type: 'CHANGE', name: 'content', value: 'Second' });
    send({ type: 'SUBMIT' });
    await settle();
    expect(heard).toEqual([{ id: 'R1' }, { id: 'R2' }]);
    expect(sent.map((one) => one.values.content)).toEqual(['First', 'Second']);
    expect(sent[1]!.requestId).not.toBe(sent[0]!.requestId);
    expect(sent[1]!.uploadIds).toEqual([]);
  });

  expectFullCoverage(coverage);
});
