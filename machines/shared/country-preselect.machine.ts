import { assign, setup } from 'xstate';
import { countryToPreselect, type IpInfo } from './country-preselect.logic';

/**
 * A country field preselected from ipInfo (docs/decisions.md "Country preselected from ipInfo"),
 * at most once per form, by `countryToPreselect`. The form tells what its field holds and offers
 * (FIELD), the shared ipInfo query what it answered (INFO), in any order and as often as they
 * change:
 * - `watching` → `deciding` on each: the rule picks a code (`applied`, the `apply` action sets the
 *   field) or none yet (`watching` again: the answer or the list may still come);
 * - a field that has a value (the customer's, or the form's own) ends it for good (`left`): theirs wins.
 * Never waited for: the form is usable from the start.
 */
export type CountryPreselectEvent = { type: 'FIELD'; value: string; offered: readonly string[] } | { type: 'INFO'; info: IpInfo | null };

export interface CountryPreselectContext {
  info: IpInfo | null;
  current: string;
  offered: readonly string[];
}

const codeOf = (context: CountryPreselectContext) => countryToPreselect({ ...context, touched: false });

export const countryPreselectMachine = setup({
  types: {
    context: {} as CountryPreselectContext,
    events: {} as CountryPreselectEvent,
  },
  actions: {
    /** Sets the form's field (provided by the form). */
    apply: (_, _params: { code: string }) => {},
  },
  guards: {
    hasValue: ({ event }) => event.type === 'FIELD' && event.value.trim() !== '',
    hasCode: ({ context }) => codeOf(context) !== null,
  },
}).createMachine({
  id: 'countryPreselect',
  context: { info: null, current: '', offered: [] },
  initial: 'watching',
  states: {
    watching: {
      on: {
        FIELD: [{ guard: 'hasValue', target: 'left' }, { target: 'deciding', actions: assign({ current: ({ event }) => event.value, offered: ({ event }) => event.offered }) }],
        INFO: { target: 'deciding', actions: assign({ info: ({ event }) => event.info }) },
      },
    },
    deciding: {
      always: [{ guard: 'hasCode', target: 'applied', actions: { type: 'apply', params: ({ context }) => ({ code: codeOf(context)! }) } }, { target: 'watching' }],
    },
    applied: { type: 'final' },
    left: { type: 'final' },
  },
});
