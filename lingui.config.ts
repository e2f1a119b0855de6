import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * Catalogs live in locales/<locale>/messages.po. The UI labels `uk` as "UA";
 * the address bar and the server use `uk` (spec 000 s1).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'ro', 'ru', 'uk', 'pt'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/machines', '<rootDir>/brands'],
      exclude: ['**/node_modules/**', '**/*.stories.tsx', '**/*.test.ts', '**/*.test.tsx'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
