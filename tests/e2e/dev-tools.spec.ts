import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';

/**
 * The statechart diagrams, the live run and the development inspector are for Storybook and
 * `npm run dev` only. The production build this suite runs against (dist-e2e, built as for
 * production) carries none of their code: neither the drawing, the live run's panel nor ELK's
 * layout engine.
 */
const DIST = new URL('../../dist-e2e/', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

test('the production build has no statechart diagram, live run, inspector or graph-layout code', () => {
  const scripts = files(DIST).filter((path) => /\.(js|mjs|html)$/.test(path));
  expect(scripts.length).toBeGreaterThan(0);
  const found = scripts.flatMap((path) => {
    const text = readFileSync(path, 'utf8');
    return ['Statechart diagram of', 'Statechart inspector', 'Run it live', 'Refused in the live run', 'elk.algorithm', 'org.eclipse.elk', 'Laying out ', 'stately.ai'].filter((marker) => text.includes(marker)).map((marker) => `${path.slice(DIST.length)}: ${marker}`);
  });
  expect(found).toEqual([]);
});
