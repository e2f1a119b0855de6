import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { isDeskAborted } from '@machines/support/support-desk.machine';
import { TICKET_FILTERS, TICKET_PAGE_SIZE, ticketFilterOf, ticketStatusId, type TicketFilter, type TicketStatusId } from '@machines/support/ticket-status.rules';
import { actingCustomerIdOf, useSessionActor } from '@/entities/session';
import { SupportDeskProvider, supportAgentQuery, supportKeys, supportStatsQuery, ticketIdByNumber, ticketListQuery, useSupportDesk, type SupportAgent, type SupportTicket, type TicketPage, type TicketStats } from '@/entities/support-ticket';
import { LinkedText } from '@/features/check-link';
import { NewTicket, TicketPreview, TicketView } from '@/features/support-messages';
import { track } from '@/shared/analytics';
import { errorText } from '@/shared/api';
import { formatCount, formatDateTime, uiMessageText, usePageTitle } from '@/shared/lib';
import { buttonClass, EmptyState, ErrorState, LinkTabs, linkTab, Pager, Preloader, TabCount, ToneBadge, type BadgeTone, type QueryLike } from '@/shared/ui';
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
  const agent = useQuery(supportAgentQuery());
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
        <TicketView key={found.data} ticketId={found.data} customerEmail={email} renderContent={(text) => <LinkedText text={text} />} />
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
      agent={agent.data ?? null}
      customerEmail={email}
      renderPreview={(ticket) => <TicketPreview ticketId={ticket.id} customerEmail={email} />}
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
  /** The customer's support agent (GET zoho/agent), when known. */
  agent: SupportAgent | null;
  /** A ticket's latest two messages, asked for when the customer opens its preview. */
  renderPreview?: (ticket: SupportTicket) => ReactNode;
  /** The help desk contact's e-mail (a thread to it is from the desk). */
  customerEmail: string;
  /** The help desk said too many requests: nothing is sent until Try again. */
  limited: boolean;
  onRetry: () => void;
  /** A `?ticketNumber=` the customer has no ticket with: said above the list. */
  missingTicket?: string;
}

/** The page with its reads injected (stories: loading, empty, error, filled). */
export function MessagesView({ filter, page, list, stats, agent, renderPreview, customerEmail, limited, onRetry, missingTicket }: MessagesViewProps) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Messages`);
  // Support message center events (002 s9): the centre shown, with the filter (no ticket, text or count).
  useEffect(() => void track('Support message center show', { filter }), [filter]);
  const failure = list.isError && !list.data ? (isDeskAborted(list.error) ? uiMessageText(i18n, list.error.message) : errorText(i18n, list.error)) : null;
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / TICKET_PAGE_SIZE));
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Messages`}</h1>
      {agent ? <AgentCard agent={agent} /> : null}
      <p className={styles.backRow}>
        <Link to="/messages" search={{ new: '1' }} className={buttonClass('primary')}>
          {t`New ticket`}
        </Link>
      </p>
      {missingTicket ? <p role="status" className={styles.notice}>{t`There is no ticket No. ${missingTicket} among yours. Here are all your tickets.`}</p> : null}
      <LinkTabs label={t`Tickets by status`}>
        {TICKET_FILTERS.map((one) => (
          <Link key={one} to="/messages" search={one === 'all' ? {} : { status: one }} {...linkTab(filter === one)}>
            {i18n._(FILTER_LABELS[one])}
            {stats ? <TabCount>{formatCount(stats[one], i18n.locale)}</TabCount> : null}
          </Link>
        ))}
      </LinkTabs>
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
                {renderPreview ? <PreviewDisclosure ticket={ticket} render={renderPreview} /> : null}
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

/** A ticket's latest messages under its row: asked for only when opened (a disclosure). */
function PreviewDisclosure({ ticket, render }: { ticket: SupportTicket; render: (ticket: SupportTicket) => ReactNode }) {
  const { t } = useLingui();
  const regionId = useId();
  const [open, setOpen] = useState(false);
  const number = ticket.ticketNumber;
  return (
    <div className={styles.preview}>
      <button type="button" className={styles.previewToggle} aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((was) => !was)}>
        {open ? t`Hide the latest messages` : t`Latest messages`}
        <span className={styles.visuallyHidden}> {t`of ticket No. ${number}`}</span>
      </button>
      <div id={regionId} hidden={!open}>
        {open ? render(ticket) : null}
      </div>
    </div>
  );
}

/** Whom the customer's questions go to: the agent's name and photo (an https or an inline image, else their initial), and whether they are in now. */
function AgentCard({ agent }: { agent: SupportAgent }) {
  const { t } = useLingui();
  const name = agent.name;
  const photo = agent.photo && /^(https:\/\/|data:image\/(png|jpeg|svg\+xml|webp);)/.test(agent.photo) ? agent.photo : null;
  return (
    <section className={styles.agent} aria-label={t`Your support agent`}>
      {photo ? <img className={styles.agentPhoto} src={photo} alt="" width={48} height={48} /> : <span className={styles.agentPhoto} aria-hidden="true">{name.trim().charAt(0).toUpperCase()}</span>}
      <span className={styles.main}>
        <span className={styles.subject}>{t`Your support agent: ${name}`}</span>
        <span className={styles.muted}>{agent.available ? t`Available now` : t`Away now: your message will be answered when the desk opens`}</span>
      </span>
    </section>
  );
}
