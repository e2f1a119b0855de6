import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRef, AnyActorRef, Snapshot } from 'xstate';
import type { ApprovalOutcome } from '@machines/transfers/approval.machine';
import { massTotalWithFees } from '@machines/transfers/mass-p2p.logic';
import { Button, Money } from '@/shared/ui';
import { ApprovalDialog, type ApprovalActor } from './approval-dialog';
import { ApprovalSubmit } from './approval-submit';
import styles from './mass-review.module.css';

export interface MassReviewProps {
  summary: { count: number; total: string; fee: string; currencyCode: string };
  batchName: string;
  sending: boolean;
  sent: boolean;
  outcome: ApprovalOutcome | null;
  approval: ApprovalActor | undefined;
  onConfirm: () => void;
  onEdit: () => void;
  onNew: () => void;
  /** What going back changes ("Change the payments", "Choose another file"). */
  editLabel: string;
}

/**
 * A batch's confirm page (mass p2p, mass files): the summary the service answered (how many
 * payments, the total, the fees, what leaves the account), then the batch sent through the
 * approval; going back changes it. After a success, another batch can be started.
 */
export function MassReview({ summary, batchName, sending, sent, outcome, approval, onConfirm, onEdit, onNew, editLabel }: MassReviewProps) {
  const { t } = useLingui();
  const withFees = massTotalWithFees(summary);
  return (
    <div className={styles.review}>
      <dl className={styles.summary}>
        {batchName ? (
          <div>
            <dt>{t`Batch`}</dt>
            <dd>{batchName}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t`Payments`}</dt>
          <dd>{summary.count}</dd>
        </div>
        <div>
          <dt>{t`Total`}</dt>
          <dd>
            <Money amount={summary.total} currency={summary.currencyCode} />
          </dd>
        </div>
        <div>
          <dt>{t`Fees`}</dt>
          <dd>
            <Money amount={summary.fee} currency={summary.currencyCode} />
          </dd>
        </div>
        <div>
          <dt>{t`Leaves the account`}</dt>
          <dd>
            <Money amount={withFees} currency={summary.currencyCode} />
          </dd>
        </div>
      </dl>
      <div role="status" className={styles.outcome}>
        {sent ? (
          <p className={styles.good}>
            {outcome === 'requested' ? t`The batch waits for an approver of your company. Nothing has moved yet.` : outcome === 'pending' ? t`The batch is submitted and is being processed.` : t`The batch is sent.`}
          </p>
        ) : null}
        {outcome === 'failed' || outcome === 'rejected' ? <p className={styles.bad}>{t`The batch was not sent and nothing left your account.`}</p> : null}
        {outcome === 'cancelled' ? <p className={styles.bad}>{t`The batch was not confirmed, so nothing moved.`}</p> : null}
        {outcome === 'unknown' ? <p className={styles.bad}>{t`We could not find out whether the batch went through. Check your history before you send it again.`}</p> : null}
      </div>
      {sent ? (
        <div className={styles.buttons}>
          <Button onPress={onNew}>{t`Send another batch`}</Button>
          <Link to="/history/batch-transfers">{t`See it in your history`}</Link>
        </div>
      ) : (
        <form
          noValidate
          className={styles.buttons}
          onSubmit={(event) => {
            event.preventDefault();
            if (!sending) onConfirm();
          }}
        >
          <ApprovalSubmit approval={approval} label={t`Send the batch`} />
          <Button variant="secondary" isDisabled={sending} onPress={onEdit}>
            {editLabel}
          </Button>
        </form>
      )}
      {approval ? <ApprovalDialog actor={approval} /> : null}
    </div>
  );
}

/** What a batch statechart offers its confirm page (mass p2p, mass files): the summary, the outcome, the approval child, review tags. */
type BatchSnapshot = Snapshot<unknown> & {
  context: { summary: MassReviewProps['summary'] | null; outcome: ApprovalOutcome | null };
  children: Record<string, AnyActorRef | undefined>;
  hasTag(tag: 'sending' | 'sent'): boolean;
};
export type BatchActor = ActorRef<BatchSnapshot, { type: 'CONFIRM' } | { type: 'EDIT' } | { type: 'NEW' }>;

/** A batch statechart's confirm page: reads its summary, outcome and approval; sends CONFIRM, EDIT and NEW. */
export function BatchReview({ actor, batchName, editLabel }: { actor: BatchActor; batchName: string; editLabel: string }) {
  const summary = useSelector(actor, (s) => s.context.summary);
  const sending = useSelector(actor, (s) => s.hasTag('sending'));
  const sent = useSelector(actor, (s) => s.hasTag('sent'));
  const outcome = useSelector(actor, (s) => s.context.outcome);
  const approval = useSelector(actor, (s) => s.children.approval) as ApprovalActor | undefined;
  if (!summary) return null;
  return (
    <MassReview
      summary={summary}
      batchName={batchName}
      sending={sending}
      sent={sent}
      outcome={outcome}
      approval={approval}
      onConfirm={() => actor.send({ type: 'CONFIRM' })}
      onEdit={() => actor.send({ type: 'EDIT' })}
      onNew={() => actor.send({ type: 'NEW' })}
      editLabel={editLabel}
    />
  );
}
