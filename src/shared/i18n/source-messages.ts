import type { Messages } from '@lingui/core';

/**
 * The English (source language) messages of the code that has run so far. In the app's build
 * every module that shows text registers its own compiled English messages here when it is first
 * evaluated (scripts/build/module-messages-loader.cjs), so the first page carries only the strings
 * of the code it runs. Lingui holds this very object as the English catalog: a registration needs
 * no `load` (which would re-render the whole app once per lazy chunk).
 */
export const sourceMessages: Messages = {};

export function registerSourceMessages(part: Messages): void {
  Object.assign(sourceMessages, part);
}
