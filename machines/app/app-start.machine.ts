import { assign, fromPromise, raise, setup } from 'xstate';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Language } from '../shared/languages';

/**
 * The app's start-up: the brand and the language are resolved before anything renders
 * (the caller passes the resolved values as input, computed by pure, table-tested
 * functions), the translation catalog loads, then the shell is ready. Dictionaries load
 * in a parallel region so a slow or failing dictionary call never blocks the shell,
 * and a language change reloads both the catalog and the dictionaries.
 */
export interface AppStartInput {
  brandId: string;
  language: Language;
  offeredLanguages: readonly Language[];
}

export interface Dictionaries {
  language: Language;
  countries: { code: string; name: string }[];
  currencies: { code: string; name: string; symbol?: string | undefined; decimals?: number | undefined }[];
}

export interface AppStartContext extends AppStartInput {
  pendingLanguage: Language | null;
  dictionaries: Dictionaries | null;
  error: MessageDescriptor | null;
  languageError: MessageDescriptor | null;
}

export type AppStartEvent =
  | { type: 'RETRY' }
  | { type: 'CHANGE_LANGUAGE'; language: Language }
  | { type: 'RETRY_DICTIONARIES' }
  /** Internal: raised when the switched language is active. */
  | { type: 'LANGUAGE_CHANGED' };

export const appStartMessages = {
  catalogFailed: msg`The application could not load. Check your connection and try again.`,
  languageFailed: msg`That language could not be loaded. The page stays in the current language.`,
  dictionariesFailed: msg`Reference data (countries, currencies) could not be loaded.`,
};

export const appStartMachine = setup({
  types: {
    input: {} as AppStartInput,
    context: {} as AppStartContext,
    events: {} as AppStartEvent,
    /** `switchingLanguage`: the chosen language's catalog is loading (the switch waits). */
    tags: {} as 'switchingLanguage',
  },
  actors: {
    loadCatalog: fromPromise<void, { language: Language }>(async () => {
      throw new Error('loadCatalog not provided');
    }),
    loadDictionaries: fromPromise<Dictionaries, { language: Language }>(async () => {
      throw new Error('loadDictionaries not provided');
    }),
  },
  actions: {
    /** Persists the chosen language (provided by the app: storage + <html lang>). */
    persistLanguage: (_, _params: { language: Language }) => {},
  },
  guards: {
    isOfferedAndNew: ({ context, event }) =>
      event.type === 'CHANGE_LANGUAGE' &&
      event.language !== context.language &&
      context.offeredLanguages.includes(event.language),
    /** The language already on screen, chosen explicitly (the switch, or `?lang=` at start-up). */
    isOfferedAndCurrent: ({ context, event }) =>
      event.type === 'CHANGE_LANGUAGE' &&
      event.language === context.language &&
      context.offeredLanguages.includes(event.language),
  },
}).createMachine({
  id: 'appStart',
  context: ({ input }) => ({
    ...input,
    pendingLanguage: null,
    dictionaries: null,
    error: null,
    languageError: null,
  }),
  initial: 'loadingCatalog',
  states: {
    loadingCatalog: {
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        input: ({ context }) => ({ language: context.language }),
        onDone: { target: 'ready', actions: assign({ error: null }) },
        onError: { target: 'failed', actions: assign({ error: appStartMessages.catalogFailed }) },
      },
    },
    failed: {
      on: { RETRY: 'loadingCatalog' },
    },
    ready: {
      type: 'parallel',
      states: {
        language: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                CHANGE_LANGUAGE: [
                  {
                    guard: 'isOfferedAndNew',
                    target: 'switching',
                    actions: assign({ pendingLanguage: ({ event }) => event.language, languageError: null }),
                  },
                  // Choosing the language already shown (a `?lang=` the page started in) makes it the
                  // stored choice too: nothing to load, it survives the next reload.
                  { guard: 'isOfferedAndCurrent', actions: { type: 'persistLanguage', params: ({ context }) => ({ language: context.language }) } },
                ],
              },
            },
            switching: {
              tags: ['switchingLanguage'],
              invoke: {
                id: 'switchCatalog',
                src: 'loadCatalog',
                input: ({ context }) => ({ language: context.pendingLanguage ?? context.language }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({
                      language: ({ context }) => context.pendingLanguage ?? context.language,
                      pendingLanguage: null,
                    }),
                    { type: 'persistLanguage', params: ({ context }) => ({ language: context.language }) },
                    raise({ type: 'LANGUAGE_CHANGED' }),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: assign({ pendingLanguage: null, languageError: appStartMessages.languageFailed }),
                },
              },
            },
          },
        },
        dictionaries: {
          initial: 'loading',
          on: {
            // Raised by the language region once the new catalog is active.
            LANGUAGE_CHANGED: { target: '.loading', reenter: true },
          },
          states: {
            loading: {
              invoke: {
                id: 'loadDictionaries',
                src: 'loadDictionaries',
                input: ({ context }) => ({ language: context.language }),
                onDone: { target: 'loaded', actions: assign({ dictionaries: ({ event }) => event.output }) },
                onError: { target: 'failed' },
              },
            },
            loaded: {},
            failed: {
              on: { RETRY_DICTIONARIES: 'loading' },
            },
          },
        },
      },
    },
  },
});
