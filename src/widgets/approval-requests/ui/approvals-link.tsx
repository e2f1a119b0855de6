import { plural } from '@lingui/core/macro';
import { isBusinessKind } from '@machines/shared/customer-kind';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { mayApprove } from '@machines/business/approvals.logic';
import { customerOf, transfersLevel, useSessionActor } from '@/entities/session';
import { notificationCountsQuery } from '@/entities/transfer';
import styles from './approvals-link.module.css';

/**
 * The header's link to /transfer/approved with how many requests wait for an approver of the
 * acting company (001 s3 notification counts: transactionRequestCount + massTransactionRequestCount);
 * only for business users who approve, and only while something waits. It refreshes after each
 * decision and every minute.
 */
export function ApprovalsLink() {
  const session = useSessionActor();
  const business = useSelector(session, (s) => isBusinessKind(customerOf(s)?.customerType));
  const approves = useSelector(session, (s) => mayApprove(transfersLevel(s)));
  const counts = useQuery({ ...notificationCountsQuery(), enabled: business && approves });
  return <ApprovalsLinkView waiting={business && approves ? (counts.data?.single ?? 0) + (counts.data?.mass ?? 0) : 0} />;
}

export function ApprovalsLinkView({ waiting }: { waiting: number }) {
  if (waiting <= 0) return null;
  return (
    <Link to="/transfer/approved" className={styles.link} aria-label={plural(waiting, { one: 'Approvals, # request waiting', other: 'Approvals, # requests waiting' })}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M9 11l3 3L22 4" />
        <path d="M21 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11" />
      </svg>
      <span className={styles.count} aria-hidden="true">
        {waiting}
      </span>
    </Link>
  );
}
