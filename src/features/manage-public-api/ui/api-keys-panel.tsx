import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { maskedSecret } from '@machines/merchant/merchant.rules';
import { EXPIRY_TEXTS, KEY_STATE_TEXTS } from '@machines/public-api/public-api-messages';
import { EXPIRY_CHOICES, isOn, keyState, mayTurnOn, offersRoll, onText, type KeyState } from '@machines/public-api/public-api.rules';
import { apiKeysQuery, publicApiKeys, type ApiKey } from '@/entities/public-api';
import { formatDateTime, uiMessageText } from '@/shared/lib';
import { inspectOptions, useNotificationsActor, useResponsePopup } from '@/shared/model';
import { Button, Checkbox, EmptyState, FormAlert, FormDialog, QueryState, SecretRevealDialogs, Switch, TextField, type QueryLike } from '@/shared/ui';
import { apiKeyEditLogic, apiKeyRollLogic, apiKeyValues, NEW_API_KEY, type EntityEditLogic, type SecretLogic } from '../model/public-api-actors';
import { useEntityEdit, type EntityEditActor } from '../model/use-entity-edit';
import { EntityDeleteDialog, EntityListError, RowButton } from './entity-parts';
import styles from './public-api.module.css';

/** The keys' read as the view needs it (stories give fakes). */
export type ApiKeysRead = QueryLike & { data?: ApiKey[] | undefined };

export interface ApiKeysPanelProps {
  /** Storybook: the statecharts with fake calls. */
  editLogic?: EntityEditLogic;
  rollLogic?: SecretLogic;
  /** Storybook: the moment the keys' expiry is measured against. */
  now?: number;
}

export const STATE_TONE: Record<KeyState, 'good' | 'warn' | 'bad'> = { active: 'good', expiring: 'warn', disabled: 'bad', expired: 'bad' };

/** /merchant/internal/api_key, its keys (001 s7 GET /public-api/apikey with the acting customer's own id). */
export function ApiKeysPanel(props: ApiKeysPanelProps) {
  return <ApiKeysView {...props} read={useQuery(apiKeysQuery())} />;
}

/**
 * The public API's keys: each by its name, state and masked secret, when it was made and last
 * used, and until when a rolled one still works; New key (its secret shown once), Edit (the name,
 * on or off), on or off from the list, Roll (a new secret, the old one working now, 1 hour, 24
 * hours or 7 days more; offered when the service rolls keys), Delete (asked first). Each write is
 * sent once; a refusal keeps what was typed.
 */
export function ApiKeysView({ read, editLogic = apiKeyEditLogic, rollLogic = apiKeyRollLogic, now = Date.now() }: ApiKeysPanelProps & { read: ApiKeysRead }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const showReply = useResponsePopup();
  const keys = read.data ?? [];
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: publicApiKeys.apiKeys() });
  const notify = (id: string, title: string) => notifications.send({ type: 'NOTIFY', notification: { id: `${id}-${Date.now()}`, tone: 'success', title } });
  const roll = useActorRef(rollLogic.provide({ actions: { regenerated: readAgain } }), inspectOptions());
  const edit = useEntityEdit(editLogic, {
    ids: keys.map((key) => key.id),
    saved: ({ secret }, created) => {
      readAgain();
      if (created && secret) roll.send({ type: 'ISSUED', secret });
      notify('api-key-saved', created ? t`The key was created.` : t`The key was saved.`);
    },
    removed: () => {
      readAgain();
      notify('api-key-deleted', t`The key was deleted.`);
    },
    showReply,
  });
  const toggling = useSelector(edit.actor, (s) => (s.matches('toggling') ? s.context.id : null));
  const rolling = useSelector(roll, (s) => (s.hasTag('busy') ? s.context.subject : null));
  const rollFailed = useSelector(roll, (s) => (s.hasTag('failed') ? uiMessageText(i18n, s.context.error) : null));
  const editedName = keys.find((key) => key.id === edit.editedId)?.name ?? '';
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <div className={styles.head}>
        <h1 id={`${ids}-title`} className={styles.title}>
          {t`API keys`}
        </h1>
        <Button ref={edit.newButton} aria-haspopup="dialog" onPress={() => edit.actor.send({ type: 'ADD', values: NEW_API_KEY })}>
          {t`New key`}
        </Button>
      </div>
      <p className={styles.hint}>{t`Your server signs in to the public API with a key. A key's secret is shown once, when it is made or rolled; after that only its last four characters.`}</p>
      <QueryState query={read} title={t`The keys could not be loaded`} />
      <EntityListError actor={edit.actor} />
      {rollFailed ? (
        <FormAlert>
          {rollFailed}{' '}
          <Button variant="secondary" onPress={() => roll.send({ type: 'RETRY' })}>
            {t`Try again`}
          </Button>{' '}
          <Button variant="secondary" onPress={() => roll.send({ type: 'CANCEL' })}>
            {t`Cancel`}
          </Button>
        </FormAlert>
      ) : null}
      {read.data ? (
        keys.length === 0 ? (
          <EmptyState title={t`No keys yet`} message={t`Make a key for each server or app that calls the API, so you can turn one off without stopping the others.`} />
        ) : (
          <ul className={styles.list} aria-labelledby={`${ids}-title`}>
            {keys.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} now={now} edit={edit.actor} toggling={toggling === key.id} rolling={rolling === key.id} onRoll={() => roll.send({ type: 'REGENERATE', subject: key.id })} />
            ))}
          </ul>
        )
      ) : null}
      {edit.editing ? (
        <FormDialog
          view={edit.form}
          title={edit.editedId === null ? t`New API key` : t`Edit the key ${editedName}`}
          submitLabel={edit.editedId === null ? t`Make the key` : t`Save`}
          onCancel={() => edit.actor.send({ type: 'CANCEL' })}
        >
          <TextField label={t`Name`} description={t`For you only: where the key is used, for example "Web shop".`} {...edit.field('name')} isRequired autoComplete="off" />
          <Checkbox isSelected={isOn(edit.values.enabled)} isDisabled={edit.busy} onChange={(on) => edit.actor.send({ type: 'CHANGE', name: 'enabled', value: onText(on) })}>
            {t`On: requests made with this key are accepted`}
          </Checkbox>
        </FormDialog>
      ) : null}
      <EntityDeleteDialog actor={edit.actor} title={(name) => t`Delete the key ${name}?`} text={t`Requests made with it stop working at once. Its requests stay in the API log. This cannot be undone.`} />
      <SecretRevealDialogs
        actor={roll}
        texts={{
          confirmTitle: t`Roll the key?`,
          confirmText: t`A new secret is made for this key's name. Choose how long the old secret keeps working, so you can update your servers first.`,
          confirmLabel: t`Roll the key`,
          revealTitle: t`Your new API key`,
          leaveText: t`It is not shown again. Without it your server cannot call the API, and you will have to roll the key again.`,
        }}
        choices={{ label: t`The old secret stops working`, options: EXPIRY_CHOICES.map((id) => ({ id, label: i18n._(EXPIRY_TEXTS[id]) })), initial: '24h' }}
      />
    </section>
  );
}

