import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { maskedSecret } from '@machines/merchant/merchant.rules';
import { EXPIRY_TEXTS } from '@machines/public-api/public-api-messages';
import { EXPIRY_CHOICES, isOn, offersSecretRotation, onText, overlapUntil, SIGNATURE_HEADER, SIGNATURE_TOLERANCE_S, VERIFICATION_SNIPPET } from '@machines/public-api/public-api.rules';
import { taskMachine } from '@machines/shared/task.machine';
import { publicApiKeys, webhooksQuery, type Webhook } from '@/entities/public-api';
import { formatDateTime, uiMessageText } from '@/shared/lib';
import { inspectOptions, useNotificationsActor, useResponsePopup } from '@/shared/model';
import { Button, Checkbox, EmptyState, FormAlert, FormDialog, QueryState, SecretRevealDialogs, Switch, TextField, type QueryLike } from '@/shared/ui';
import { newWebhook, webhookEditLogic, webhookPingLogic, webhookSecretLogic, webhookValues, type EntityEditLogic, type SecretLogic, type WebhookPingLogic } from '../model/public-api-actors';
import { useEntityEdit, type EntityEditActor } from '../model/use-entity-edit';
import { EntityDeleteDialog, EntityListError, RowButton } from './entity-parts';
import styles from './public-api.module.css';

/** The webhooks' read as the view needs it (stories give fakes). */
export type WebhooksRead = QueryLike & { data?: Webhook[] | undefined };

export interface WebhooksPanelProps {
  /** Storybook: the statecharts with fake calls. */
  editLogic?: EntityEditLogic;
  secretLogic?: SecretLogic;
  pingLogic?: WebhookPingLogic;
  /** Storybook: the moment a rotated secret's overlap is measured against. */
  now?: number;
}

type PingActor = ActorRefFrom<WebhookPingLogic>;

/** The webhooks (001 s7 GET /public-api/webhook), on /merchant/internal/webhook_log above their deliveries. */
export function WebhooksPanel(props: WebhooksPanelProps) {
  return <WebhooksView {...props} read={useQuery(webhooksQuery())} />;
}

const copyLogic = taskMachine.provide({ actors: { run: fromPromise<void>(async () => { await navigator.clipboard?.writeText(VERIFICATION_SNIPPET); }) } });

/**
 * The addresses the service posts events to (an incoming transfer, a payment notification): each
 * by its name, address, on or off, and its signing secret's last four characters; New webhook (its
 * signing secret shown once), Edit, on or off from the list, Send a test event (001 s7 ping: what
 * the address answered is shown under it), New secret (the old one signing beside it for a while;
 * offered when the service rotates secrets), Delete (asked first). How a delivery is signed and a
 * receiver's check to copy close the section.
 */
