import { defineConfig } from 'steiger';
import fsd from '@feature-sliced/steiger-plugin';

/**
 * Feature-Sliced Design boundaries, checked by `npm run lint` (part of `npm test`):
 * imports only point down the layers, and slices are reached through their index.ts.
 * `insignificant-slice` and `excessive-slicing` are off while the app is young: slices
 * used by one page today are there for the screens that follow.
 */
export default defineConfig([
  ...fsd.configs.recommended,
  {
    rules: {
      'fsd/insignificant-slice': 'off',
      'fsd/excessive-slicing': 'off',
    },
  },
]);
