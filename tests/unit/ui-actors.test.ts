// @vitest-environment node
import { createActor, setup, fromPromise, type AnyActorLogic } from 'xstate';
import { msg } from '@lingui/core/macro';
import { ApiError, formActor, toFormFailure, toUiMessage, uiActor } from '@/shared/api';

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
