// `npm test`: every check, in order of speed, each a separate step with its own exit code.
// Stops at the first failing step (later steps would only repeat the noise) and prints
// a summary line the CI reads.
import { spawnSync } from 'node:child_process';
import { requireChromium } from './chromium.mjs';

const chrome = requireChromium();
const env = { ...process.env, CHROME_PATH: chrome, FORCE_COLOR: process.env.CI ? '0' : '1' };
const npm = (script) => ['npm', ['run', '--silent', script]];
const steps = [
  ['translations extracted, complete and compiled', ...npm('i18n:check')],
  ['API types match the schemas', ...npm('api:check')],
  ['API schemas lint (Spectral OpenAPI ruleset)', ...npm('api:lint')],
  ['type check', ...npm('typecheck')],
  ['layer boundaries (Steiger)', ...npm('lint')],
  ['unit, machine and sandbox tests (Vitest)', ...npm('test:unit')],
  ['production build for end-to-end', ...npm('build:e2e')],
  ['Storybook build', ...npm('build-storybook')],
  ['Storybook test-runner (interactions + axe)', ...npm('test:storybook')],
  ['end-to-end (Playwright, Chromium, sandbox)', ...npm('test:e2e')],
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) {
    passed++;
    console.log(`✔ ${name} (${secs}s)`);
  } else {
    failed++;
    console.error(`✘ ${name} failed (${secs}s)`);
    break;
  }
}
console.log(`\nsteps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
