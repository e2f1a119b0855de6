import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { REQUEST_PAGE_SIZE, seesRequests, type RequestFilter, type TransfersLevel } from '@machines/business/approvals.logic';
import { transfersLevel, useSessionActor } from '@/entities/session';
import { transactionRequestsQuery, type TransactionRequest } from '@/entities/transfer';
import { RequestApprovals, type RequestDecisionLogic } from '@/features/request-approvals';
import { usePageTitle } from '@/shared/lib';
import { Button, EmptyState, QueryState, Select, type QueryLike } from '@/shared/ui';
import styles from './transfer-approved-page.module.css';

const route = getRouteApi('/main/transfer/approved');

type Search = RequestFilter & { page?: number };

/** /transfer/approved (001 s2): the company's transaction requests; the filter and page are the address. */
export function TransferApprovedPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const level = useSelector(useSessionActor(), transfersLevel);
  const allowed = seesRequests(level);
  const { page = 1, ...filter } = search;
  const requests = useQuery({ ...transactionRequestsQuery(filter, page), enabled: allowed });
  return (
    <TransferApprovedPageView
      allowed={allowed}
      level={level}
      filter={filter}
      page={page}
      requests={requests}
      onFilter={(next) => void navigate({ to: '/transfer/approved', search: next })}
    />
  );
}

export interface TransferApprovedPageViewProps {
  allowed: boolean;
  level: TransfersLevel;
  filter: RequestFilter;
  page: number;
  requests: QueryLike & { data?: { total: number; requests: readonly TransactionRequest[] } | undefined };
  onFilter: (search: Search) => void;
  logic?: RequestDecisionLogic;
}

export function TransferApprovedPageView({ allowed, level, filter, page, requests, onFilter, logic }: TransferApprovedPageViewProps) {
  const { t } = useLingui();
  usePageTitle(t`Approvals`);
  const total = requests.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / REQUEST_PAGE_SIZE));
  const statusOptions = [
    { id: 'waiting', label: t`Waiting for approval` },
    { id: 'approved', label: t`Approved` },
    { id: 'declined', label: t`Declined` },
    { id: 'all', label: t`All` },
  ];
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Approvals`}</h1>
      <p className={styles.hint}>{t`Transfers your company's users created wait here for an approver. Nobody approves their own.`}</p>
      {!allowed ? (
        <EmptyState title={t`Not available for your profile`} message={t`Your access rights do not include approvals.`} />
      ) : (
        <>
          <div className={styles.filter}>
            <Select label={t`Show`} options={statusOptions} selectedKey={filter.status ?? 'waiting'} onSelectionChange={(status) => onFilter({ ...filter, status: status as RequestFilter['status'] })} />
          </div>
          <QueryState query={requests} title={t`The requests could not be loaded`} />
          {requests.data ? (
            requests.data.requests.length === 0 ? (
              <EmptyState title={t`Nothing here`} message={filter.status === 'waiting' ? t`No request waits for approval.` : t`No request matches.`} />
            ) : (
              <RequestApprovals requests={requests.data.requests} level={level} {...(logic ? { logic } : {})} />
            )
          ) : null}
          {pages > 1 ? (
            <div className={styles.pages}>
              <Button variant="secondary" isDisabled={page <= 1} onPress={() => onFilter({ ...filter, page: page - 1 })}>
                {t`Previous`}
              </Button>
              <span>{t`Page ${page} of ${pages}`}</span>
              <Button variant="secondary" isDisabled={page >= pages} onPress={() => onFilter({ ...filter, page: page + 1 })}>
                {t`Next`}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