function ApiKeyRow({ apiKey, now, edit, toggling, rolling, onRoll }: { apiKey: ApiKey; now: number; edit: EntityEditActor; toggling: boolean; rolling: boolean; onRoll: () => void }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const nameId = `${ids}-name`;
  const state = keyState(apiKey, now);
  const created = apiKey.createdAt ? formatDateTime(apiKey.createdAt, i18n.locale) : null;
  const used = apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt, i18n.locale) : null;
  const expires = apiKey.expiresAt ? formatDateTime(apiKey.expiresAt, i18n.locale) : null;
  return (
    <li className={styles.row}>
      <div className={styles.rowHead}>
        <p id={nameId} className={styles.name}>
          {apiKey.name}
        </p>
        <span className={`${styles.badge} ${styles[STATE_TONE[state]]}`}>{i18n._(KEY_STATE_TEXTS[state])}</span>
      </div>
      {apiKey.secretLastFour ? <p className={`${styles.detail} ${styles.mono}`}>{maskedSecret(apiKey.secretLastFour)}</p> : null}
      <p className={styles.detail}>
        {[created ? t`Made ${created}` : null, used ? t`Last used ${used}` : apiKey.lastUsedAt === null ? t`Never used` : null, expires ? (state === 'expired' ? t`Expired ${expires}` : t`Works until ${expires}`) : null]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <div className={styles.buttons}>
        <Switch
          isSelected={apiKey.enabled}
          isPending={toggling}
          isDisabled={!apiKey.enabled && !mayTurnOn(apiKey, now)}
          onChange={(on) => edit.send({ type: 'TOGGLE', id: apiKey.id, values: { ...apiKeyValues(apiKey), enabled: onText(on) } })}
        >
          {t`On`} <span className={styles.hint}>({apiKey.name})</span>
        </Switch>
        <RowButton word={`${ids}-edit`} nameId={nameId} haspopup onPress={() => edit.send({ type: 'EDIT', id: apiKey.id, values: apiKeyValues(apiKey) })}>
          {t`Edit`}
        </RowButton>
        {offersRoll(apiKey) ? (
          <Button variant="secondary" isPending={rolling} aria-haspopup="dialog" aria-labelledby={`${ids}-roll ${nameId}`} onPress={onRoll}>
            <span id={`${ids}-roll`}>{t`Roll`}</span>
          </Button>
        ) : null}
        <Link className={styles.hint} to="/merchant/$" params={{ _splat: 'internal/api_log' }} search={{ apiKeyId: String(apiKey.id) }} aria-labelledby={`${ids}-log ${nameId}`}>
          <span id={`${ids}-log`}>{t`Requests`}</span>
        </Link>
        <RowButton word={`${ids}-delete`} nameId={nameId} onPress={() => edit.send({ type: 'DELETE', id: apiKey.id, subject: apiKey.name })}>
          {t`Delete`}
        </RowButton>
      </div>
    </li>
  );
}
