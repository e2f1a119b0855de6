import { setup } from 'xstate';
import { POST_LOGIN_WAIT_MS } from './constants';

/**
 * A wait before something is asked for (002 s9 "post-login wait 5 seconds"; issue 60: the support
 * badge's counts): `waiting` for POST_LOGIN_WAIT_MS (a machine delay), then `over` (tag `over`).
 */
export const waitMachine = setup({
  types: { tags: {} as 'over' },
  delays: { wait: POST_LOGIN_WAIT_MS },
}).createMachine({
  id: 'wait',
  initial: 'waiting',
  states: {
    waiting: { after: { wait: 'over' } },
    over: { tags: ['over'], type: 'final' },
  },
});
