import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Actor } from 'xstate';
import { offeredActions, PIN_VISIBLE_MS, type CardActionEvent } from '@machines/cards/card-actions.machine';
import { accountKeys, type Account } from '@/entities/account';
import { toCardState } from '@/entities/card';
import { uiMessageText } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, FormAlert, onDemandDialog } from '@/shared/ui';
import { cardActionsLogicFor, type CardActionsLogic } from '../model/card-actions-actors';
import styles from './card-actions.module.css';

export type CardActionsActor = Actor<CardActionsLogic>;
export type CardActionName = keyof ReturnType<typeof offeredActions>;

/** The dialogs (react-aria's modal and the forms) arrive when an action is near: hovered, focused or pressed. */
const Dialogs = onDemandDialog(() => import(/* webpackChunkName: "card-action-dialogs" */ './card-action-dialogs').then((m) => m.CardActionDialog));

export interface CardActionsProps {
  card: Account;
  /** The customer's accounts: where a load or an activation fee can come from. */
  accounts: readonly Account[];
  /** Only these actions (the PIN page shows the PIN ones); default all the card allows. */
  only?: readonly CardActionName[];
  /** Injectable for stories and tests (fake calls). */
  logic?: CardActionsLogic;
}

/**
 * What the customer can do with one card, from the card-actions statechart: the buttons are the
 * actions its status allows now; a notice or an error says what happened; the PIN is shown for
 * PIN_VISIBLE_MS in a live region and can be hidden at once; the forms and the block confirmation
 * open as dialogs. After each change the account list refreshes.
 */
export function CardActions({ card, accounts, only, logic }: CardActionsProps) {
  const queryClient = useQueryClient();
  const actor = useActorRef(
    (logic ?? cardActionsLogicFor(card)).provide({
      actions: {
        changed: () => void queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      },
    }),
    { input: { card: toCardState(card) }, ...inspectOptions() },
  );
  // The account list is the truth: when it refreshes, the statechart's card follows.
  useEffect(() => actor.send({ type: 'CARD_UPDATED', card: toCardState(card) }), [actor, card]);
  return <CardActionsView actor={actor} accounts={accounts} only={only} />;
}

/** The actions the statechart takes; load is a transfer between own accounts, a link to its page. */
const ACTION_EVENTS: Record<Exclude<CardActionName, 'load'>, CardActionEvent['type']> = {
  showPin: 'SHOW_PIN',
  changePin: 'CHANGE_PIN',
  pause: 'PAUSE',
  unpause: 'UNPAUSE',
  activate: 'ACTIVATE',
  editName: 'RENAME',
  reissue: 'REISSUE',
  upgradeShipping: 'UPGRADE_SHIPPING',
  block: 'BLOCK',
};

export function CardActionsView({ actor, accounts, only }: { actor: CardActionsActor; accounts: readonly Account[]; only?: readonly CardActionName[] | undefined }) {
  const { t, i18n } = useLingui();
  const card = useSelector(actor, (s) => s.context.card);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const pin = useSelector(actor, (s) => (s.hasTag('pinShown') ? s.context.pin : null));
  const notice = useSelector(actor, (s) => s.context.notice);
  const error = useSelector(actor, (s) => s.context.error);
  const dialogOpen = useSelector(actor, (s) => (['confirmBlock', 'changePin', 'rename', 'reissue', 'activate', 'approving'] as const).some((tag) => s.hasTag(tag)) && !s.hasTag('busy'));
  const offered = offeredActions(card);
  const labels: Record<CardActionName, string> = {
    load: t`Load card`,
    showPin: t`Show PIN`,
    changePin: t`Change PIN`,
    pause: t`Pause card`,
    unpause: t`Unpause card`,
    activate: t`Activate card`,
    editName: t`Rename card`,
    reissue: t`Reissue card`,
    upgradeShipping: t`Ship the new card express`,
    block: t`Block card`,
  };
  const shown = (['load', ...Object.keys(ACTION_EVENTS)] as CardActionName[]).filter((name) => offered[name] && (!only || only.includes(name)) && !(name === 'showPin' && pin));
  const seconds = PIN_VISIBLE_MS / 1000;
  return (
    <section aria-labelledby="card-actions-title" className={styles.actions}>
      <h2 id="card-actions-title" className={styles.title}>{t`What you can do`}</h2>
      <div role="status" className={styles.status}>
        {notice ? (
          <p className={styles.notice}>
            {i18n._(notice)} <Button variant="ghost" onPress={() => actor.send({ type: 'DISMISS' })}>{t`OK`}</Button>
          </p>
        ) : null}
      </div>
      {error ? <FormAlert>{uiMessageText(i18n, error)}</FormAlert> : null}
      {/* The live region is always there, so the PIN put into it is announced. */}
      <div aria-live="polite" className={styles.pinRegion}>
        {pin ? (
          <div className={styles.pin} role="group" aria-label={t`PIN`}>
            <p className={styles.pinLabel}>{t`Your PIN`}</p>
            <p className={styles.pinDigits}>{pin}</p>
            <p className={styles.hint}>{t`It is hidden again after ${seconds} seconds.`}</p>
            <Button variant="secondary" onPress={() => actor.send({ type: 'HIDE_PIN' })} autoFocus>
              {t`Hide PIN`}
            </Button>
          </div>
        ) : null}
      </div>
      {shown.length > 0 ? (
        <ul className={styles.buttons} aria-busy={busy} onPointerEnter={Dialogs.preload} onFocus={Dialogs.preload}>
          {shown.map((name) => (
            <li key={name}>
              {name === 'load' ? (
                <Link to="/transfer/account" search={{ toAccount: String(card.accountId) }} className={styles.linkButton}>
                  {labels.load}
                </Link>
              ) : (
                <Button
                  variant={name === 'block' ? 'danger' : name === 'activate' ? 'primary' : 'secondary'}
                  aria-haspopup={name === 'pause' || name === 'unpause' || name === 'upgradeShipping' || name === 'showPin' ? undefined : 'dialog'}
                  // While the PIN is on screen the only action is hiding it (the statechart takes no other).
                  isDisabled={busy || pin !== null}
                  onPress={() => {
                    Dialogs.preload();
                    actor.send({
                      type: ACTION_EVENTS[name],
                    } as CardActionEvent);
                  }}
                >
                  {labels[name]}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.hint}>{t`This card offers no actions in its current status.`}</p>
      )}
      {shown.includes('block') || (card.accountStatusId === 4 && !only) ? <p className={styles.hint}>{t`Blocking a card stops it for good. To stop it for a while, pause it instead.`}</p> : null}
      {dialogOpen ? <Dialogs.Lazy actor={actor} accounts={accounts} /> : null}
    </section>
  );
}
