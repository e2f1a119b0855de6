import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { contractRights, identifiesNow, type ContractRights } from '@machines/contracts/contract.rules';
import { contractQuery, contractSignerQuery, ContractStatusBadge, contractStatusLabel, type Contract } from '@/entities/contract';
import { actingCustomerIdOf, merchantFactsOf, useSessionActor } from '@/entities/session';
import { ContractActions, ContractIdentification, useContractActor, type ContractLogic, type IdentificationLogic } from '@/features/contract-actions';
import { errorText, isApiError } from '@/shared/api';
import { formatDateTime, formatDay, formatPercent, usePageTitle } from '@/shared/lib';
import { EmptyState, ErrorState, Preloader } from '@/shared/ui';
import styles from './revenue-split-contract-page.module.css';

/** A contract id as the address has it: digits only (anything else is no contract, and nothing is asked). */
const idOf = (text: string): number | null => (/^[1-9]\d{0,14}$/.test(text) ? Number(text) : null);

/**
 * /revenue-split/{contractId} (000 s2, s3, s4, s6, s7, s8; issue 58; brand 1 only, the route's
 * guard): one contract with its parties, share, dates and termination; what the viewer may do from
 * the contract statechart (features/contract-actions); Sign when the service's checkSigner says so.
 * The service's 404 message is said as it is (no such contract, or no such customer).
 */
export function RevenueSplitContractPage({ contractId }: { contractId: string }) {
  const id = idOf(contractId);
  const session = useSessionActor();
  const viewerId = useSelector(session, actingCustomerIdOf);
  const rights = useSelector(session, (s) => contractRights(merchantFactsOf(s)));
  const contract = useQuery({ ...contractQuery(id ?? 0), enabled: id !== null });
  const open = contract.data?.status === 'UNSIGNED' || contract.data?.status === 'WAITING';
  const signer = useQuery({ ...contractSignerQuery(id ?? 0), enabled: id !== null && rights === 'act' && open });
  return <ContractDetailView contractId={contractId} known={id !== null} contract={contract} canSign={signer.data === true} viewerId={viewerId ?? 0} rights={rights} />;
}

export interface ContractRead {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: Contract | undefined;
  refetch: () => unknown;
}

export interface ContractDetailViewProps {
  contractId: string;
  /** The address holds a contract id at all. */
  known: boolean;
  contract: ContractRead;
  canSign: boolean;
  viewerId: number;
  rights: ContractRights;
  /** Stories give the contract statechart fake calls. */
  logic?: ContractLogic;
  /** Stories give the payer's identification statechart fake calls. */
  identificationLogic?: IdentificationLogic;
}

