import { assign, fromPromise, setup } from 'xstate';
import type { UiMessage } from '../shared/ui-message';
import { binOf } from './card.logic';

/**
 * What the first 6 digits of a typed card number say (001 s3 card bin info, s5: the first 6
 * digits with spaces removed). The add-card page sends every change of the number as TYPED; the
 * lookup starts 300 ms after the bin changes (typing on does not ask again for the same bin) and a
 * newer bin cancels an older lookup. Fewer than 6 digits: nothing is shown.
 *
 * Views read tags: `looking`, `known` (context.info, valid or not), `failed`.
 */
export interface BinInfo {
  binNumber: string;
  issuer?: string | undefined;
  cardBrand?: string | undefined;
  cardCategory?: string | undefined;
  cardType?: string | undefined;
  countryCode?: string | undefined;
  currencyCode?: string | undefined;
  isCommercial?: boolean | undefined;
  isPrepaid?: boolean | undefined;
  valid: boolean;
}

export type BinLookupTag = 'looking' | 'known' | 'failed';
export type BinLookupEvent = { type: 'TYPED'; number: string } | { type: 'RETRY' };

export const BIN_LOOKUP_DELAY_MS = 300;

export const binLookupMachine = setup({
  types: {
    context: {} as { bin: string | null; info: BinInfo | null; error: UiMessage | null },
    events: {} as BinLookupEvent,
    tags: {} as BinLookupTag,
  },
  actors: {
    /** binInfo (binNumber). Throws a UiMessage. */
    lookUp: fromPromise<BinInfo, { binNumber: string }>(async () => {
      throw new Error('lookUp not provided');
    }),
  },
  delays: { settle: BIN_LOOKUP_DELAY_MS },
  guards: {
    noBin: ({ event }) => event.type === 'TYPED' && binOf(event.number) === null,
    sameBin: ({ context, event }) => event.type === 'TYPED' && binOf(event.number) === context.bin,
  },
  actions: {
    forget: assign({ bin: null, info: null, error: null }),
    remember: assign(({ event }) => ({ bin: event.type === 'TYPED' ? binOf(event.number) : null, info: null, error: null })),
  },
}).createMachine({
  id: 'binLookup',
  context: { bin: null, info: null, error: null },
  initial: 'empty',
  on: {
    TYPED: [
      { guard: 'noBin', target: '.empty', actions: 'forget' },
      { guard: 'sameBin' },
      { target: '.waiting', actions: 'remember' },
    ],
  },
  states: {
    empty: {},
    waiting: {
      after: { settle: 'looking' },
    },
    looking: {
      tags: ['looking'],
      invoke: {
        src: 'lookUp',
        input: ({ context }) => ({ binNumber: context.bin ?? '' }),
        onDone: { target: 'known', actions: assign({ info: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error as UiMessage }) },
      },
    },
    known: { tags: ['known'] },
    failed: {
      tags: ['failed'],
      on: { RETRY: { target: 'looking', actions: assign({ error: null }) } },
    },
  },
});
