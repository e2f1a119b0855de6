import type { Messages } from '@lingui/core';

/**
 * What `@locales/en/messages` resolves to in the app's build (rsbuild.config.ts): nothing, since
 * every module registers its own English messages there (source-messages.ts).
 */
export const messages: Messages = {};
