import { useCallback, useEffect, type ReactNode } from 'react';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { isMassTransferOffered } from '@machines/transfers/permissions.logic';
import { accountsQuery, type Account } from '@/entities/account';
import { customerOf, useSessionActor } from '@/entities/session';
import { massSampleLinksQuery } from '@/entities/transfer';
import { GlobalPayEditor, GlobalPaySummary, GlobalPayUpload, globalPayFlow, useOnGlobalPaySubmitted, type GlobalPayActor } from '@/features/global-pay';
import { uiMessageText, usePageTitle } from '@/shared/lib';
import { Button, EmptyState, FormAlert, Preloader, QueryState, type QueryLike } from '@/shared/ui';
import { TransferMenu } from '@/widgets/transfer-menu';
import styles from './transfer-global-page.module.css';

/** Where the batch statechart is, for the two pages. */
type Place = 'choosing' | 'loading' | 'loadFailed' | 'draft' | 'sent' | 'rejected';
const placeOf = (s: ReturnType<GlobalPayActor['getSnapshot']>): Place => {
  if (s.hasTag('loading')) return 'loading';
  if (s.hasTag('loadFailed')) return 'loadFailed';
  if (s.hasTag('rejected')) return 'rejected';
  if (s.hasTag('following') || s.hasTag('settled') || s.hasTag('resending')) return 'sent';
  if (s.hasTag('batch')) return 'draft';
  return 'choosing';
};

/** The address names the batch (a reload, a link): the statechart loads it when it holds another. */
function useBatchFromAddress(actor: GlobalPayActor, batchId: number | undefined) {
  const held = useSelector(actor, (s) => s.context.batchId);
  useEffect(() => {
    if (batchId !== undefined && batchId !== actor.getSnapshot().context.batchId) actor.send({ type: 'RESUME', batchId });
  }, [actor, batchId]);
  return held;
}

/** After a submit the summary page shows the batch (the balances refresh by themselves: the statechart's moneyMoved). */
function useAfterSubmit() {
  const navigate = useNavigate();
  useOnGlobalPaySubmitted(
    useCallback((batchId: number) => void navigate({ to: '/transfer/external/global-summary', search: { batchId } }), [navigate]),
  );
}

/** The page coming back into view asks for the status at once (the statechart's back-off may be long). */
function usePollWhenVisible(actor: GlobalPayActor) {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'POLL' });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [actor]);
}

/** /transfer/mass/global[?batchId=] (001 s2): a global pay batch from its file to its submit. */
export function TransferGlobalPage({ batchId }: { batchId?: number | undefined }) {
  const customer = useSelector(useSessionActor(), customerOf);
  const allowed = isMassTransferOffered(customer?.permissionFlags, 'globalPay');
  const actor = globalPayFlow.useFlow();
  const held = useBatchFromAddress(actor, batchId);
  const place = useSelector(actor, placeOf);
  const navigate = useNavigate();
  useAfterSubmit();
  const accounts = useQuery({ ...accountsQuery(), enabled: allowed });
  const samples = useQuery({ ...massSampleLinksQuery(['globalPay']), enabled: allowed });
  // The batch the statechart holds is the address's (a new upload adds it; a sent batch shows its summary).
  if (held !== null && batchId === undefined && place !== 'choosing') return <Navigate to="/transfer/mass/global" search={{ batchId: held }} replace />;
  if (held !== null && held === batchId && place === 'sent') return <Navigate to="/transfer/external/global-summary" search={{ batchId: held }} replace />;
  const startNew = () => {
    actor.send({ type: 'NEW' });
    void navigate({ to: '/transfer/mass/global', search: {} });
  };
  return (
    <TransferGlobalPageView
      actor={actor}
      place={batchId !== undefined && held !== batchId ? 'loading' : place}
      accounts={accounts}
      allowed={allowed}
      sampleUrl={samples.data?.[0]?.url}
      onNew={startNew}
      menu={<TransferMenu />}
    />
  );
}

