import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { isDeskAborted } from '@machines/support/support-desk.machine';
import { TICKET_FILTERS, TICKET_PAGE_SIZE, ticketFilterOf, ticketStatusId, type TicketFilter, type TicketStatusId } from '@machines/support/ticket-status.rules';
import { actingCustomerIdOf, useSessionActor } from '@/entities/session';
import { SupportDeskProvider, supportKeys, supportStatsQuery, ticketIdByNumber, ticketListQuery, useSupportDesk, type SupportTicket, type TicketPage, type TicketStats } from '@/entities/support-ticket';
import { NewTicket, TicketView } from '@/features/support-messages';
import { errorText } from '@/shared/api';
import { formatCount, formatDateTime, uiMessageText, usePageTitle } from '@/shared/lib';
import { buttonClass, EmptyState, ErrorState, Pager, Preloader, ToneBadge, type BadgeTone, type QueryLike } from '@/shared/ui';
import styles from './messages-page.module.css';

export interface MessagesSearch {
  status?: string;
  page?: string;
  ticketNumber?: string;
  /** `1`: the new ticket's form. */
  new?: string;
}

const FILTER_LABELS: Readonly<Record<TicketFilter, MessageDescriptor>> = {
  all: msg`All`,
  open: msg`Open`,
  new: msg`New`,
  closed: msg`Closed`,
};
const STATUS_LABELS: Readonly<Record<TicketStatusId, MessageDescriptor>> = { open: msg`Open`, new: msg`New`, closed: msg`Closed` };
const STATUS_TONES: Readonly<Record<TicketStatusId, BadgeTone>> = { open: 'info', new: 'warning', closed: 'neutral' };

const pageOf = (text: string | undefined): number => (text && /^[1-9]\d{0,4}$/.test(text) ? Number(text) : 1);

/**
 * /messages (002 s2, s3, s4, s7, s9; issue 60): the customer's support tickets by display status
 * (all, open, new, closed, in the address), 20 a page, each with its status; the help desk
 * reached through the support desk statechart (one for the acting customer).
 */
export function MessagesPage({ search }: { search: MessagesSearch }) {
  const acting = useSelector(useSessionActor(), actingCustomerIdOf);
  return (
    <SupportDeskProvider key={acting ?? 'none'}>
      <MessagesBody search={search} />
    </SupportDeskProvider>
  );
}

function MessagesBody({ search }: { search: MessagesSearch }) {
  const desk = useSupportDesk();
  const filter = ticketFilterOf(search.status);
  const page = pageOf(search.page);
  const list = useQuery(ticketListQuery(desk, filter, page));
  const stats = useQuery(supportStatsQuery());
  const email = useSelector(desk, (s) => s.context.contact?.email ?? '');
  const limited = useSelector(desk, (s) => s.hasTag('limited'));
  const ticketNumber = search.ticketNumber && /^[0-9A-Za-z-]{1,32}$/.test(search.ticketNumber) ? search.ticketNumber : null;
  const found = useQuery({
    queryKey: [...supportKeys.tickets(), 'byNumber', ticketNumber],
    queryFn: ({ signal }) => ticketIdByNumber(ticketNumber!, signal),
    enabled: ticketNumber !== null,
    meta: { errorPopup: false },
  });
  const navigate = useNavigate();
  if (search.new === '1') {
    return (
      <div className={styles.page}>
        <BackToTickets />
        <NewTicket onCreated={(ticket) => void navigate({ to: '/messages', search: { ticketNumber: ticket.ticketNumber } })} />
      </div>
    );
  }
  if (ticketNumber !== null && found.data) {
    return (
      <div className={styles.page}>
        <BackToTickets />
        <TicketView key={found.data} ticketId={found.data} customerEmail={email} />
      </div>
    );
  }
  return (
    <MessagesView
      {...(ticketNumber !== null && found.data === null ? { missingTicket: ticketNumber } : {})}
      filter={filter}
      page={page}
      list={list}
      stats={stats.data ?? null}
      customerEmail={email}
      limited={limited}
      onRetry={() => {
        desk.send({ type: 'RETRY' });
        void list.refetch();
      }}
    />
  );
}

