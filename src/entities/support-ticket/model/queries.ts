import { queryOptions } from '@tanstack/react-query';
import { fromOfPage, TICKET_PAGE_SIZE, type TicketFilter } from '@machines/support/ticket-status.rules';
import { helpdeskComposer, helpdeskFields, helpdeskTickets, supportKeys, type TicketPage } from '../api/support';
import { deskCall, type SupportDeskActor } from './desk';

const quiet = { errorPopup: false };

/**
 * The help desk's reads through the desk (issue 60): a page of 20 tickets of a display status
 * (002 s9), the new ticket's fields and the composer's limits. Never retried by the query: the
 * desk renews an expired token itself, and a 429 waits for the user's Try again.
 */
export const ticketListQuery = (desk: Pick<SupportDeskActor, 'send'>, filter: TicketFilter, page: number) =>
  queryOptions({
    queryKey: supportKeys.list(filter, page),
    queryFn: (): Promise<TicketPage> =>
      deskCall(desk, 'list', (jwt) => helpdeskTickets(jwt, { from: fromOfPage(page), limit: TICKET_PAGE_SIZE, ...(filter === 'all' ? {} : { statusId: filter }) })),
    retry: false,
    meta: quiet,
  });

export const composerQuery = (desk: Pick<SupportDeskActor, 'send'>) =>
  queryOptions({
    queryKey: supportKeys.composer(),
    queryFn: async () => {
      const [fields, settings] = await Promise.all([deskCall(desk, 'fields', helpdeskFields), deskCall(desk, 'compose', helpdeskComposer)]);
      return { fields, settings };
    },
    retry: false,
    staleTime: 10 * 60_000,
    meta: quiet,
  });
