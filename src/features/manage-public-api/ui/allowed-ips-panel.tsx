import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { anyAddressAllowed, isOn, onText } from '@machines/public-api/public-api.rules';
import { allowedIpsQuery, publicApiKeys, type AllowedIp } from '@/entities/public-api';
import { useNotificationsActor, useResponsePopup } from '@/shared/model';
import { Button, Checkbox, EmptyState, FormDialog, QueryState, Switch, TextField, type QueryLike } from '@/shared/ui';
import { allowedIpEditLogic, allowedIpValues, NEW_ALLOWED_IP, type EntityEditLogic } from '../model/public-api-actors';
import { useEntityEdit, type EntityEditActor } from '../model/use-entity-edit';
import { EntityDeleteDialog, EntityListError, RowButton } from './entity-parts';
import styles from './public-api.module.css';

/** The entries' read as the view needs it (stories give fakes). */
export type AllowedIpsRead = QueryLike & { data?: AllowedIp[] | undefined };

export interface AllowedIpsPanelProps {
  /** Storybook: the statechart with fake calls. */
  editLogic?: EntityEditLogic;
}

/** The allowed IPs of the API keys (001 s7 GET /public-api/allowedip), on /merchant/internal/api_key. */
export function AllowedIpsPanel(props: AllowedIpsPanelProps) {
  return <AllowedIpsView {...props} read={useQuery(allowedIpsQuery())} />;
}

/**
 * The addresses the keys may be used from: each entry one address or a range (the settings'
 * allowed IP rules), on or off; with none on, the keys work from any address, and the page says
 * so. New entry, Edit, on or off from the list, Delete (asked first); each write sent once; a
 * range that overlaps another entry is refused in the response popup.
 */
export function AllowedIpsView({ read, editLogic = allowedIpEditLogic }: AllowedIpsPanelProps & { read: AllowedIpsRead }) {
  const { t } = useLingui();
  const ids = useId();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const showReply = useResponsePopup();
  const entries = read.data ?? [];
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: publicApiKeys.allowedIps() });
  const notify = (id: string, title: string) => notifications.send({ type: 'NOTIFY', notification: { id: `${id}-${Date.now()}`, tone: 'success', title } });
  const edit = useEntityEdit(editLogic, {
    ids: entries.map((entry) => entry.id),
    saved: (_, created) => {
      readAgain();
      notify('allowed-ip-saved', created ? t`The address was added.` : t`The address was saved.`);
    },
    removed: () => {
      readAgain();
      notify('allowed-ip-deleted', t`The address was deleted.`);
    },
    showReply,
  });
  const toggling = useSelector(edit.actor, (s) => (s.matches('toggling') ? s.context.id : null));
  const editedName = entries.find((entry) => entry.id === edit.editedId)?.name ?? '';
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <div className={styles.head}>
        <h2 id={`${ids}-title`} className={styles.subtitle}>
          {t`Allowed IP addresses`}
        </h2>
        <Button ref={edit.newButton} aria-haspopup="dialog" onPress={() => edit.actor.send({ type: 'ADD', values: NEW_ALLOWED_IP })}>
          {t`Add an address`}
        </Button>
      </div>
      <p className={styles.hint}>{!anyAddressAllowed(entries) ? t`Your keys work only from the addresses that are on below. A request from anywhere else is refused.` : t`No address is on, so your keys work from any address. Add your servers' addresses to refuse requests from anywhere else.`}</p>
      <QueryState query={read} title={t`The addresses could not be loaded`} />
      <EntityListError actor={edit.actor} />
      {read.data ? (
        entries.length === 0 ? (
          <EmptyState title={t`No addresses yet`} message={t`Add one address, or a range from its first to its last address.`} />
        ) : (
          <ul className={styles.list} aria-labelledby={`${ids}-title`}>
            {entries.map((entry) => (
              <AllowedIpRow key={entry.id} entry={entry} edit={edit.actor} toggling={toggling === entry.id} />
            ))}
          </ul>
        )
      ) : null}
      {edit.editing ? (
        <FormDialog
          view={edit.form}
          title={edit.editedId === null ? t`Add an address` : t`Edit ${editedName}`}
          submitLabel={edit.editedId === null ? t`Add` : t`Save`}
          onCancel={() => edit.actor.send({ type: 'CANCEL' })}
        >
          <TextField label={t`Name`} description={t`For you only, for example "Office".`} {...edit.field('name')} isRequired autoComplete="off" />
          <div className={styles.pair}>
            <TextField label={t`IP address`} description={t`IPv4 or IPv6; the first of a range.`} {...edit.field('ipFrom')} isRequired autoComplete="off" inputMode="text" />
            <TextField label={t`Last address of the range (optional)`} description={t`Empty for one address.`} {...edit.field('ipTo')} autoComplete="off" inputMode="text" />
          </div>
          <Checkbox isSelected={isOn(edit.values.enabled)} isDisabled={edit.busy} onChange={(on) => edit.actor.send({ type: 'CHANGE', name: 'enabled', value: onText(on) })}>
            {t`On: requests from this address are accepted`}
          </Checkbox>
        </FormDialog>
      ) : null}
      <EntityDeleteDialog actor={edit.actor} title={(name) => t`Delete ${name}?`} text={t`If other addresses are on, requests from this one are refused from now on.`} />
    </section>
  );
}

function AllowedIpRow({ entry, edit, toggling }: { entry: AllowedIp; edit: EntityEditActor; toggling: boolean }) {
  const { t } = useLingui();
  const ids = useId();
  const nameId = `${ids}-name`;
  return (
    <li className={styles.row}>
      <div className={styles.rowHead}>
        <p id={nameId} className={styles.name}>
          {entry.name}
        </p>
        <span className={`${styles.badge} ${entry.enabled ? styles.good : styles.bad}`}>{entry.enabled ? t`On` : t`Off`}</span>
      </div>
      <p className={`${styles.detail} ${styles.mono}`}>{entry.ipTo && entry.ipTo !== entry.ipFrom ? `${entry.ipFrom} – ${entry.ipTo}` : entry.ipFrom}</p>
      <div className={styles.buttons}>
        <Switch isSelected={entry.enabled} isPending={toggling} onChange={(on) => edit.send({ type: 'TOGGLE', id: entry.id, values: { ...allowedIpValues(entry), enabled: onText(on) } })}>
          {t`On`} <span className={styles.hint}>({entry.name})</span>
        </Switch>
        <RowButton word={`${ids}-edit`} nameId={nameId} haspopup onPress={() => edit.send({ type: 'EDIT', id: entry.id, values: allowedIpValues(entry) })}>
          {t`Edit`}
        </RowButton>
        <RowButton word={`${ids}-delete`} nameId={nameId} onPress={() => edit.send({ type: 'DELETE', id: entry.id, subject: entry.name })}>
          {t`Delete`}
        </RowButton>
      </div>
    </li>
  );
}