export interface MessagesViewProps {
  filter: TicketFilter;
  page: number;
  list: QueryLike & { data?: TicketPage | undefined };
  stats: TicketStats | null;
  /** The help desk contact's e-mail (a thread to it is from the desk). */
  customerEmail: string;
  /** The help desk said too many requests: nothing is sent until Try again. */
  limited: boolean;
  onRetry: () => void;
  /** A `?ticketNumber=` the customer has no ticket with: said above the list. */
  missingTicket?: string;
}

/** The page with its reads injected (stories: loading, empty, error, filled). */
export function MessagesView({ filter, page, list, stats, customerEmail, limited, onRetry, missingTicket }: MessagesViewProps) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Messages`);
  const failure = list.isError && !list.data ? (isDeskAborted(list.error) ? uiMessageText(i18n, list.error.message) : errorText(i18n, list.error)) : null;
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / TICKET_PAGE_SIZE));
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Messages`}</h1>
      <p className={styles.backRow}>
        <Link to="/messages" search={{ new: '1' }} className={buttonClass('primary')}>
          {t`New ticket`}
        </Link>
      </p>
      {missingTicket ? <p role="status" className={styles.notice}>{t`There is no ticket No. ${missingTicket} among yours. Here are all your tickets.`}</p> : null}
      <nav aria-label={t`Tickets by status`} className={styles.tabs}>
        {TICKET_FILTERS.map((one) => (
          <Link key={one} to="/messages" search={one === 'all' ? {} : { status: one }} className={styles.tab} aria-current={filter === one ? 'page' : undefined}>
            {i18n._(FILTER_LABELS[one])}
            {stats ? <> <span className={styles.tabCount}>{formatCount(stats[one], i18n.locale)}</span></> : null}
          </Link>
        ))}
      </nav>
      {failure !== null ? (
        <ErrorState title={t`Your tickets could not be loaded`} message={failure} onRetry={limited ? onRetry : () => void list.refetch()} />
      ) : list.isPending ? (
        <Preloader label={t`Loading`} />
      ) : list.data && list.data.data.length === 0 ? (
        filter === 'all' ? (
          <EmptyState title={t`No tickets yet`} message={t`Questions you send to support appear here with their answers.`} />
        ) : (
          <EmptyState title={t`No tickets here`} message={t`Tickets with this status appear here.`} />
        )
      ) : list.data ? (
        <>
          <ul className={styles.list} aria-label={t`Tickets`}>
            {list.data.data.map((ticket) => (
              <li key={ticket.id}>
                <TicketRow ticket={ticket} customerEmail={customerEmail} locale={i18n.locale} />
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pages={pages}
            link={(target, rel, label) => (
              <Link to="/messages" search={{ ...(filter === 'all' ? {} : { status: filter }), ...(target === 1 ? {} : { page: String(target) }) }} rel={rel}>
                {label}
              </Link>
            )}
          />
        </>
      ) : null}
    </div>
  );
}

/** One ticket: its subject and number, its display status, when it last changed; the row opens it. Texts as text. */
function TicketRow({ ticket, customerEmail, locale }: { ticket: SupportTicket; customerEmail: string; locale: string }) {
  const { t, i18n } = useLingui();
  const status = ticketStatusId(ticket, customerEmail, Date.now());
  const number = ticket.ticketNumber;
  return (
    <Link to="/messages" search={{ ticketNumber: ticket.ticketNumber }} className={styles.open}>
      <span className={styles.main}>
        <span className={styles.subject}>{ticket.subject}</span>
        <span className={styles.muted}>{t`Ticket No. ${number}`}</span>
      </span>
      <span className={styles.muted}>
        <time dateTime={ticket.updatedAt}>{formatDateTime(ticket.updatedAt, locale)}</time>
      </span>
      <ToneBadge tone={STATUS_TONES[status]}>{i18n._(STATUS_LABELS[status])}</ToneBadge>
    </Link>
  );
}

function BackToTickets() {
  const { t } = useLingui();
  return (
    <p className={styles.backRow}>
      <Link to="/messages">{t`All tickets`}</Link>
    </p>
  );
}
