import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { IpListState } from '@machines/settings/ip-list.machine';
import { accessIpListQuery, ipInfoQuery, ReauthenticationForm, ReauthenticationPopup, securityListKeys, type ReauthenticationActor, type WhitelistedIp } from '@/entities/security';
import { useSignedIn } from '@/entities/session';
import { uiMessageText } from '@/shared/lib';
import { currentProof, inspectOptions, useNotificationsActor } from '@/shared/model';
import { Button, DataTable, DateText, Dialog, EmptyState, FormAlert, QueryState, type DataColumn } from '@/shared/ui';
import { ipListLogic } from '../model/ip-list-actors';
import { IpAddForm } from './ip-add-form';
import styles from './allowed-ips.module.css';

type IpListActor = ActorRefFrom<typeof ipListLogic>;

/** How an entry reads: the one address, or the range from ip to toIp. */
export const entryLabel = (entry: Pick<WhitelistedIp, 'ip' | 'toIp'>) => (entry.toIp ? `${entry.ip} – ${entry.toIp}` : entry.ip);

/**
 * The allowed IP list on /setting (spec 001 s2 popup "add IP to whitelist", s3 Whitelisted IP, s7
 * "access IP list, add, delete, set mode"; issue 50): the mode, the address the service sees now
 * (ipInfo), the entries with their delete, and "Add an address". The list statechart owns every
 * change and its popups: the deletion is confirmed first; turning the list on, or deleting while it
 * is on, when the current address would be left outside asks to add that address first; each
 * change confirms it is you when the service asks. The view reads its tags.
 */
