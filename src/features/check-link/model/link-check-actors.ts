import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { linkCheckMachine } from '@machines/shared/link-check.machine';
import type { LinkVerdict } from '@machines/shared/link-check.rules';
import { toUiMessage } from '@/shared/api';
import { linkCheckQuery } from '../api/check-urls';

/** Only web addresses are ever opened (the service checked it; a message's parts are http or https). */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** Opens a checked address in a new tab that cannot reach back to the bank's page and is told nothing of it. */
export function openInNewTab(url: string): void {
  if (isWebAddress(url)) window.open(url, '_blank', 'noopener,noreferrer');
}

/** Whether the browser still takes this page's window.open as the customer's own press (transient activation). */
const pressIsFresh = (): boolean => (typeof navigator !== 'undefined' && 'userActivation' in navigator ? navigator.userActivation.isActive : true);

/** The link check statechart with the app's effects: the verdict through the session's query cache, a new tab. */
export function linkCheckLogicFor(queryClient: QueryClient) {
  return linkCheckMachine.provide({
    actors: {
      check: fromPromise<LinkVerdict, { url: string }>(async ({ input }) => {
        try {
          return await queryClient.fetchQuery(linkCheckQuery(input.url));
        } catch (error) {
          throw toUiMessage(error);
        }
      }),
    },
    actions: { open: (_, params) => openInNewTab(params.url) },
    guards: { mayOpenNow: pressIsFresh },
  });
}

export type LinkCheckLogic = ReturnType<typeof linkCheckLogicFor>;