export function WebhooksView({ read, editLogic = webhookEditLogic, secretLogic = webhookSecretLogic, pingLogic = webhookPingLogic, now = Date.now() }: WebhooksPanelProps & { read: WebhooksRead }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const showReply = useResponsePopup();
  const webhooks = read.data ?? [];
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: publicApiKeys.webhooks() });
  const notify = (id: string, title: string) => notifications.send({ type: 'NOTIFY', notification: { id: `${id}-${Date.now()}`, tone: 'success', title } });
  const secret = useActorRef(secretLogic.provide({ actions: { regenerated: readAgain } }), inspectOptions());
  const ping = useActorRef(pingLogic, inspectOptions());
  const copy = useActorRef(copyLogic, inspectOptions());
  const copied = useSelector(copy, (s) => s.hasTag('done'));
  const copyFailed = useSelector(copy, (s) => s.hasTag('failed'));
  const edit = useEntityEdit(editLogic, {
    ids: webhooks.map((webhook) => webhook.id),
    saved: ({ secret: issued }, created) => {
      readAgain();
      if (created && issued) secret.send({ type: 'ISSUED', secret: issued });
      notify('webhook-saved', created ? t`The webhook was added.` : t`The webhook was saved.`);
    },
    removed: () => {
      readAgain();
      notify('webhook-deleted', t`The webhook was deleted.`);
    },
    showReply,
  });
  const toggling = useSelector(edit.actor, (s) => (s.matches('toggling') ? s.context.id : null));
  const rotating = useSelector(secret, (s) => (s.hasTag('busy') ? s.context.subject : null));
  const rotateFailed = useSelector(secret, (s) => (s.hasTag('failed') ? uiMessageText(i18n, s.context.error) : null));
  const editedName = webhooks.find((webhook) => webhook.id === edit.editedId)?.name ?? '';
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <div className={styles.head}>
        <h2 id={`${ids}-title`} className={styles.subtitle}>
          {t`Webhooks`}
        </h2>
        <Button ref={edit.newButton} aria-haspopup="dialog" onPress={() => edit.actor.send({ type: 'ADD', values: newWebhook() })}>
          {t`New webhook`}
        </Button>
      </div>
      <p className={styles.hint}>{t`The service posts an event to each webhook that is on: an incoming transfer, a payment notification. A delivery that is not answered with a 2xx status is tried 3 more times, 10 minutes apart.`}</p>
      <QueryState query={read} title={t`The webhooks could not be loaded`} />
      <EntityListError actor={edit.actor} />
      {rotateFailed ? (
        <FormAlert>
          {rotateFailed}{' '}
          <Button variant="secondary" onPress={() => secret.send({ type: 'RETRY' })}>
            {t`Try again`}
          </Button>{' '}
          <Button variant="secondary" onPress={() => secret.send({ type: 'CANCEL' })}>
            {t`Cancel`}
          </Button>
        </FormAlert>
      ) : null}
      {read.data ? (
        webhooks.length === 0 ? (
          <EmptyState title={t`No webhooks yet`} message={t`Add the address of your server that should hear about payments as they happen.`} />
        ) : (
          <ul className={styles.list} aria-labelledby={`${ids}-title`}>
            {webhooks.map((webhook) => (
              <WebhookRow key={webhook.id} webhook={webhook} now={now} edit={edit.actor} ping={ping} toggling={toggling === webhook.id} rotating={rotating === webhook.id} onRotate={() => secret.send({ type: 'REGENERATE', subject: webhook.id })} />
            ))}
          </ul>
        )
      ) : null}
      <details className={styles.section}>
        <summary>{t`Checking the signature`}</summary>
        <p className={styles.hint}>
          {t`Each delivery carries the header ${SIGNATURE_HEADER}: t, the time it was sent in Unix seconds, and v1, the hex HMAC-SHA256 of the time, a point and the body as received, made with the webhook's signing secret. While a replaced secret still works, a second v1 is made with it. Refuse a delivery whose signature does not match, or whose time is more than ${SIGNATURE_TOLERANCE_S} seconds away.`}
        </p>
        <pre className={styles.code}>
          <code>{VERIFICATION_SNIPPET}</code>
        </pre>
        <div className={styles.buttons}>
          <Button variant="secondary" onPress={() => copy.send({ type: 'RUN' })}>
            {copied ? t`Copied` : t`Copy the code`}
          </Button>
          <span role="status" className={styles.hint}>
            {copied ? t`Copied to the clipboard.` : copyFailed ? t`The browser did not let the code be copied: select it and copy it.` : ''}
          </span>
        </div>
      </details>
      {edit.editing ? (
        <FormDialog
          view={edit.form}
          title={edit.editedId === null ? t`New webhook` : t`Edit the webhook ${editedName}`}
          submitLabel={edit.editedId === null ? t`Add the webhook` : t`Save`}
          onCancel={() => edit.actor.send({ type: 'CANCEL' })}
        >
          <TextField label={t`Name`} description={t`For you only, for example "Orders".`} {...edit.field('name')} isRequired autoComplete="off" />
          <TextField label={t`Address`} description={t`Where events are posted: a full https address.`} {...edit.field('url')} isRequired autoComplete="off" inputMode="url" />
          <Checkbox isSelected={isOn(edit.values.enabled)} isDisabled={edit.busy} onChange={(on) => edit.actor.send({ type: 'CHANGE', name: 'enabled', value: onText(on) })}>
            {t`On: events are posted to this address`}
          </Checkbox>
        </FormDialog>
      ) : null}
      <EntityDeleteDialog actor={edit.actor} title={(name) => t`Delete the webhook ${name}?`} text={t`Events are no longer posted to its address. Its deliveries stay in the log. This cannot be undone.`} />
      <SecretRevealDialogs
        actor={secret}
        texts={{
          confirmTitle: t`Make a new signing secret?`,
          confirmText: t`Deliveries are signed with the new secret from now on. Choose how long they are also signed with the old one, so you can update your server first.`,
          confirmLabel: t`Make it`,
          revealTitle: t`Your new signing secret`,
          leaveText: t`It is not shown again. Without it your server cannot check the deliveries, and you will have to make another.`,
        }}
        choices={{ label: t`The old secret stops signing`, options: EXPIRY_CHOICES.map((id) => ({ id, label: i18n._(EXPIRY_TEXTS[id]) })), initial: '24h' }}
      />
    </section>
  );
}

