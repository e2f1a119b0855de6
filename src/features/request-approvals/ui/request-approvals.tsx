import { useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { Actor, AnyActorRef } from 'xstate';
import { decidableSelection, isDecidable, selectableIds, type TransfersLevel } from '@machines/business/approvals.logic';
import type { Decision } from '@machines/business/request-decision.machine';
import { ApprovalDialog, type ApprovalActor } from '@/entities/approval';
import { type TransactionRequest } from '@/entities/transfer';
import { uiMessageText } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, Checkbox, DateText, Dialog, FormAlert, Money } from '@/shared/ui';
import { requestDecisionLogic, type RequestDecisionLogic } from '../model/request-decision-actors';
import styles from './request-approvals.module.css';

export type RequestDecisionActor = Actor<RequestDecisionLogic>;

const TYPE_LABELS: Record<string, MessageDescriptor> = {
  betweenAccounts: msg`Between accounts`,
  p2p: msg`To a person`,
  wire: msg`Wire transfer`,
  eft: msg`Bank transfer (EFT)`,
  oct: msg`To a card`,
  crypto_eft: msg`Crypto`,
  instant_payment: msg`Instant payment`,
  interac: msg`Interac e-Transfer`,
  mass_p2p: msg`Many people`,
  mass_wire: msg`Wire transfers from a file`,
  mass_eft: msg`Bank transfers (EFT) from a file`,
  mass_oct: msg`Card payouts from a file`,
  mass_crypto: msg`Crypto transfers from a file`,
  mass_globalPay: msg`Global payments`,
  globalPay: msg`Global payment sent again`,
};
const STATUS_LABELS: Record<TransactionRequest['status'], MessageDescriptor> = {
  waiting: msg`Waiting for approval`,
  approved: msg`Approved`,
  declined: msg`Declined`,
  failed: msg`Failed`,
};

export interface RequestApprovalsProps {
  requests: readonly TransactionRequest[];
  /** The user's transfers level (undefined: the account holder). */
  level: TransfersLevel;
  logic?: RequestDecisionLogic;
}

/**
 * The company's transaction requests (/transfer/approved; 001 s3, s4): each with when it was made,
 * its kind, who made it, who receives it and how much; an approver approves or declines one, the
 * ticked ones, or a whole mass request (a decline is asked first), confirmed in the approver's
 * approval mode; nobody decides their own. Initiate-only users see their own requests' progress.
 */
export function RequestApprovals({ requests, level, logic = requestDecisionLogic }: RequestApprovalsProps) {
  const actor = useActorRef(logic, inspectOptions());
  return <RequestApprovalsView actor={actor} requests={requests} level={level} />;
}

