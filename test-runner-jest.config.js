// Jest config for @storybook/test-runner: Debian's Chromium, no downloaded browsers.
import { getJestConfig } from '@storybook/test-runner';
import { CHROMIUM_FLAGS, chromiumPath } from './scripts/chromium.mjs';

const base = getJestConfig();

export default {
  ...base,
  testEnvironmentOptions: {
    ...base.testEnvironmentOptions,
    'jest-playwright': {
      ...base.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: {
        executablePath: chromiumPath() ?? '/usr/bin/chromium',
        headless: true,
        args: CHROMIUM_FLAGS.filter((f) => !f.startsWith('--headless')),
      },
    },
  },
  maxWorkers: 2,
  testTimeout: 60_000,
};