/** The page with its reads injected (stories: loading, not found, error, each status). */
export function ContractDetailView({ contractId, known, contract, canSign, viewerId, rights, logic, identificationLogic }: ContractDetailViewProps) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Contract No. ${contractId}`);
  const back = (
    <Link to="/revenue-split" className={styles.back}>
      {t`All contracts`}
    </Link>
  );
  const notFound = !known || (contract.isError && isApiError(contract.error) && contract.error.status === 404);
  let body: React.ReactNode;
  if (notFound) {
    body = <EmptyState title={t`This contract cannot be shown`} message={known ? errorText(i18n, contract.error) : t`There is no such contract.`} action={back} />;
  } else if (contract.isError && !contract.data) {
    body = <ErrorState title={t`The contract could not be loaded`} message={errorText(i18n, contract.error)} onRetry={() => void contract.refetch()} />;
  } else if (!contract.data) {
    body = <Preloader label={t`Loading`} />;
  } else {
    body = <ContractDetail contract={contract.data} canSign={canSign} viewerId={viewerId} rights={rights} {...(logic ? { logic } : {})} {...(identificationLogic ? { identificationLogic } : {})} />;
  }
  return (
    <div className={styles.page}>
      <p className={styles.backRow}>{back}</p>
      <h1 className={styles.title}>{t`Contract No. ${contractId}`}</h1>
      {body}
    </div>
  );
}

const IDENTIFICATION: Readonly<Record<'NEW' | 'PROCESSING' | 'SUCCESS' | 'FAILED', MessageDescriptor>> = {
  NEW: msg`Not started`,
  PROCESSING: msg`In progress`,
  SUCCESS: msg`Passed`,
  FAILED: msg`Not passed`,
};

/** The contract as read, its statechart started for it. Names, notes and the company's name as text. */
function ContractDetail({ contract, canSign, viewerId, rights, logic, identificationLogic }: { contract: Contract; canSign: boolean; viewerId: number; rights: ContractRights; logic?: ContractLogic; identificationLogic?: IdentificationLogic }) {
  const { t, i18n } = useLingui();
  const actor = useContractActor({ contract, viewerId, canSign, ...(logic ? { logic } : {}) });
  const locale = i18n.locale;
  const you = t`you`;
  const party = (p: Contract['sender']) => (p.id === viewerId ? `${p.name} (${you})` : p.name);
  const initiator = contract.initiatorId === contract.sender.id ? contract.sender : contract.beneficiary;
  const ending = contract.terminateInfo;
  const endedBy = ending ? (ending.terminatedBy === contract.sender.id ? contract.sender : contract.beneficiary) : null;
  return (
    <>
      <div className={styles.head}>
        {contract.company.logo ? <img className={styles.logo} src={contract.company.logo} alt="" width={48} height={48} /> : null}
        <p className={styles.company}>{contract.company.title}</p>
        <ContractStatusBadge status={contract.status} />
      </div>
      <ContractActions actor={actor} contract={contract} rights={rights} />
      {/* The payer identifies here while the contract waits for it (identifiesNow, contract.rules). */}
      {identifiesNow(contract, rights) && contract.identificationStatus ? (
        <ContractIdentification contractId={contract.id} status={contract.identificationStatus} {...(identificationLogic ? { logic: identificationLogic } : {})} />
      ) : null}
      <dl className={styles.facts}>
        <Fact term={t`Status`}>{i18n._(contractStatusLabel(contract.status))}</Fact>
        <Fact term={t`Your side`}>{contract.direction === 'PAY' ? t`You pay the share` : t`You receive the share`}</Fact>
        <Fact term={t`Share`}>{formatPercent(contract.percentage, locale)}</Fact>
        <Fact term={t`Payer`}>{party(contract.sender)}</Fact>
        <Fact term={t`Beneficiary`}>{party(contract.beneficiary)}</Fact>
        <Fact term={t`Offered by`}>{party(initiator)}</Fact>
        {contract.identificationStatus ? <Fact term={t`Your identification`}>{i18n._(IDENTIFICATION[contract.identificationStatus])}</Fact> : null}
        <Fact term={t`Active from`}>
          <time dateTime={contract.activeFrom}>{formatDay(contract.activeFrom, locale)}</time>
        </Fact>
        <Fact term={t`Active to`}>{contract.activeTo ? <time dateTime={contract.activeTo}>{formatDay(contract.activeTo, locale)}</time> : t`Until it is terminated`}</Fact>
        {contract.note ? <Fact term={t`Note`}>{contract.note}</Fact> : null}
        {ending ? (
          <>
            <Fact term={contract.status === 'TERMINATING' ? t`Ends on` : t`Terminated on`}>
              <time dateTime={ending.terminatedAt}>{formatDateTime(ending.terminatedAt, locale)}</time>
            </Fact>
            {endedBy ? <Fact term={t`Terminated by`}>{party(endedBy)}</Fact> : null}
            <Fact term={t`Reason`}>{ending.note}</Fact>
          </>
        ) : null}
        <Fact term={t`Made`}>
          <time dateTime={contract.createdAt}>{formatDateTime(contract.createdAt, locale)}</time>
        </Fact>
        <Fact term={t`Last changed`}>
          <time dateTime={contract.updatedAt}>{formatDateTime(contract.updatedAt, locale)}</time>
        </Fact>
      </dl>
    </>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
