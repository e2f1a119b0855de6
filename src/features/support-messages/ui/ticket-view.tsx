import { useId, useState, type ReactNode } from 'react';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { taskMachine } from '@machines/shared/task.machine';
import { ticketStatusId, type TicketStatusId } from '@machines/support/ticket-status.rules';
import { REPLY_FIELD } from '@machines/support/support-message.rules';
import { composerQuery, deskCall, helpdeskAttachment, helpdeskThread, supportKeys, useSupportDesk, type Conversation, type TicketAttachment } from '@/entities/support-ticket';
import { formatDateTime, uiMessageText } from '@/shared/lib';
import { inspectOptions, saveFile, useMobileApp } from '@/shared/model';
import { Button, ErrorState, Preloader, TaskButton, ToneBadge, type BadgeTone } from '@/shared/ui';
import { readTicketsAgain, replyLogicFor, sayable, ticketReadLogicFor } from '../model/logic';
import { MessageForm } from './message-form';
import styles from './support-messages.module.css';

const STATUS_LABELS: Readonly<Record<TicketStatusId, MessageDescriptor>> = { open: msg`Open`, new: msg`New`, closed: msg`Closed` };
const STATUS_TONES: Readonly<Record<TicketStatusId, BadgeTone>> = { open: 'info', new: 'warning', closed: 'neutral' };

/**
 * One support ticket (issue 60; 002 s4, s7, s9): its subject, number and status; its conversations
 * (up to 100, newest first), each opened whole with its attachments to download; the reply with
 * attachments. Opening it writes the read-at field (the ticket read statechart), so "new" clears.
 * Every text from the help desk as text; a message the desk wrote goes through `renderContent`
 * when given (the page's link check: its links are checked before they open).
 */
