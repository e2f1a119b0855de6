// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { logoUploadMachine, type ChosenFile } from '@machines/merchant/logo-upload.machine';
import { merchantMessages as m } from '@machines/merchant/merchant-messages';
import { LOGO_MAX_BYTES, type LogoType } from '@machines/merchant/merchant.rules';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const UUID = /^[0-9a-f-]{36}$/;
const e = (descriptor: (typeof m)[keyof typeof m]) => ({ descriptor });

const file = (name: string, type: string, size: number): ChosenFile => ({ name, type, size, blob: new Blob([new Uint8Array(Math.min(size, 16))], { type }) });
const png = file('logo.png', 'image/png', 2048);

type Outcome<T> = { ok: T } | { throws: unknown };

/**
 * A business logo uploaded (issue 55; 001 s7 logo create, multipart with data and file[]): the name
 * and the file checked first (PNG or JPEG, at most 1 MB), the first bytes read before any upload,
 * one request per intent, a refusal keeping the name and the file.
 */
describe('logo upload statechart (issue 55)', () => {
  const coverage = new Coverage(logoUploadMachine);

  function run(options: { kinds?: Outcome<LogoType | null>[]; uploads?: Outcome<number>[]; isDefault?: boolean } = {}) {
    const calls = { read: [] as Blob[], upload: [] as { name: string; isDefault: boolean; file: Blob; requestId: string }[] };
    const uploaded: string[] = [];
    const step = <T,>(outcomes: Outcome<T>[] | undefined, fallback: T): T => {
      const outcome = outcomes?.shift() ?? { ok: fallback };
      if ('throws' in outcome) throw outcome.throws;
      return outcome.ok;
    };
    const actor = createActor(
      logoUploadMachine.provide({
        actors: {
          readKind: fromPromise(async ({ input }) => {
            calls.read.push(input.file);
            return step(options.kinds, 'image/png' as LogoType | null);
          }),
          upload: fromPromise(async ({ input }) => {
            calls.upload.push(input);
            return step(options.uploads, 41);
          }),
        },
        actions: { uploaded: () => void uploaded.push('uploaded') },
      }),
      { input: options.isDefault === undefined ? undefined : { isDefault: options.isDefault }, inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const state = () => actor.getSnapshot().value;
    const context = () => actor.getSnapshot().context;
    return { actor, state, context, calls, uploaded };
  }

  it('every problem by field before anything is read or sent; choosing and typing clear their own', async () => {
    const { actor, state, context, calls } = run();
    expect(state()).toBe('editing');
    expect(context()).toMatchObject({ name: '', isDefault: false, file: null, errors: {}, attempts: 0, logoId: null });
    expect(context().requestId).toMatch(UUID);
    actor.send({ type: 'SUBMIT' });
    expect(context().errors).toEqual({ name: e(m.nameRequired), file: e(m.logoRequired) });
    expect(context().attempts).toBe(1);
    actor.send({ type: 'CHANGE_NAME', value: 'n'.repeat(101) });
    expect(context().errors).toEqual({ file: e(m.logoRequired) });
    actor.send({ type: 'CHOOSE', file: file('anim.gif', 'image/gif', 10) });
    expect(context().errors).toEqual({});
    actor.send({ type: 'SUBMIT' });
    expect(context().errors).toEqual({ name: e(m.nameTooLong), file: e(m.logoType) });
    actor.send({ type: 'CHANGE_NAME', value: 'Main' });
    actor.send({ type: 'CHOOSE', file: file('big.png', 'image/png', LOGO_MAX_BYTES + 1) });
    actor.send({ type: 'SUBMIT' });
    expect(context().errors).toEqual({ file: e(m.logoTooLarge) });
    actor.send({ type: 'CHOOSE', file: file('empty.png', 'image/png', 0) });
    actor.send({ type: 'SUBMIT' });
    expect(context().errors).toEqual({ file: e(m.logoEmpty) });
    expect(context().attempts).toBe(4);
    expect(state()).toBe('editing');
    await settle();
    expect(calls).toEqual({ read: [], upload: [] });
  });

  it('a file that is not an image by its first bytes, or cannot be read, is refused before any upload', async () => {
    const { actor, state, context, calls } = run({ kinds: [{ ok: null }, { throws: new Error('NotReadableError') }] });
    actor.send({ type: 'CHANGE_NAME', value: 'Main' });
    actor.send({ type: 'CHOOSE', file: png });
    actor.send({ type: 'SUBMIT' });
    expect(state()).toBe('checking');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(state()).toBe('editing');
    expect(context().errors).toEqual({ file: e(m.logoNotImage) });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(context().errors).toEqual({ file: e(m.logoUnreadable) });
    expect(context().attempts).toBe(2);
    expect(calls.read).toEqual([png.blob, png.blob]);
    expect(calls.upload).toEqual([]);
  });

  it('uploaded once with the trimmed name and the flag; the same intent after a failure keeps its requestId, another gets a new one', async () => {
    const { actor, state, context, calls, uploaded } = run({
      isDefault: true,
      uploads: [{ throws: { text: 'Server is not available' } }, { throws: { fields: { name: { text: 'A logo has this name' } } } }, { throws: { message: { text: 'You have 20 logos: delete one first' } } }, { ok: 42 }],
    });
    expect(context().isDefault).toBe(true);
    actor.send({ type: 'CHANGE_NAME', value: '  Main  ' });
    actor.send({ type: 'CHOOSE', file: png });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls.upload).toEqual([{ name: 'Main', isDefault: true, file: png.blob, requestId: context().requestId }]);
    expect(state()).toBe('editing');
    expect(context()).toMatchObject({ errors: {}, error: { text: 'Server is not available' }, attempts: 0, name: '  Main  ', file: png });
    const first = calls.upload[0]!.requestId;

    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls.upload[1]!.requestId).toBe(first);
    expect(context()).toMatchObject({ errors: { name: { text: 'A logo has this name' } }, error: null, attempts: 1 });

    actor.send({ type: 'SET_DEFAULT', value: false });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls.upload[2]).toMatchObject({ isDefault: false });
    expect(calls.upload[2]!.requestId).not.toBe(first);
    expect(context()).toMatchObject({ errors: {}, error: { text: 'You have 20 logos: delete one first' } });
    expect(uploaded).toEqual([]);

    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls.upload[3]!.requestId).toBe(calls.upload[2]!.requestId);
    expect(state()).toBe('uploaded');
    expect(actor.getSnapshot().output).toEqual({ logoId: 42 });
    expect(uploaded).toEqual(['uploaded']);
  });

  it('another file is another intent; CANCEL ends it with nothing uploaded', async () => {
    const { actor, state, context, calls } = run({ uploads: [{ throws: { text: 'Server is not available' } }] });
    actor.send({ type: 'CHANGE_NAME', value: 'Main' });
    actor.send({ type: 'CHOOSE', file: png });
    actor.send({ type: 'SUBMIT' });
    await settle();
    const jpeg = file('logo.jpg', 'image/jpeg', 4096);
    actor.send({ type: 'CHOOSE', file: jpeg });
    actor.send({ type: 'CHOOSE', file: null });
    expect(context().file).toBeNull();
    actor.send({ type: 'CHOOSE', file: jpeg });
    actor.send({ type: 'CANCEL' });
    expect(state()).toBe('cancelled');
    expect(actor.getSnapshot().output).toEqual({ logoId: null });
    expect(calls.upload).toHaveLength(1);
  });

  it('a new file after a failure gets a new requestId', async () => {
    const { actor, calls } = run({ uploads: [{ throws: { text: 'Server is not available' } }, { ok: 43 }] });
    actor.send({ type: 'CHANGE_NAME', value: 'Main' });
    actor.send({ type: 'CHOOSE', file: png });
    actor.send({ type: 'SUBMIT' });
    await settle();
    actor.send({ type: 'CHOOSE', file: file('logo.jpg', 'image/jpeg', 4096) });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls.upload[1]!.requestId).not.toBe(calls.upload[0]!.requestId);
  });

  expectFullCoverage(coverage);
});
