import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type UiMessage } from './ui-message';

/**
 * One thing done on request that can fail and be tried again (download a statement, a
 * transaction's confirmation): RUN starts it, presses while it runs are ignored, a failure keeps
 * its reason until the next RUN. Views read tags: `busy`, `failed`, `done`.
 */
export type TaskTag = 'busy' | 'failed' | 'done';

export const taskMachine = setup({
  types: {
    context: {} as { error: UiMessage | null },
    events: {} as { type: 'RUN' },
    tags: {} as TaskTag,
  },
  actors: {
    /** The work. Throws a UiMessage. */
    run: fromPromise<void>(async () => {
      throw new Error('run not provided');
    }),
  },
}).createMachine({
  id: 'task',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: { on: { RUN: 'running' } },
    running: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'run',
        onDone: 'done',
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
    done: { tags: ['done'], on: { RUN: 'running' } },
    failed: { tags: ['failed'], on: { RUN: 'running' } },
  },
});
