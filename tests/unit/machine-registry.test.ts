// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadCsf } from 'storybook/internal/csf-tools';
import { StateMachine } from 'xstate';
import { machineRegistry } from '@machines/registry';

/**
 * Every statechart is registered and drawn: each machine exported from machines/ is in
 * machines/registry.ts, and each registry entry has its own story in .storybook/machines.stories.tsx
 * (export name = the registry key in PascalCase, `args.name` = the key). The story exports are read
 * the way Storybook's indexer reads them (statically, with its own CSF parser), so generated
 * exports that Storybook would not see cannot satisfy this test.
 */
const machinesDir = fileURLToPath(new URL('../../machines/', import.meta.url));
const storiesFile = fileURLToPath(new URL('../../.storybook/machines.stories.tsx', import.meta.url));

const isMachine = (value: unknown): boolean =>
  value instanceof StateMachine ||
  (typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'implementations' in value);

const pascal = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/** Machine modules: `*.machine.ts` and `*.logic.ts` as the convention says, and any other module in machines/ too. */
const machineModules = (readdirSync(machinesDir, { recursive: true }) as string[])
  .map((f) => join(machinesDir, f))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('/registry.ts'))
  .sort();

const registered = new Map(Object.entries(machineRegistry).map(([key, entry]) => [entry.machine, key]));

describe('machine registry', () => {
  it('finds the machine modules', () => {
    const rel = machineModules.map((f) => relative(machinesDir, f));
    expect(rel.filter((f) => f.endsWith('.machine.ts')).length).toBeGreaterThan(0);
    expect(rel).toContain('auth/login.machine.ts');
  });

  it('registers every machine exported from machines/', async () => {
    const unregistered: string[] = [];
    let found = 0;
    for (const file of machineModules) {
      const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      for (const [exportName, value] of Object.entries(mod)) {
        if (!isMachine(value)) continue;
        found++;
        if (!registered.has(value as never)) unregistered.push(`${relative(machinesDir, file)}: ${exportName}`);
      }
    }
    expect(found).toBeGreaterThan(0);
    expect(unregistered, 'exported machines missing from machines/registry.ts').toEqual([]);
  });

  it('describes each registered machine once, in one sentence', () => {
    for (const [key, { machine, description }] of Object.entries(machineRegistry)) {
      expect(isMachine(machine), key).toBe(true);
      expect(description.trim(), key).not.toBe('');
    }
    expect(registered.size, 'a machine is registered twice').toBe(Object.keys(machineRegistry).length);
    const ids = Object.values(machineRegistry).map((e) => e.machine.id);
    expect(new Set(ids).size, 'two registered machines share an id').toBe(ids.length);
  });

  it('has a story per registered machine, as Storybook indexes the stories file', () => {
    const csf = loadCsf(readFileSync(storiesFile, 'utf8'), { fileName: storiesFile, makeTitle: (t) => t }).parse();
    expect(csf.meta?.title).toBe('Machines');
    const exports = Object.keys(csf._storyExports).sort();
    const expected = Object.keys(machineRegistry).map(pascal).sort();
    expect(exports.filter((e) => !expected.includes(e)), 'stories without a registry entry').toEqual([]);
    expect(expected.filter((e) => !exports.includes(e)), 'registered machines without a story').toEqual([]);
    // Each story has a play function (it checks the drawn states against the definition).
    expect(csf.stories.filter((s) => !s.__stats.play).map((s) => s.id), 'stories without a play function').toEqual([]);
  });

  it('names each story as written: acronyms whole (P2P, KYC, OAuth), never a lone letter or digit (issue 45: "P 2 P Transfer")', () => {
    const csf = loadCsf(readFileSync(storiesFile, 'utf8'), { fileName: storiesFile, makeTitle: (t) => t }).parse();
    const names = csf.stories.map((story) => story.name ?? '');
    expect(names.filter((name) => /(^|\s)[A-Za-z0-9](\s|$)/.test(name)), 'names with a lone letter or digit').toEqual([]);
    const byExport = csf._stories as Record<string, { name?: string }>;
    for (const [acronym, key] of [['P2P', 'p2pTransfer'], ['P2P', 'massP2p'], ['KYC', 'kyc'], ['OAuth', 'oauth']] as const) {
      expect(byExport[pascal(key)]?.name ?? `(no story for ${key})`).toContain(acronym);
    }
  });

  it('draws in each story the machine its name says', async () => {
    const stories = (await import(pathToFileURL(storiesFile).href)) as Record<string, { args?: { name?: string }; play?: unknown }>;
    const byExport = Object.fromEntries(
      Object.entries(stories)
        .filter(([name]) => name !== 'default')
        .map(([name, story]) => [name, story.args?.name]),
    );
    expect(byExport).toEqual(Object.fromEntries(Object.keys(machineRegistry).map((key) => [pascal(key), key])));
    for (const [name, story] of Object.entries(stories)) {
      if (name !== 'default') expect(typeof story.play, `${name}.play`).toBe('function');
    }
  });
});

describe('screens next to states', () => {
  /** Every story id of the project, as Storybook's indexer names them. */
  const storyIds = () => {
    const root = fileURLToPath(new URL('../../src/', import.meta.url));
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.stories.tsx')).map((f) => join(root, f));
    return new Set(files.flatMap((file) => loadCsf(readFileSync(file, 'utf8'), { fileName: file, makeTitle: (t) => t }).parse().stories.map((s) => s.id)));
  };

  it('each screen is a state of its machine and a story that exists', () => {
    const ids = storyIds();
    const entries = Object.entries(machineRegistry).filter(([, entry]) => entry.screens);
    expect(entries.map(([key]) => key)).toContain('login');
    for (const [key, entry] of entries) {
      const states = new Set<string>();
      const walk = (node: typeof entry.machine.root) => {
        states.add([node.machine.id, ...node.path].join('.'));
        for (const child of Object.values(node.states)) walk(child as typeof node);
      };
      walk(entry.machine.root);
      for (const [state, story] of Object.entries(entry.screens!)) {
        expect(states.has(state), `${key}: ${state} is not a state`).toBe(true);
        expect(ids.has(story), `${key}: ${story} is not a story`).toBe(true);
      }
    }
  });
});
