import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CONVERSATION_PREVIEW_LIMIT } from '@machines/support/ticket-status.rules';
import { deskCall, helpdeskConversations, supportKeys, useSupportDesk } from '@/entities/support-ticket';
import { formatDateTime, uiMessageText } from '@/shared/lib';
import { Preloader } from '@/shared/ui';
import { sayable } from '../model/logic';
import styles from './support-messages.module.css';

/**
 * A ticket's preview in the list (issue 60; 002 s9: 2 conversations when previewing): its two
 * latest messages, who wrote each and when, their start as text. Asked for through the desk when
 * shown; a refusal said in place.
 */
export function TicketPreview({ ticketId, customerEmail }: { ticketId: string; customerEmail: string }) {
  const { t, i18n } = useLingui();
  const desk = useSupportDesk();
  const preview = useQuery({
    queryKey: supportKeys.conversations(ticketId, CONVERSATION_PREVIEW_LIMIT),
    queryFn: async () => {
      try {
        return await deskCall(desk, 'conversations', (jwt) => helpdeskConversations(jwt, ticketId, CONVERSATION_PREVIEW_LIMIT));
      } catch (error) {
        throw sayable(error);
      }
    },
    retry: false,
    meta: { errorPopup: false },
  });
  if (preview.isError) return <p role="alert" className={styles.muted}>{uiMessageText(i18n, sayable(preview.error))}</p>;
  if (!preview.data) return <Preloader label={t`Loading`} />;
  if (preview.data.data.length === 0) return <p className={styles.muted}>{t`No messages yet.`}</p>;
  return (
    <ol className={styles.previewList}>
      {preview.data.data.map((conversation) => {
        const fromDesk = conversation.author.type === 'AGENT' || conversation.to.trim().toLowerCase() === customerEmail.trim().toLowerCase();
        return (
          <li key={conversation.id} className={styles.previewItem}>
            <span className={styles.muted}>
              <strong>{fromDesk ? conversation.author.name : t`You`}</strong>{' '}
              <time dateTime={conversation.createdAt}>{formatDateTime(conversation.createdAt, i18n.locale)}</time>
            </span>
            <span className={styles.previewText}>{conversation.summary}</span>
          </li>
        );
      })}
    </ol>
  );
}
