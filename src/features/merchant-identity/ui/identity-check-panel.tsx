import { useEffect, useId, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { feePayingAccounts } from '@machines/merchant/merchant-checks.rules';
import { accountKeys, accountsQuery, type Account } from '@/entities/account';
import { merchantKeys } from '@/entities/merchant';
import { useCountries, useNotificationsActor, useSelection } from '@/shared/model';
import { Button, EmptyState, QueryState, type QueryLike } from '@/shared/ui';
import { identityCheckLogic, type IdentityCheckLogic } from '../model/identity-actors';
import { IdentityCheckForm } from './identity-check-form';
import styles from './merchant-identity.module.css';

export type AccountsRead = QueryLike & { data?: Account[] | undefined };

export interface IdentityCheckPanelProps {
  /** The user may start checks (full merchant access); else the page says who can. */
  canManage: boolean;
  /** Storybook: the statechart with fake calls. */
  logic?: IdentityCheckLogic;
}

/** /merchant/security/verification (001 s7 identity fee, identity verification create): the paying accounts read, then the form. */
export function IdentityCheckPanel(props: IdentityCheckPanelProps) {
  return <IdentityCheckView {...props} accounts={useQuery(accountsQuery())} countries={useCountries()} />;
}

/**
 * Start an identity verification check of a person: the form (the fee shown before anything is
 * sent, confirmed, charged once); once started, what happens next, a way to the history and to
 * start another. Users without full access are told who can.
 */
export function IdentityCheckView({ accounts, countries, canManage, logic = identityCheckLogic }: IdentityCheckPanelProps & { accounts: AccountsRead; countries: readonly { code: string; name: string }[] }) {
  const { t } = useLingui();
  const ids = useId();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const started = useSelection();
  const paying = feePayingAccounts(accounts.data ?? []);
  // The focus follows the panel that takes the form's place (WCAG 2.4.3): the result once started,
  // the first field once another check is started.
  const done = useRef<HTMLDivElement>(null);
  const restarted = useRef(false);
  useEffect(() => {
    if (started.selected !== null) done.current?.focus();
  }, [started.selected]);
  const created = (id: number | null) => {
    void queryClient.invalidateQueries({ queryKey: merchantKeys.identityChecks() });
    void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    notifications.send({ type: 'NOTIFY', notification: { id: `identity-check-${Date.now()}`, tone: 'success', title: t`The identity check was started.` } });
    started.select(id ?? 0);
  };
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`} className={styles.title}>
        {t`Identity verification`}
      </h1>
      <p className={styles.hint}>{t`Ask a customer of yours to prove who they are. They get an invitation by e-mail; you see the result in the history. Each check has a fee, shown before you start it.`}</p>
      <p>
        <Link to="/merchant/$" params={{ _splat: 'security/verification/history' }}>
          {t`See the checks you started`}
        </Link>
      </p>
      {!canManage ? (
        <EmptyState title={t`Only a user with full access to the merchant area can start checks.`} />
      ) : (
        <>
          <QueryState query={accounts} title={t`Your accounts could not be loaded`} />
          {accounts.data && paying.length === 0 ? <EmptyState title={t`No account can pay the fee`} message={t`Open a payment account first: the fee of each check is paid from it.`} /> : null}
          {accounts.data && paying.length > 0 ? (
            started.selected !== null ? (
              <div className={styles.done} role="status" tabIndex={-1} ref={done}>
                <p>{t`The check was started and the fee charged. The person has been sent the invitation; the result appears in the history.`}</p>
                <div className={styles.buttons}>
                  <Button
                    onPress={() => {
                      restarted.current = true;
                      started.clear();
                    }}
                  >
                    {t`Start another check`}
                  </Button>
                </div>
              </div>
            ) : (
              <IdentityCheckForm logic={logic} accounts={paying} countries={countries} onCreated={created} focusOnStart={restarted.current} />
            )
          ) : null}
        </>
      )}
    </section>
  );
}
