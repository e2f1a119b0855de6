// @vitest-environment node
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { getPathsFromEvents, getShortestPaths, getSimplePaths } from 'xstate/graph';
import { appStartMachine, appStartMessages, type Dictionaries } from '@machines/app/app-start.machine';
import { Coverage, expectFullCoverage } from './coverage';
import type { Language } from '../../src/shared/config/languages';

type Ev = EventFromLogic<typeof appStartMachine>;
type Snap = SnapshotFrom<typeof appStartMachine>;

const input = { brandId: 'brand1', language: 'en' as const, offeredLanguages: ['en', 'es'] as const };
const dict = (language: Language): Dictionaries => ({
  language,
  countries: [{ code: 'RO', name: language === 'en' ? 'Romania' : 'Rumanía' }],
  currencies: [{ code: 'EUR', name: 'Euro' }],
});

/** Every event the machine accepts, including the invoked actors' outcomes. */
const events = (s: Snap): Ev[] =>
  [
    { type: 'xstate.done.actor.loadCatalog', output: undefined },
    { type: 'xstate.error.actor.loadCatalog', error: new Error('offline') },
    { type: 'RETRY' },
    { type: 'CHANGE_LANGUAGE', language: 'es' },
    { type: 'CHANGE_LANGUAGE', language: 'en' },
    { type: 'xstate.done.actor.switchCatalog', output: undefined },
    { type: 'xstate.error.actor.switchCatalog', error: new Error('chunk failed') },
    { type: 'xstate.done.actor.loadDictionaries', output: dict(s.context.language) },
    { type: 'xstate.error.actor.loadDictionaries', error: new Error('500') },
    { type: 'RETRY_DICTIONARIES' },
  ] as unknown as Ev[];

/** Fakes that never settle: the path's events decide every outcome. */
function start(inspect?: Coverage['inspect']) {
  const persisted: string[] = [];
  const never = () => new Promise<never>(() => {});
  const actor = createActor(
    appStartMachine.provide({
      actors: {
        loadCatalog: fromPromise<void, { language: Language }>(never),
        loadDictionaries: fromPromise<Dictionaries, { language: Language }>(never),
      },
      actions: { persistLanguage: (_, p) => void persisted.push(p.language) },
    }),
    { input, ...(inspect ? { inspect } : {}) },
  );
  actor.start();
  return { actor, persisted };
}

/** What must hold in each state the paths reach. */
function assertState(s: Snap, persisted: string[]) {
  if (s.matches('loadingCatalog')) expect(s.context.dictionaries).toBeNull();
  if (s.matches('failed')) expect(s.context.error).toBe(appStartMessages.catalogFailed);
  if (s.matches('ready')) {
    expect(s.context.error).toBeNull();
    expect(s.context.offeredLanguages).toContain(s.context.language);
  }
  if (s.matches({ ready: { language: 'switching' } })) expect(s.context.pendingLanguage).not.toBeNull();
  if (s.matches({ ready: { language: 'idle' } })) expect(s.context.pendingLanguage).toBeNull();
  // The language switch reads the tag, not the state name.
  expect(s.hasTag('switchingLanguage')).toBe(s.matches({ ready: { language: 'switching' } }));
  if (s.matches({ ready: { dictionaries: 'loaded' } })) expect(s.context.dictionaries?.language).toBe(s.context.language);
  // The persisted choice always follows the active language once it changed.
  if (persisted.length > 0) expect(persisted.at(-1)).toBe(s.context.language);
}

describe('appStart machine (model-based)', () => {
  const coverage = new Coverage(appStartMachine);
  // A state is its value plus the context that changes behaviour (not the whole context).
  const serializeState = (s: Snap) =>
    JSON.stringify([s.value, s.context.language, s.context.pendingLanguage, s.context.dictionaries?.language ?? null]);
  const paths = [
    ...getShortestPaths(appStartMachine, { events, input, serializeState }),
    ...getSimplePaths(appStartMachine, { events, input, serializeState, limit: 5000 }).filter(
      (p, i) => i % 7 === 0, // a deterministic sample of the (long) simple paths keeps the run short
    ),
    // Loops that simple paths never take (they do not revisit a state).
    ...getPathsFromEvents(appStartMachine, [
      { type: 'xstate.error.actor.loadCatalog', error: new Error('offline') },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadCatalog', output: undefined },
    ] as unknown as Ev[], { input }),
  ];

  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(5);
  });

  for (const path of paths) {
    const name = path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ') || '(initial)';
    it(`reaches ${JSON.stringify(path.state.value)} via ${name}`, () => {
      const { actor, persisted } = start(coverage.inspect);
      assertState(actor.getSnapshot(), persisted);
      for (const step of path.steps) {
        actor.send(step.event);
        assertState(actor.getSnapshot(), persisted);
      }
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      actor.stop();
    });
  }

  it('choosing the language on screen stores it without reloading anything (a `?lang=` the page started in)', () => {
    const { actor, persisted } = start(coverage.inspect);
    actor.send({ type: 'CHANGE_LANGUAGE', language: 'en' }); // before the catalog is there: not yet a choice
    expect(persisted).toEqual([]);
    actor.send({ type: 'xstate.done.actor.loadCatalog', output: undefined } as unknown as Ev);
    actor.send({ type: 'CHANGE_LANGUAGE', language: 'en' });
    expect(persisted).toEqual(['en']);
    expect(actor.getSnapshot().matches({ ready: { language: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().hasTag('switchingLanguage')).toBe(false);
    expect(actor.getSnapshot().context.pendingLanguage).toBeNull();
  });

  it('a language the brand does not offer is refused', () => {
    const { actor, persisted } = start(coverage.inspect);
    actor.send({ type: 'xstate.done.actor.loadCatalog', output: undefined } as unknown as Ev);
    actor.send({ type: 'CHANGE_LANGUAGE', language: 'ru' });
    expect(actor.getSnapshot().matches({ ready: { language: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.language).toBe('en');
    expect(persisted).toEqual([]); // nor stored
  });

  expectFullCoverage(coverage);
});
