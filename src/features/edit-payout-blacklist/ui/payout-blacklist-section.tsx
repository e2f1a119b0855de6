import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActorRefFrom } from 'xstate';
import { blacklistQuery, securityListKeys, type BlacklistUser } from '@/entities/security';
import { useSignedIn } from '@/entities/session';
import { useConfirmedRemoval } from '@/shared/lib';
import { useDisclosure, useNotificationsActor } from '@/shared/model';
import { Button, ConfirmedChangeDialog, DataTable, Dialog, EmptyState, QueryState, type DataColumn } from '@/shared/ui';
import { blacklistAddFormLogic, blacklistRemoveLogic, type BlacklistAddFormLogic, type BlacklistRemoveLogic } from '../model/blacklist-actors';
import { useOwnEmails } from '../model/own-emails';
import { BlacklistAddForm } from './blacklist-add-form';
import { BLOCK_TYPE_TEXTS } from './block-type-texts';
import styles from './payout-blacklist.module.css';

/** A row: the entry, keyed by its e-mail, with its place (for the ids its button is named by). */
type Row = BlacklistUser & { id: string; place: number };

export interface PayoutBlacklistSectionProps {
  addLogic?: BlacklistAddFormLogic;
  removeLogic?: BlacklistRemoveLogic;
}

/**
 * The payout blacklist (001 s2 /payout-blacklist and the popup "add to blacklist", s3 Blacklist
 * user, s7 blacklist list, add, delete, s8 the success sentence; issue 50): the e-mails with what
 * each blocks, "Add to black list" (the popup's form statechart), and each e-mail's removal,
 * confirmed first and sent once (the confirmed-change statechart). After a change the list is read
 * again; the p2p form's payee check asks the service each time it mounts, so it sees the change.
 */
export function PayoutBlacklistSection({ addLogic = blacklistAddFormLogic, removeLogic = blacklistRemoveLogic }: PayoutBlacklistSectionProps) {
  const { t, i18n } = useLingui();
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const list = useQuery({ ...blacklistQuery(), enabled: signedIn });
  const own = useOwnEmails();
  const adding = useDisclosure();
  const users = list.data ?? [];
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: securityListKeys.blacklist });
  const { actor: remove, addButton } = useConfirmedRemoval(removeLogic, users.map((user) => user.email), (subject) => {
      readAgain();
      notifications.send({ type: 'NOTIFY', notification: { id: `blacklist-removed-${Date.now()}`, tone: 'success', title: t`${subject} has been removed from the black list.` } });
  });
  const ids = useId();
  const rows: Row[] = users.map((user, place) => ({ ...user, id: user.email, place }));
  const columns: DataColumn<Row>[] = [
    {
      id: 'email',
      title: t`E-mail`,
      isRowHeader: true,
      // What it blocks goes under the e-mail (not a column of its own): two columns hold at 320 px in every language.
      render: (row) => {
        const what = i18n._(BLOCK_TYPE_TEXTS[row.blockType]);
        return (
          <>
            <span id={`${ids}-email-${row.place}`} className={styles.email}>
              {row.email}
            </span>
            <span className={styles.blocks}>{t`Blocks: ${what}`}</span>
          </>
        );
      },
    },
    {
      id: 'actions',
      title: t`Actions`,
      align: 'end',
      render: (row) => (
        // Named by its word and the row's e-mail ("Remove spam@example.com"): the name starts with what is seen, in every language.
        <Button
          variant="secondary"
          aria-haspopup="dialog"
          aria-labelledby={`${ids}-remove-${row.place} ${ids}-email-${row.place}`}
          onPress={() => remove.send({ type: 'REQUEST', subject: row.email })}
        >
          <span id={`${ids}-remove-${row.place}`} className={styles.word}>
            {t`Remove`}
          </span>
        </Button>
      ),
    },
  ];
  const added = (email: string) => {
    adding.close();
    readAgain();
    notifications.send({ type: 'NOTIFY', notification: { id: `blacklist-added-${Date.now()}`, tone: 'success', title: t`The user with ${email} has been added to the black list.` } });
  };
  return (
    <div className={styles.section}>
      <QueryState query={list} title={t`Could not load your black list`} />
      {list.data ? (
        <>
          <div className={styles.buttons}>
            <Button ref={addButton} aria-haspopup="dialog" onPress={adding.toggle}>
              {t`Add to black list`}
            </Button>
          </div>
          <DataTable label={t`Payout black list`} columns={columns} rows={rows} empty={<EmptyState title={t`No e-mails on your black list`} />} />
        </>
      ) : null}
      <Dialog isOpen={adding.open} onClose={adding.close} title={t`Add to black list`}>
        <BlacklistAddForm own={own} listed={users.map((user) => user.email)} onAdded={added} onCancel={adding.close} logic={addLogic} />
      </Dialog>
      <RemoveDialog actor={remove} />
    </div>
  );
}

/** The removal's question, its progress and its failure with "Try again", in one alert dialog. */
function RemoveDialog({ actor }: { actor: ActorRefFrom<BlacklistRemoveLogic> }) {
  const { t } = useLingui();
  return (
    <ConfirmedChangeDialog
      actor={actor}
      title={(email) => t`Remove ${email} from the black list?`}
      text={() => t`Payouts to this e-mail will be possible again.`}
      confirmLabel={t`Remove`}
    />
  );
}
