import { createRoute } from '@tanstack/react-router';
import { lazyRoute } from '../lazy-route';
import { textSearch } from '../search';
import { mainLayout } from '../layouts';

const MessagesPage = lazyRoute(() => import(/* webpackChunkName: "page-messages" */ '@/pages/messages'), 'MessagesPage');

/** The address's search as strings (the status filter, the page, a ticket's number); the page cleans them with the rules, in its own chunk. */
const SEARCH_KEYS = ['status', 'page', 'ticketNumber', 'new'] as const;

/** /messages (002 s2: support tickets, with optional ticketNumber; issue 60). */
const messagesRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'messages',
  validateSearch: (search: Record<string, unknown>): Record<string, string> => textSearch(search, SEARCH_KEYS),
  component: function MessagesRoute() {
    const search = messagesRoute.useSearch();
    return <MessagesPage search={search} />;
  },
});

export const supportRoutes = { main: [messagesRoute] };
