import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react-swc';
import { linguiMacroSwcPlugin } from '@lingui/swc-plugin/options';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [react({ plugins: [linguiMacroSwcPlugin()] })],
  resolve: {
    alias: {
      '@/': r('./src/'),
      '@machines/': r('./machines/'),
      '@contract/': r('./api-schemas/generated/'),
      '@brands/': r('./brands/'),
      '@locales/': r('./locales/'),
    },
  },
  test: {
    globals: true,
    setupFiles: ['tests/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    testTimeout: 20_000,
    // A sandbox test starts a seeded server in beforeAll: seconds on a quiet 2-core machine, more under load.
    hookTimeout: 30_000,
    reporters: ['default'],
    projects: [
      // Components, hooks and the app's modules: a fresh module graph and DOM per file.
      { extends: true, test: { name: 'app', environment: 'jsdom', include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'] } },
      // Statecharts (pure) and the sandbox (each file starts its own server and database): no DOM,
      // and one worker runs file after file without a new module graph each time (`isolate: false`,
      // about a minute of the CI run). They share no module state a file leaves behind: no file here
      // mocks a module, changes the language or fakes timers outside its own actors.
      { extends: true, test: { name: 'node', environment: 'node', isolate: false, include: ['tests/machines/**/*.test.ts', 'tests/sandbox/**/*.test.ts'] } },
    ],
  },
});