export function TicketView({ ticketId, customerEmail, renderContent }: { ticketId: string; customerEmail: string; renderContent?: (text: string) => ReactNode }) {
  const { t, i18n } = useLingui();
  const desk = useSupportDesk();
  const queryClient = useQueryClient();
  // The statecharts' logic, made once for the ticket (their flow is theirs).
  const [readLogic] = useState(() => ticketReadLogicFor(desk, ticketId, queryClient));
  const reader = useActorRef(readLogic, inspectOptions());
  const ticket = useSelector(reader, (s) => s.context.ticket);
  const conversations = useSelector(reader, (s) => s.context.conversations);
  const count = useSelector(reader, (s) => s.context.count);
  const error = useSelector(reader, (s) => (s.matches('failed') ? uiMessageText(i18n, s.context.error) : null));
  const headingId = useId();
  if (error !== null) return <ErrorState title={t`This ticket could not be loaded`} message={error} onRetry={() => reader.send({ type: 'RETRY' })} />;
  if (!ticket) return <Preloader label={t`Loading`} />;
  const status = ticketStatusId(ticket, customerEmail, Date.now());
  const number = ticket.ticketNumber;
  const shown = conversations.length;
  return (
    <section className={styles.ticket} aria-labelledby={headingId}>
      <div className={styles.ticketHead}>
        <h2 id={headingId} className={styles.subject}>
          {ticket.subject}
        </h2>
        <ToneBadge tone={STATUS_TONES[status]}>{i18n._(STATUS_LABELS[status])}</ToneBadge>
      </div>
      <p className={styles.muted}>{t`Ticket No. ${number}`}</p>
      <ReplyBox ticketId={ticketId} onSent={() => {
        reader.send({ type: 'REFRESH' });
        readTicketsAgain(queryClient);
      }} />
      <h3 className={styles.conversationsTitle}>{t`Conversation`}</h3>
      {count > shown ? <p className={styles.muted}>{plural(count, { one: `The latest ${shown} of # message.`, other: `The latest ${shown} of # messages.` })}</p> : null}
      <ol className={styles.threads}>
        {conversations.map((conversation) => (
          <li key={conversation.id}>
            <ThreadItem ticketId={ticketId} conversation={conversation} customerEmail={customerEmail} renderContent={renderContent} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** One message of the ticket: who wrote it and when, its start; opened whole with its attachments on asking. */
function ThreadItem({ ticketId, conversation, customerEmail, renderContent }: { ticketId: string; conversation: Conversation; customerEmail: string; renderContent?: ((text: string) => ReactNode) | undefined }) {
  const { t, i18n } = useLingui();
  const desk = useSupportDesk();
  const [open, setOpen] = useState(false);
  const thread = useQuery({
    queryKey: supportKeys.thread(ticketId, conversation.id),
    queryFn: async () => {
      try {
        return await deskCall(desk, 'thread', (jwt) => helpdeskThread(jwt, ticketId, conversation.id));
      } catch (error) {
        throw sayable(error);
      }
    },
    enabled: open,
    retry: false,
    meta: { errorPopup: false },
  });
  const fromDesk = conversation.author.type === 'AGENT';
  const author = fromDesk ? conversation.author.name : t`You`;
  const files = conversation.attachmentCount;
  const toYou = conversation.to.trim().toLowerCase() === customerEmail.trim().toLowerCase();
  return (
    <article className={fromDesk ? `${styles.thread} ${styles.fromDesk}` : styles.thread}>
      <p className={styles.threadHead}>
        <strong>{author}</strong> <time dateTime={conversation.createdAt}>{formatDateTime(conversation.createdAt, i18n.locale)}</time>
        {fromDesk && toYou ? <span className={styles.visuallyHidden}>{t`(an answer to you)`}</span> : null}
      </p>
      {open && thread.data ? (
        <>
          <p className={styles.content}>{fromDesk && renderContent ? renderContent(thread.data.content) : thread.data.content}</p>
          {thread.data.attachments.length > 0 ? (
            <ul className={styles.attachments} aria-label={t`Attachments`}>
              {thread.data.attachments.map((attachment) => (
                <li key={attachment.id}>
                  <AttachmentButton ticketId={ticketId} threadId={conversation.id} attachment={attachment} />
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p className={styles.content}>{conversation.summary}</p>
      )}
      {open && thread.isError ? <p role="alert">{uiMessageText(i18n, sayable(thread.error))}</p> : null}
      {!open ? (
        <Button variant="secondary" onPress={() => setOpen(true)}>
          {files > 0 ? plural(files, { one: 'Show all, with # attachment', other: 'Show all, with # attachments' }) : t`Show all`}
        </Button>
      ) : thread.isPending ? (
        <Preloader label={t`Loading`} />
      ) : null}
    </article>
  );
}

/** An attachment's file, fetched through the desk and saved (or handed to the phone's app). */
function AttachmentButton({ ticketId, threadId, attachment }: { ticketId: string; threadId: string; attachment: TicketAttachment }) {
  const desk = useSupportDesk();
  const mobileApp = useMobileApp();
  const name = attachment.name;
  // The task's logic, made once for the button (the task statechart holds its flow).
  const [logic] = useState(() =>
    taskMachine.provide({
      actors: {
        run: fromPromise(async () => {
          try {
            const { blob, fileName } = await deskCall(desk, 'attachment', (jwt) => helpdeskAttachment(jwt, ticketId, threadId, attachment));
            await saveFile(blob, fileName, mobileApp);
          } catch (error) {
            throw sayable(error);
          }
        }),
      },
    }),
  );
  return <TaskButton logic={logic}>{name}</TaskButton>;
}

/** The reply, with attachments within the composer's limits (its own statechart, made once for the ticket, emptied after each reply). */
function ReplyBox({ ticketId, onSent }: { ticketId: string; onSent: () => void }) {
  const { t, i18n } = useLingui();
  const desk = useSupportDesk();
  const composer = useQuery(composerQuery(desk));
  const [logic] = useState(() => replyLogicFor(desk, ticketId));
  if (!composer.data) return composer.isError ? <ErrorState title={t`The reply form could not be loaded`} message={uiMessageText(i18n, sayable(composer.error)) ?? ''} onRetry={() => void composer.refetch()} /> : <Preloader label={t`Loading`} />;
  return (
    <MessageForm
      title={t`Your reply`}
      submitLabel={t`Send the reply`}
      fields={[{ ...REPLY_FIELD, displayLabel: t`Message` }]}
      limits={composer.data.settings.attachments}
      logic={logic}
      repeatable
      onDone={onSent}
    />
  );
}
