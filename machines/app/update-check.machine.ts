import { assign, fromPromise, setup } from 'xstate';
import { UPDATE_CHECK_MS } from '../shared/constants';

/**
 * The update check (002 s9 "update check 60000 ms"; issue 61): every UPDATE_CHECK_MS (a machine
 * delay) the app reads the deployed version's build id; when it is not the running one, it offers
 * to reload (tag `offering`) and stops asking. It never reloads by itself: a half-filled form stays
 * as it is until the customer chooses. RELOAD reloads (the `reload` action); LATER hides the offer
 * until a build other than that one is deployed. A failed read (offline, the file missing) is tried
 * again at the next tick.
 * - `waiting` → after UPDATE_CHECK_MS → `checking` (the `readVersion` actor: the deployed build id);
 * - a new one (not the running one, not the one put off) → `offering`; else → `waiting`;
 * - `offering`: RELOAD → `reloading` (final: the page reloads); LATER → `waiting`.
 */
export interface UpdateCheckContext {
  /** The running build's id. */
  current: string;
  /** The deployed build's id, when it differs. */
  latest: string | null;
  /** The build the customer put off (Later). */
  putOff: string | null;
}

export const updateCheckMachine = setup({
  types: {
    context: {} as UpdateCheckContext,
    input: {} as { current: string },
    events: {} as { type: 'RELOAD' } | { type: 'LATER' },
    tags: {} as 'offering',
  },
  actors: {
    /** The deployed build's id. */
    readVersion: fromPromise<string>(async () => {
      throw new Error('updateCheck: readVersion not provided');
    }),
  },
  actions: {
    /** Reloads the page (provided by the app). */
    reload: () => {},
  },
  guards: {
    isNew: ({ context }, build: string) => build !== '' && build !== context.current && build !== context.putOff,
  },
  delays: { updateCheck: UPDATE_CHECK_MS },
}).createMachine({
  id: 'updateCheck',
  context: ({ input }) => ({ current: input.current, latest: null, putOff: null }),
  initial: 'waiting',
  states: {
    waiting: { after: { updateCheck: 'checking' } },
    checking: {
      invoke: {
        src: 'readVersion',
        onDone: [
          { guard: { type: 'isNew', params: ({ event }) => event.output }, target: 'offering', actions: assign({ latest: ({ event }) => event.output }) },
          { target: 'waiting' },
        ],
        onError: 'waiting',
      },
    },
    offering: {
      tags: ['offering'],
      on: {
        RELOAD: 'reloading',
        LATER: { target: 'waiting', actions: assign({ putOff: ({ context }) => context.latest, latest: null }) },
      },
    },
    reloading: { type: 'final', entry: 'reload' },
  },
});