export function AllowedIpSection({ logic = ipListLogic }: { logic?: typeof ipListLogic }) {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const list = useQuery({ ...accessIpListQuery(), enabled: signedIn });
  // The lock-out guard wants a fresh address: this reader of the shared query asks again after 30 s.
  const ipInfo = useQuery({ ...ipInfoQuery(), enabled: signedIn, staleTime: 30_000, select: (info) => info.ip ?? null });
  const actor = useActorRef(
    logic.provide({
      actions: {
        changed: () => {
          void queryClient.invalidateQueries({ queryKey: securityListKeys.accessIps });
          notifications.send({ type: 'NOTIFY', notification: { id: `allowed-ips-${Date.now()}`, tone: 'success', title: t`The allowed IP list has been changed.` } });
        },
      },
    }),
    { input: { proof: currentProof() }, ...inspectOptions() },
  );
  const idle = useSelector(actor, (s) => s.matches('idle'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const modeOn = list.data?.mode === 'on';
  const current = ipInfo.data ?? null;
  const state = (): IpListState => ({ modeOn, entries: list.data?.ips ?? [], current });
  const columns: DataColumn<WhitelistedIp>[] = [
    { id: 'address', title: t`Address or range`, isRowHeader: true, render: (entry) => <span className={styles.address}>{entryLabel(entry)}</span> },
    { id: 'created', title: t`Added`, render: (entry) => <DateText value={entry.created} withTime /> },
    {
      id: 'actions',
      title: t`Actions`,
      align: 'end',
      render: (entry) => {
        const label = entryLabel(entry);
        return (
          <Button variant="secondary" aria-haspopup="dialog" aria-label={t`Delete ${label}`} isDisabled={!idle} onPress={() => actor.send({ type: 'DELETE', id: entry.id, label, list: state() })}>
            {t`Delete`}
          </Button>
        );
      },
    },
  ];
  return (
    <section aria-labelledby="allowed-ips-title" className={styles.section}>
      <h2 id="allowed-ips-title">{t`Allowed IP addresses`}</h2>
      <p className={styles.hint}>{t`When the list is on, you can sign in only from the addresses on it.`}</p>
      <QueryState query={list} title={t`Could not load the allowed IP list`} />
      {list.data ? (
        <>
          <p className={styles.now}>
            {t`Now:`} <strong>{modeOn ? t`On` : t`Off`}</strong>
          </p>
          {current ? (
            <p className={styles.now}>
              {t`You are connected from`} <strong className={styles.address}>{current}</strong>
            </p>
          ) : null}
          <div className={styles.buttons}>
            <Button variant="secondary" isDisabled={!idle} isPending={busy} onPress={() => actor.send({ type: 'SET_MODE', mode: modeOn ? 'off' : 'on', list: state() })}>
              {modeOn ? t`Turn the list off` : t`Turn the list on`}
            </Button>
            <Button variant="secondary" aria-haspopup="dialog" isDisabled={!idle} onPress={() => actor.send({ type: 'ADD' })}>
              {t`Add an address`}
            </Button>
          </div>
          <DataTable label={t`Allowed IP addresses`} columns={columns} rows={list.data.ips} empty={<EmptyState title={t`No addresses on the list`} />} />
        </>
      ) : null}
      <IpListDialogs actor={actor} />
    </section>
  );
}

type View = 'adding' | 'lockOut' | 'confirming' | 'failed' | null;
type AddFormActor = Parameters<typeof IpAddForm>[0]['actor'];

/**
 * The add popup: the form, or "Confirm it is you" in its place while the service's question is
 * answered (one dialog, so focus stays in it); cancelling that returns to the form, values kept.
 */
function AddDialog({ addForm, onCancel }: { addForm: AddFormActor; onCancel: () => void }) {
  const { t } = useLingui();
  const reauthentication = useSelector(addForm, (s) => s.children.reauthentication as ReauthenticationActor | undefined);
  return (
    <Dialog
      isOpen
      onClose={() => (reauthentication ? reauthentication.send({ type: 'CANCEL' }) : onCancel())}
      title={reauthentication ? t`Confirm it is you` : t`Add an IP address`}
    >
      {reauthentication ? <ReauthenticationForm actor={reauthentication} /> : <IpAddForm actor={addForm} onCancel={onCancel} />}
    </Dialog>
  );
}

/** The list statechart's popups: the add form, the lock-out question, the delete confirmation, a failure; re-authentication when asked. */
function IpListDialogs({ actor }: { actor: IpListActor }) {
  const { t, i18n } = useLingui();
  const view = useSelector(actor, (s): View => (s.hasTag('adding') ? 'adding' : s.hasTag('lockOut') ? 'lockOut' : s.hasTag('confirming') ? 'confirming' : s.hasTag('failed') ? 'failed' : null));
  const change = useSelector(actor, (s) => s.context.change);
  const current = useSelector(actor, (s) => s.context.current ?? '');
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  const addForm = useSelector(actor, (s) => s.children.addForm as AddFormActor | undefined);
  const reauthentication = useSelector(actor, (s) => s.children.reauthentication as ReauthenticationActor | undefined);
  const cancel = () => actor.send({ type: 'CANCEL' });
  const label = change?.kind === 'delete' ? change.label : '';
  return (
    <>
      {view === 'adding' && addForm ? <AddDialog addForm={addForm} onCancel={cancel} /> : null}
      <Dialog isOpen={view === 'lockOut'} role="alertdialog" onClose={cancel} title={t`Add your current address first`}>
        <div className={styles.form}>
          <p>
            {change?.kind === 'delete'
              ? t`You are connected from ${current}. Without this entry it would not be on the list, and you could not sign in from here.`
              : t`You are connected from ${current}, which is not on the list. With the list on you could not sign in from here.`}
          </p>
          <div className={styles.buttons}>
            <Button onPress={() => actor.send({ type: 'ADD_CURRENT' })}>{t`Add ${current}`}</Button>
            <Button variant="secondary" onPress={cancel}>
              {t`Cancel`}
            </Button>
          </div>
        </div>
      </Dialog>
      <Dialog isOpen={view === 'confirming'} role="alertdialog" onClose={cancel} title={t`Delete this address?`}>
        <div className={styles.form}>
          <p>{t`${label} will be removed from the allowed IP list.`}</p>
          <div className={styles.buttons}>
            <Button onPress={() => actor.send({ type: 'CONFIRM' })}>{t`Delete`}</Button>
            <Button variant="secondary" onPress={cancel}>
              {t`Cancel`}
            </Button>
          </div>
        </div>
      </Dialog>
      <Dialog isOpen={view === 'failed'} role="alertdialog" onClose={cancel} title={t`Error`}>
        <div className={styles.form}>
          {error ? <FormAlert>{error}</FormAlert> : null}
          <div className={styles.buttons}>
            <Button onPress={() => actor.send({ type: 'RETRY' })}>{t`Try again`}</Button>
            <Button variant="secondary" onPress={cancel}>
              {t`Close`}
            </Button>
          </div>
        </div>
      </Dialog>
      <ReauthenticationPopup actor={reauthentication} />
    </>
  );
}
