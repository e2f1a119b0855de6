import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { announcementKeys } from '@/entities/announcement';
import { uiMessageText } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, DateText, Dialog, FormAlert, Preloader } from '@/shared/ui';
import { announcementLogic } from '../model/announcement';
import styles from './announcement.module.css';

export interface AnnouncementDialogProps {
  id: number;
  /** The title from the list, shown while the announcement opens. */
  title: string;
  onClose: () => void;
  /** Injectable for stories and tests (fake calls). */
  logic?: typeof announcementLogic;
}

/**
 * One announcement: opening it marks it read (the list and the header's count refresh); where it
 * asks for a choice, Accept and Decline send it once; a failure keeps both with the reason.
 * The server's title and text are rendered as text, never as HTML.
 */
export function AnnouncementDialog({ id, title, onClose, logic = announcementLogic }: AnnouncementDialogProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const actor = useActorRef(
    logic.provide({ actions: { changed: () => void queryClient.invalidateQueries({ queryKey: announcementKeys.all }) } }),
    { input: { id }, ...inspectOptions() },
  );
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const loadFailed = useSelector(actor, (s) => s.hasTag('loadFailed'));
  const choosing = useSelector(actor, (s) => s.hasTag('choosing'));
  const answering = useSelector(actor, (s) => s.hasTag('answering'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const announcement = useSelector(actor, (s) => s.context.announcement);
  const pending = useSelector(actor, (s) => s.context.pending);
  const error = useSelector(actor, (s) => s.context.error);
  const errorMessage = error ? uiMessageText(i18n, error) : null;

  const footer =
    choosing || answering ? (
      <>
        <Button variant="secondary" isPending={answering && pending === 'decline'} onPress={() => actor.send({ type: 'DECLINE' })}>
          {t`Decline`}
        </Button>
        <Button isPending={answering && pending === 'accept'} onPress={() => actor.send({ type: 'ACCEPT' })}>
          {t`Accept`}
        </Button>
      </>
    ) : (
      <Button variant="secondary" onPress={onClose}>
        {t`Close`}
      </Button>
    );

  return (
    <Dialog isOpen onClose={onClose} title={announcement?.title ?? title} footer={footer}>
      {loading ? <Preloader label={t`Opening the announcement`} /> : null}
      {loadFailed ? (
        <div className={styles.stack}>
          <FormAlert>{errorMessage ?? t`The announcement could not be opened.`}</FormAlert>
          <div>
            <Button variant="secondary" onPress={() => actor.send({ type: 'RETRY' })}>
              {t`Try again`}
            </Button>
          </div>
        </div>
      ) : null}
      {announcement ? (
        <div className={styles.stack}>
          <p className={styles.date}>
            <DateText value={announcement.created} />
          </p>
          <p className={styles.body}>{announcement.body}</p>
          {failed && errorMessage ? <FormAlert>{errorMessage}</FormAlert> : null}
          {announcement.choice === 'accept' ? <p role="status" className={styles.answer}>{t`You accepted.`}</p> : null}
          {announcement.choice === 'decline' ? <p role="status" className={styles.answer}>{t`You declined.`}</p> : null}
        </div>
      ) : null}
    </Dialog>
  );
}