function WebhookRow({ webhook, now, edit, ping, toggling, rotating, onRotate }: { webhook: Webhook; now: number; edit: EntityEditActor; ping: PingActor; toggling: boolean; rotating: boolean; onRotate: () => void }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const nameId = `${ids}-name`;
  const mine = useSelector(ping, (s) => s.context.url === webhook.url);
  const pinging = useSelector(ping, (s) => s.hasTag('busy') && s.context.url === webhook.url);
  const outcome = useSelector(ping, (s) => (s.context.url === webhook.url ? s.context.outcome : null));
  const pingError = useSelector(ping, (s) => (s.context.url === webhook.url ? uiMessageText(i18n, s.context.error) : null));
  const overlapEnd = overlapUntil(webhook, now);
  const overlap = overlapEnd ? formatDateTime(overlapEnd, i18n.locale) : null;
  const status = outcome?.responseStatus;
  const duration = outcome?.durationMs ?? 0;
  return (
    <li className={styles.row}>
      <div className={styles.rowHead}>
        <p id={nameId} className={styles.name}>
          {webhook.name}
        </p>
        <span className={`${styles.badge} ${webhook.enabled ? styles.good : styles.bad}`}>{webhook.enabled ? t`On` : t`Off`}</span>
      </div>
      <p className={`${styles.detail} ${styles.mono}`}>{webhook.url}</p>
      {webhook.secretLastFour ? (
        <p className={styles.detail}>
          {t`Signing secret`}: <span className={styles.mono}>{maskedSecret(webhook.secretLastFour)}</span>
          {overlap ? ` · ${t`The old secret also signs until ${overlap}`}` : ''}
        </p>
      ) : null}
      <div className={styles.buttons}>
        <Switch isSelected={webhook.enabled} isPending={toggling} onChange={(on) => edit.send({ type: 'TOGGLE', id: webhook.id, values: { ...webhookValues(webhook), enabled: onText(on) } })}>
          {t`On`} <span className={styles.hint}>({webhook.name})</span>
        </Switch>
        <Button variant="secondary" isPending={pinging} aria-labelledby={`${ids}-ping ${nameId}`} onPress={() => ping.send({ type: 'PING', url: webhook.url })}>
          <span id={`${ids}-ping`}>{t`Send a test event`}</span>
        </Button>
        <RowButton word={`${ids}-edit`} nameId={nameId} haspopup onPress={() => edit.send({ type: 'EDIT', id: webhook.id, values: webhookValues(webhook) })}>
          {t`Edit`}
        </RowButton>
        {offersSecretRotation(webhook) ? (
          <Button variant="secondary" isPending={rotating} aria-haspopup="dialog" aria-labelledby={`${ids}-secret ${nameId}`} onPress={onRotate}>
            <span id={`${ids}-secret`}>{t`New signing secret`}</span>
          </Button>
        ) : null}
        <RowButton word={`${ids}-delete`} nameId={nameId} onPress={() => edit.send({ type: 'DELETE', id: webhook.id, subject: webhook.name })}>
          {t`Delete`}
        </RowButton>
      </div>
      <p role="status" className={mine && (outcome || pingError) ? styles.result : styles.hint}>
        {outcome
          ? outcome.delivered
            ? t`Test event delivered: the address answered ${status} in ${duration} ms.`
            : status === null || status === undefined
              ? t`Test event not delivered: the address did not answer within 3 seconds or could not be reached.`
              : t`Test event not delivered: the address answered ${status} in ${duration} ms.`
          : pingError
            ? pingError
            : ''}
        {outcome?.responseExcerpt ? <span className={`${styles.mono}`}> {outcome.responseExcerpt}</span> : null}
      </p>
    </li>
  );
}