export function RequestApprovalsView({ actor, requests, level }: { actor: RequestDecisionActor; requests: readonly TransactionRequest[]; level: TransfersLevel }) {
  const { t, i18n } = useLingui();
  const ticked = useSelector(actor, (s) => s.context.selected);
  const deciding = useSelector(actor, (s) => s.hasTag('deciding'));
  const confirmDecline = useSelector(actor, (s) => s.hasTag('confirmDecline'));
  const outcome = useSelector(actor, (s) => s.context.outcome);
  const decided = useSelector(actor, (s) => s.context.decided);
  const approval = useSelector(actor, (s) => s.children.approval as AnyActorRef | undefined) as ApprovalActor | undefined;
  const selectable = selectableIds(requests, level);
  const selected = decidableSelection(ticked, requests, level);
  const decide = (decision: Decision) => actor.send({ type: 'DECIDE', decision });
  const count = selected.length;
  return (
    <>
      <div role="status" className={styles.notice}>
        {decided && (outcome === 'success' || outcome === 'pending') ? <p className={styles.good}>{decided.declined ? t`Declined. Nothing was sent.` : t`Approved. The money is on its way.`}</p> : null}
        {outcome === 'failed' || outcome === 'rejected' ? <p className={styles.bad}>{t`The decision was not made. The requests still wait.`}</p> : null}
        {outcome === 'cancelled' ? <p className={styles.bad}>{t`The decision was not confirmed. The requests still wait.`}</p> : null}
        {outcome === 'unknown' ? <p className={styles.bad}>{t`We could not find out whether the decision went through. The list shows what still waits.`}</p> : null}
      </div>
      {selectable.length > 0 ? (
        <div className={styles.bulk}>
          <Checkbox isSelected={count > 0 && count === selectable.length} onChange={(on) => actor.send(on ? { type: 'SELECT_ALL', ids: selectable } : { type: 'CLEAR' })} isDisabled={deciding}>
            {t`Select all waiting requests`}
          </Checkbox>
          <Button isDisabled={count === 0 || deciding} onPress={() => decide({ target: { transactionIds: selected }, declined: false })}>
            {count > 0 ? plural(count, { one: 'Approve # request', other: 'Approve # requests' }) : t`Approve selected`}
          </Button>
          <Button variant="secondary" isDisabled={count === 0 || deciding} onPress={() => decide({ target: { transactionIds: selected }, declined: true })}>
            {t`Decline selected`}
          </Button>
        </div>
      ) : null}
      <ul className={styles.list} aria-busy={deciding}>
        {requests.map((request) => {
          const decidable = isDecidable(request, level);
          const kind = TYPE_LABELS[request.transactionType] ? i18n._(TYPE_LABELS[request.transactionType]!) : request.transactionType;
          const target: Decision['target'] = request.groupedTransactionType === 'mass' && request.batchId !== undefined ? { batchId: request.batchId } : { transactionIds: [request.id] };
          const name = request.beneficiary ?? kind;
          return (
            <li key={request.id} className={styles.item}>
              <div className={styles.head}>
                {decidable && request.groupedTransactionType === 'single' ? (
                  <Checkbox isSelected={ticked.includes(request.id)} onChange={() => actor.send({ type: 'TOGGLE', id: request.id })} isDisabled={deciding}>
                    <span className={styles.who}>{name}</span>
                  </Checkbox>
                ) : (
                  <p className={styles.who}>{name}</p>
                )}
                {request.amount && request.currencyCode ? (
                  <span className={styles.amount}>
                    <Money amount={request.amount} currency={request.currencyCode} />
                  </span>
                ) : null}
              </div>
              <dl className={styles.facts}>
                <dt>{t`Kind`}</dt>
                <dd>{request.groupedTransactionType === 'mass' && request.count ? t`${kind}, ${plural(request.count, { one: '# payment', other: '# payments' })}` : kind}</dd>
                <dt>{t`Created`}</dt>
                <dd>
                  <DateText value={request.created} withTime />
                </dd>
                <dt>{t`Created by`}</dt>
                <dd>{request.mine ? t`You` : request.createdBy}</dd>
                <dt>{t`Status`}</dt>
                <dd>{i18n._(STATUS_LABELS[request.status])}</dd>
              </dl>
              {decidable ? (
                <div className={styles.buttons}>
                  <Button onPress={() => decide({ target, declined: false })} isDisabled={deciding} aria-label={t`Approve: ${name}`}>
                    {t`Approve`}
                  </Button>
                  <Button variant="secondary" onPress={() => decide({ target, declined: true })} isDisabled={deciding} aria-label={t`Decline: ${name}`}>
                    {t`Decline`}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {confirmDecline ? (
        <Dialog isOpen role="alertdialog" onClose={() => actor.send({ type: 'CANCEL' })} title={t`Decline?`}>
          <div className={styles.bulk}>
            <p>{t`A declined request is not sent, and its creator is told. This cannot be undone.`}</p>
            <Button variant="secondary" onPress={() => actor.send({ type: 'CANCEL' })} autoFocus>
              {t`Keep it waiting`}
            </Button>
            <Button variant="danger" onPress={() => actor.send({ type: 'CONFIRM' })}>
              {t`Decline`}
            </Button>
          </div>
        </Dialog>
      ) : null}
      {/* A decision the service refused or did not answer: why, and Try again (the same decision) or Cancel. */}
      {approval ? <DecisionFailure approval={approval} /> : null}
      {approval ? <ApprovalDialog actor={approval} /> : null}
    </>
  );
}

function DecisionFailure({ approval }: { approval: ApprovalActor }) {
  const { t, i18n } = useLingui();
  const failed = useSelector(approval, (s) => s.hasTag('submitFailed'));
  const failure = useSelector(approval, (s) => uiMessageText(i18n, s.context.failure));
  if (!failed) return null;
  return (
    <FormAlert>
      <p>{failure ?? t`The decision could not be sent.`}</p>
      <div className={styles.buttons}>
        <Button onPress={() => approval.send({ type: 'RETRY' })}>{t`Try again`}</Button>
        <Button variant="secondary" onPress={() => approval.send({ type: 'CANCEL' })}>
          {t`Cancel`}
        </Button>
      </div>
    </FormAlert>
  );
}
