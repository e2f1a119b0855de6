import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { actingCustomerIdOf, useSessionActor } from '@/entities/session';
import { createContractLogicFor, CreateContractFlow, readContractDraft } from '@/features/create-contract';
import { localToday, usePageTitle } from '@/shared/lib';
import styles from './revenue-split-new-page.module.css';

/**
 * /revenue-split/new (issue 59; brand 1 only and full merchant access: the route's guard): a new
 * smart contract made in four steps (features/create-contract), resumed from the tab's draft after
 * a reload; the new contract opens at its page.
 */
export function RevenueSplitNewPage() {
  const { t } = useLingui();
  usePageTitle(t`New revenue split contract`);
  const ownId = useSelector(useSessionActor(), actingCustomerIdOf) ?? 0;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The provided logic and the draft read once for the page (the statechart holds the flow).
  const [start] = useState(() => ({
    draft: readContractDraft(),
    logic: createContractLogicFor({ ownId, queryClient, open: (id) => void navigate({ to: '/revenue-split/$contractId', params: { contractId: String(id) }, replace: true }) }),
  }));
  return (
    <div className={styles.page}>
      <p className={styles.backRow}>
        <Link to="/revenue-split">{t`All contracts`}</Link>
      </p>
      <h1 className={styles.title}>{t`New revenue split contract`}</h1>
      <CreateContractFlow logic={start.logic} ownId={ownId} today={localToday()} draft={start.draft} />
    </div>
  );
}
