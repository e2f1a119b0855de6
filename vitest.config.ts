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
    environment: 'jsdom',
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.ts', 'tests/sandbox/**/*.test.ts', 'src/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    testTimeout: 20_000,
    // A sandbox test starts a seeded server in beforeAll: seconds on a quiet 2-core machine, more under load.
    hookTimeout: 30_000,
    reporters: ['default'],
  },
});
