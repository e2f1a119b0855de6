// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The layer lint must be able to fail: on a fixture tree with an upward import and a public-API
 * sidestep, Steiger (with this repo's installation) must report both.
 */
describe('FSD boundaries lint', () => {
  it('rejects an import from a higher layer and one around a slice index', () => {
    const cwd = fileURLToPath(new URL('../fixtures/fsd-violation', import.meta.url));
    const bin = fileURLToPath(new URL('../../node_modules/steiger/dist/cli.mjs', import.meta.url));
    const result = spawnSync(process.execPath, [bin, './src'], { cwd, encoding: 'utf8' });
    const out = result.stdout + result.stderr;
    expect(out).toContain('fsd/forbidden-imports');
    expect(out).toContain('fsd/no-public-api-sidestep');
    expect(result.status).not.toBe(0);
  });
});
