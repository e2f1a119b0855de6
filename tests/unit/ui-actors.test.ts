// @vitest-environment node
import { createActor, setup, fromPromise, type AnyActorLogic } from 'xstate';
import { msg } from '@lingui/core/macro';
import { isProofRefusal } from '@machines/shared/form.machine';
import { ApiError, asFormFailure, asUiMessage, formActor, toFormFailure, toUiMessage, uiActor } from '@/shared/api';

/** Runs a promise actor to its end: its output, or what it threw. */
function run(logic: AnyActorLogic, input: unknown): Promise<{ output?: unknown; error?: unknown }> {
  return new Promise((resolve) => {
    const actor = createActor(logic, { input });
    actor.subscribe({
      complete: () => resolve({ output: actor.getSnapshot().output }),
      error: (error) => resolve({ error }),
    });
    actor.start();
  });
}

const refusal = new ApiError({ kind: 'validation', status: 200, code: 'VF', serverMessage: 'The amount is too large', validationErrors: [{ param: 'amount', description: 'Too large' }] });
const fallback = msg`Nothing could be saved`;

describe('uiActor and formActor: a call whose failure reaches the statechart in its shape', () => {
  it('a success passes the output through; the input and an abort signal reach the call', async () => {
    const seen: unknown[] = [];
    const logic = uiActor<string, { id: number }>(async (input, signal) => {
      seen.push(input, signal instanceof AbortSignal);
      return `ok ${input.id}`;
    });
    expect(await run(logic, { id: 7 })).toEqual({ output: 'ok 7' });
    expect(seen).toEqual([{ id: 7 }, true]);
  });

  it('uiActor: a refusal becomes the UiMessage toUiMessage makes; a bug becomes the fallback, never its text', async () => {
    expect(await run(uiActor(async () => Promise.reject(refusal)), {})).toEqual({ error: toUiMessage(refusal) });
    expect((await run(uiActor(async () => Promise.reject(refusal)), {})).error).toEqual({ text: 'The amount is too large' });
    const bug = await run(uiActor(async () => Promise.reject(new TypeError('x is undefined')), fallback), {});
    expect(bug.error).toEqual({ descriptor: fallback });
  });

  it('formActor: a refusal becomes the FormFailure with its field errors', async () => {
    const { error } = await run(formActor(async () => Promise.reject(refusal)), {});
    expect(error).toEqual(toFormFailure(refusal));
    expect(error).toMatchObject({ fields: { amount: expect.anything() } });
  });

  it('in a statechart: its output and input types are the declared actor', async () => {
    const machine = setup({ actors: { load: fromPromise<number, { n: number }>(async () => 0) } }).createMachine({
      initial: 'loading',
      context: { n: 0 },
      states: { loading: { invoke: { src: 'load', input: { n: 2 }, onDone: { target: 'done', actions: ({ event }) => void (result = event.output) } } }, done: { type: 'final' } },
    });
    let result = 0;
    const actor = createActor(machine.provide({ actors: { load: uiActor(async (input) => input.n * 21) } })).start();
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(result).toBe(42);
  });
});

const wordsFallback = { id: 'test.fallback', message: 'Could not save' };
const emailRefusal = () =>
  new ApiError({
    kind: 'validation',
    code: 'VF',
    serverMessage: 'Check the e-mail',
    validationErrors: [{ param: 'email', description: 'Not an e-mail' }],
  });
const silentRefusal = () => new ApiError({ kind: 'invalidParams', code: 'TA1' });

/** What a promise rejected with (fails the test when it resolved). */
async function rejection(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('resolved, a rejection was expected');
}

describe('asUiMessage and asFormFailure (plain functions)', () => {
  it('a refusal becomes the UiMessage toUiMessage makes: the server words', async () => {
    const error = emailRefusal();
    const thrown = await rejection(asUiMessage(() => Promise.reject(error)));
    expect(thrown).toEqual(toUiMessage(error));
    expect(thrown).toEqual({ text: 'Check the e-mail' });
  });

  it('a refusal without words: the fallback given', async () => {
    expect(await rejection(asUiMessage(() => Promise.reject(silentRefusal()), wordsFallback))).toEqual({ descriptor: wordsFallback });
  });

  it('a form refusal becomes the FormFailure toFormFailure makes: fields by param and the message', async () => {
    const error = emailRefusal();
    const thrown = await rejection(asFormFailure(() => Promise.reject(error)));
    expect(thrown).toEqual(toFormFailure(error));
    expect(thrown).toEqual({ fields: { email: { text: 'Not an e-mail' } }, message: { text: 'Check the e-mail' } });
    expect(await rejection(asFormFailure(() => Promise.reject(silentRefusal()), wordsFallback))).toEqual({ message: { descriptor: wordsFallback } });
  });

  it('a 403 with code REAUTH is a refusal the statechart answers by asking the user to confirm it is them (issue 49); another 403 is not', async () => {
    const reauth = new ApiError({ kind: 'noAccess', status: 403, code: 'REAUTH', serverMessage: 'Confirm it is you first' });
    expect(toFormFailure(reauth)).toEqual({ message: { text: 'Confirm it is you first' }, proofRefused: true });
    expect(isProofRefusal(await rejection(asFormFailure(() => Promise.reject(reauth))))).toBe(true);
    const other = new ApiError({ kind: 'noAccess', status: 403, code: 'NOPE', serverMessage: 'Not yours' });
    expect(isProofRefusal(toFormFailure(other))).toBe(false);
    expect(isProofRefusal(null)).toBe(false);
  });

  it('a failure thrown while the call is made (before its promise) is turned too', async () => {
    const thrown = await rejection(
      asUiMessage(() => {
        throw new Error('no client');
      }),
    );
    expect(thrown).toEqual(toUiMessage(new Error('no client')));
    expect(thrown).not.toBeInstanceOf(Error);
  });

  it('a success passes through', async () => {
    await expect(asUiMessage(async () => ({ id: 7 }))).resolves.toEqual({ id: 7 });
    await expect(asFormFailure(async () => 'saved')).resolves.toBe('saved');
  });
});
