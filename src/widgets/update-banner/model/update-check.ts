import { fromPromise } from 'xstate';
import { updateCheckMachine } from '@machines/app/update-check.machine';

/** Where the deployed build says its id (rsbuild.config.ts writes it at the site's root). */
export const VERSION_FILE = '/version.json';

/**
 * The update check with its real work (issue 61): the deployed build's id read from the site
 * (never from a cache), and a reload of the page when the customer asks for it.
 */
export const updateCheckLogic = updateCheckMachine.provide({
  actors: {
    readVersion: fromPromise(async ({ signal }) => {
      const reply = await fetch(VERSION_FILE, { cache: 'no-store', credentials: 'same-origin', signal });
      if (!reply.ok) throw new Error(`version file: ${reply.status}`);
      const body: unknown = await reply.json();
      const build = typeof body === 'object' && body !== null ? (body as { build?: unknown }).build : undefined;
      return typeof build === 'string' ? build : '';
    }),
  },
  actions: { reload: () => window.location.reload() },
});

export type UpdateCheckLogic = typeof updateCheckLogic;
