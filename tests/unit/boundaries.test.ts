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

/**
 * The boundary check of machines/, sandbox/, .storybook/ and src/ (`npm run lint:boundaries`):
 * the import rules of .dependency-cruiser.cjs and the cast rule of scripts/check-casts.mjs.
 */
describe('import boundaries outside the FSD layers', () => {
  const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  const repo = at('../..');
  const config = at('../../.dependency-cruiser.cjs');
  const depcruise = at('../../node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
  const checkCasts = at('../../scripts/check-casts.mjs');
  // Uncoloured output whatever the caller's terminal says (npm test forces colour outside CI).
  const plain = { ...process.env, FORCE_COLOR: '0' };
  const cruise = (cwd: string) =>
    spawnSync(process.execPath, [depcruise, '--config', config, 'src', 'machines', 'sandbox', '.storybook', 'api-schemas/generated'], {
      cwd,
      encoding: 'utf8',
      env: plain,
    });
  const casts = (root: string) => spawnSync(process.execPath, [checkCasts, root], { encoding: 'utf8', env: plain });
  const violations = (out: string) =>
    [...out.matchAll(/error (\S+): (\S+) →\s+(\S+)/g)].map(([, rule, from, to]) => `${rule}: ${from} → ${to}`).sort();

  it('reports every rule broken in the fixture tree, and nothing that is allowed', () => {
    const fixture = at('../fixtures/boundary-violation');
    const imports = cruise(fixture);
    // A check that could not run reports nothing: say so instead of an empty list.
    // What the cruiser said goes with each assertion, so a failure shows why.
    const said = `status ${imports.status} signal ${imports.signal}\n${imports.stdout}${imports.stderr}`;
    expect(imports.error, said).toBeUndefined();
    expect(violations(imports.stdout + imports.stderr), said).toEqual(
      [
        'machines-ground-floor: machines/auth/bad.machine.ts → src/shared/config/index.ts',
        'machines-ground-floor: machines/auth/bad.machine.ts → ../../../node_modules/react/index.js',
        'machines-ground-floor: machines/machines.stories.tsx → .storybook/machine-diagram.tsx',
        'sandbox-not-to-app: sandbox/server.ts → src/shared/config/index.ts',
        'storybook-not-to-sandbox-or-tests: .storybook/test-runner.ts → sandbox/seed.ts',
        'storybook-public-api-sidestep: .storybook/decorators.tsx → src/widgets/popup-host/ui/popup-host.tsx',
        'src-not-to-sandbox-or-tests: src/shared/api/client.ts → sandbox/seed.ts',
        'src-not-to-storybook: src/shared/api/client.ts → .storybook/machine-diagram.tsx',
        'boundary-unresolvable: sandbox/contract.ts → @machines/shared/not-there',
        'contract-type-only: sandbox/handlers/casts.ts → api-schemas/generated/main-methods.ts',
        'no-circular: machines/shared/circle-a.ts → machines/shared/circle-b.ts',
        'no-circular: sandbox/db.ts → sandbox/seed-accounts.ts',
      ].sort(),
    );
    expect(imports.status, said).not.toBe(0);

    const cast = casts(fixture);
    const castLines = (cast.stdout + cast.stderr).split('\n').filter((line) => line.includes('error '));
    expect(castLines).toEqual([
      expect.stringContaining('no-as-never-casts: src/entities/dictionary/api/load.ts:4:'),
      expect.stringContaining('no-route-casts: src/pages/report/ui/report-page.tsx:5:'),
      expect.stringContaining('no-contract-casts: machines/transfers/casts.logic.ts:6:'),
      expect.stringContaining('no-body-reply-casts: sandbox/handlers/casts.ts:5:'),
      expect.stringContaining('no-body-reply-casts: sandbox/handlers/casts.ts:6:'),
    ]);
    expect(cast.status).not.toBe(0);
  }, 60_000);

  it('passes on the real tree', () => {
    const imports = cruise(repo);
    expect(violations(imports.stdout + imports.stderr)).toEqual([]);
    expect(imports.status).toBe(0);
    const cast = casts(repo);
    expect(cast.stdout + cast.stderr).not.toContain('error ');
    expect(cast.status).toBe(0);
  }, 60_000);
});