export function TransferGlobalPageView({
  actor,
  place,
  accounts,
  allowed = true,
  sampleUrl,
  onNew,
  menu = null,
}: {
  actor: GlobalPayActor;
  place: Place;
  accounts: QueryLike & { data?: readonly Account[] | undefined };
  allowed?: boolean;
  sampleUrl?: string | undefined;
  onNew: () => void;
  menu?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  usePageTitle(t`Global payments`);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Global payments`}</h1>
      {menu}
      <p className={styles.hint}>{t`Pay many people in other countries from one file. Each recipient is e-mailed a link to choose how to receive the money. The file is checked here first; then you can change the payments before you send them.`}</p>
      {!allowed ? (
        <EmptyState title={t`Not available for your profile`} message={t`Global payments are not enabled for your profile. Contact support if you need them.`} />
      ) : place === 'loading' ? (
        <Preloader label={t`Loading the batch…`} />
      ) : place === 'loadFailed' ? (
        <FormAlert>
          <p>{failure ?? t`The batch could not be loaded.`}</p>
          <div className={styles.buttons}>
            <Button onPress={() => actor.send({ type: 'RETRY' })}>{t`Try again`}</Button>
            <Button variant="secondary" onPress={onNew}>
              {t`Start a new batch`}
            </Button>
          </div>
        </FormAlert>
      ) : place === 'rejected' ? (
        <div className={styles.page}>
          <p role="status">{t`The batch was cancelled. Nothing was sent.`}</p>
          <div className={styles.buttons}>
            <Button onPress={onNew}>{t`Start a new batch`}</Button>
          </div>
        </div>
      ) : place === 'draft' ? (
        <GlobalPayEditor actor={actor} onNew={onNew} />
      ) : place === 'choosing' ? (
        <>
          <QueryState query={accounts} title={t`Your accounts could not be loaded`} />
          {accounts.data ? <GlobalPayUpload actor={actor} accounts={accounts.data} sampleUrl={sampleUrl} /> : null}
        </>
      ) : (
        <Preloader label={t`Loading the batch…`} />
      )}
    </div>
  );
}

/** /transfer/external/global-summary?batchId= (001 s2): a sent batch's status per payment, totals and what recipients do. */
export function TransferGlobalSummaryPage({ batchId }: { batchId: number }) {
  const actor = globalPayFlow.useFlow();
  const held = useBatchFromAddress(actor, batchId);
  const place = useSelector(actor, placeOf);
  const navigate = useNavigate();
  usePollWhenVisible(actor);
  // A draft belongs on the batch page.
  if (held === batchId && (place === 'draft' || place === 'rejected')) return <Navigate to="/transfer/mass/global" search={{ batchId }} replace />;
  if (place === 'choosing' && held === null && batchId === undefined) return <Navigate to="/transfer/mass/global" search={{}} replace />;
  const startNew = () => {
    actor.send({ type: 'NEW' });
    void navigate({ to: '/transfer/mass/global', search: {} });
  };
  return <TransferGlobalSummaryView actor={actor} place={held !== batchId ? 'loading' : place} onNew={startNew} />;
}

export function TransferGlobalSummaryView({ actor, place, onNew }: { actor: GlobalPayActor; place: Place; onNew: () => void }) {
  const { t, i18n } = useLingui();
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  usePageTitle(t`Global payments: summary`);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Global payments: summary`}</h1>
      {place === 'loadFailed' ? (
        <FormAlert>
          <p>{failure ?? t`The batch could not be loaded.`}</p>
          <div className={styles.buttons}>
            <Button onPress={() => actor.send({ type: 'RETRY' })}>{t`Try again`}</Button>
          </div>
        </FormAlert>
      ) : place === 'sent' ? (
        <GlobalPaySummary actor={actor} onNew={onNew} />
      ) : (
        <Preloader label={t`Loading the batch…`} />
      )}
    </div>
  );
}
