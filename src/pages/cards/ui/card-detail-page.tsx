import { getRouteApi, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { cardMeta, listedCards } from '@machines/cards/card.logic';
import { accountsQuery, type Account } from '@/entities/account';
import { CardSummary, useCardName } from '@/entities/card';
import { CardActions, type CardActionName, type CardActionsLogic } from '@/features/card-actions';
import { DownloadButton, type documentLogic } from '@/features/history-export';
import { usePageTitle } from '@/shared/lib';
import { useMobileApp } from '@/shared/model';
import { Button, EmptyState, QueryState, type QueryLike } from '@/shared/ui';
import styles from './cards.module.css';

const detailRoute = getRouteApi('/main/cards/$accountId');
const pinRoute = getRouteApi('/main/card/$accountId/pin');

const PIN_ACTIONS: readonly CardActionName[] = ['showPin', 'changePin'];

/** /cards/{accountId} (000 s2): one of the customer's own prepaid cards, with what it allows now. */
export function CardDetailPage() {
  const { accountId } = detailRoute.useParams();
  return <CardPage accountId={Number(accountId)} />;
}

/** /card/{accountId}/pin (001 s2): the PIN actions of one card. */
export function CardPinPage() {
  const { accountId } = pinRoute.useParams();
  return <CardPage accountId={Number(accountId)} pinOnly />;
}

function CardPage({ accountId, pinOnly = false }: { accountId: number; pinOnly?: boolean }) {
  return <CardPageView accountId={accountId} pinOnly={pinOnly} accounts={useQuery(accountsQuery())} />;
}

/** A card's page with the account query injected (stories: loading, error, not found, filled). */
export function CardPageView({
  accountId,
  pinOnly = false,
  accounts,
  logic,
  confirmationLogic,
}: {
  accountId: number;
  pinOnly?: boolean;
  accounts: QueryLike & { data?: readonly Account[] | undefined };
  logic?: CardActionsLogic;
  confirmationLogic?: ReturnType<typeof documentLogic>;
}) {
  const { t } = useLingui();
  const card = accounts.data?.find((a) => a.accountId === accountId);
  const name = useCardName();
  usePageTitle(card ? (pinOnly ? t`PIN of ${name(card)}` : name(card)) : t`Card`);
  return (
    <div className={styles.page}>
      <QueryState query={accounts} title={t`The card could not be loaded`} />
      {accounts.data && !card ? <EmptyState title={t`Card not found`} message={t`This card is not among your cards.`} /> : null}
      {card && accounts.data ? <CardDetailView card={card} accounts={accounts.data} pinOnly={pinOnly} {...(logic ? { logic } : {})} {...(confirmationLogic ? { confirmationLogic } : {})} /> : null}
    </div>
  );
}

export interface CardDetailViewProps {
  card: Account;
  accounts: readonly Account[];
  pinOnly?: boolean;
  logic?: CardActionsLogic;
  /** The account confirmation's statechart (Storybook gives a fake). */
  confirmationLogic?: ReturnType<typeof documentLogic>;
}

export function CardDetailView({ card, accounts, pinOnly = false, logic, confirmationLogic }: CardDetailViewProps) {
  const { t } = useLingui();
  const meta = cardMeta(card);
  const mobileApp = useMobileApp();
  const kind = card.cardIsVirtual ? 'virtual' : 'physical';
  const sameKind = listedCards(accounts).filter((c) => (c.cardIsVirtual === true) === (kind === 'virtual'));
  return (
    <>
      {pinOnly ? (
        <Link to="/cards/$accountId" params={{ accountId: String(card.accountId) }} className={styles.back}>
          {t`Back to the card`}
        </Link>
      ) : sameKind.length > 1 ? (
        <Link to={kind === 'virtual' ? '/cards/virtual' : '/cards/physical'} className={styles.back}>
          {kind === 'virtual' ? t`All virtual cards` : t`All physical cards`}
        </Link>
      ) : null}
      <div className={styles.columns}>
        <CardSummary card={card} />
        <CardActions key={card.accountId} card={card} accounts={accounts} {...(pinOnly ? { only: PIN_ACTIONS } : {})} {...(logic ? { logic } : {})} />
      </div>
      {pinOnly ? null : (
        <ul className={styles.links}>
          {meta.historyAvailable ? (
            <li>
              <Link to="/history" search={{ accountId: String(card.accountId) }}>
                {t`Card history`}
              </Link>
            </li>
          ) : null}
          {meta.showPin || meta.changePin ? (
            <li>
              <Link to="/card/$accountId/pin" params={{ accountId: String(card.accountId) }}>
                {t`PIN`}
              </Link>
            </li>
          ) : null}
          <li>
            {/* The account's confirmation document (issue 61): the card is a prepaid account of its own. */}
            <DownloadButton document={{ name: 'accountConfirmation', body: { accountId: card.accountId } }} retryLabel={t`Try again`} {...(confirmationLogic ? { logic: confirmationLogic } : {})}>
              {t`Account confirmation (PDF)`}
            </DownloadButton>
          </li>
        </ul>
      )}
      {mobileApp && card.accountStatusId === 2 && !pinOnly ? (
        <Button variant="secondary" onPress={() => mobileApp.send({ type: 'cardToWallet', accountId: card.accountId })}>
          {t`Add to phone wallet`}
        </Button>
      ) : null}
      {pinOnly ? null : <p className={styles.notes}>{t`To close a card for good, block it.`}</p>}
    </>
  );
}
