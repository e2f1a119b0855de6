import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { RECEIVE_LINK_DAYS, recipientGets } from '@machines/batches/global-pay-rules';
import { globalPayResendFormMachine } from '@machines/batches/global-pay-forms.machine';
import { paidOrUnderway, type GlobalPayPaymentFact } from '@machines/batches/global-pay.logic';
import { ApprovalDialog, type ApprovalActor } from '@/entities/approval';
import { BATCH_STATUS_LABELS, FAILURE_LABELS, METHOD_LABELS, PAYMENT_STATUS_LABELS } from '@/entities/global-pay-batch';
import { useFormMachine } from '@/shared/lib';
import { useSelection } from '@/shared/model';
import { Button, DateText, Dialog, Money, TextField } from '@/shared/ui';
import { GlobalPayTotals } from './global-pay-editor';
import type { GlobalPayActor } from './global-pay-upload';
import styles from './global-pay.module.css';

/** What the recipient of a payment has to do (or what happened), in the customer's words. */
function useRecipientStep() {
  const { t, i18n } = useLingui();
  return (payment: GlobalPayPaymentFact): string => {
    switch (payment.status) {
      case 'awaitingRecipient':
        return t`${payment.beneficiaryName} was e-mailed a link to choose how to receive the money. The link works for ${RECEIVE_LINK_DAYS} days.`;
      case 'completed': {
        const method = payment.receivedBy && METHOD_LABELS[payment.receivedBy] ? i18n._(METHOD_LABELS[payment.receivedBy]!) : null;
        return method ? t`Paid: received by ${method}.` : t`Paid.`;
      }
      case 'failed':
        return payment.failureReason && FAILURE_LABELS[payment.failureReason] ? i18n._(FAILURE_LABELS[payment.failureReason]!) : t`The payment failed. Nothing was taken for it.`;
      case 'processing':
        return t`Being processed. The recipient will be e-mailed next.`;
      default:
        return '';
    }
  };
}

/** Sending a failed payment again, to the same or a corrected e-mail (single approval). */
function ResendDialog({ payment, onResend, onClose }: { payment: GlobalPayPaymentFact; onResend: (email: string) => void; onClose: () => void }) {
  const { t } = useLingui();
  const form = useFormMachine(
    globalPayResendFormMachine.provide({
      actors: {
        submit: fromPromise(async ({ input }) => {
          onResend((input.values.beneficiaryEmail ?? '').trim());
          return null;
        }),
      },
      actions: { submitted: onClose },
    }),
    { values: { beneficiaryEmail: payment.beneficiaryEmail } },
  );
  return (
    <Dialog isOpen onClose={onClose} title={t`Send the payment again`}>
      <form {...form.formProps} className={styles.paymentForm}>
        <p>{t`${payment.beneficiaryName} did not get the payment. Check the e-mail address, then send it again; you confirm it as usual.`}</p>
        <TextField label={t`E-mail`} type="email" {...form.field('beneficiaryEmail')} autoComplete="off" isRequired />
        <div className={styles.buttons}>
          <Button type="submit">{t`Send again`}</Button>
          <Button variant="secondary" onPress={onClose}>
            {t`Cancel`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The global summary (/transfer/external/global-summary?batchId=): the batch's status as it moves
 * (followed with back-off until it settles), each payment's status with what its recipient has
 * to do, the totals, and a failed payment sent again through the approval.
 */
export function GlobalPaySummary({ actor, onNew }: { actor: GlobalPayActor; /** Start another batch (the page also leaves the summary's address). */ onNew: () => void }) {
  const { t, i18n } = useLingui();
  const batch = useSelector(actor, (s) => s.context.batch);
  const payments = useSelector(actor, (s) => s.context.payments);
  const following = useSelector(actor, (s) => s.hasTag('following'));
  const settled = useSelector(actor, (s) => s.hasTag('settled'));
  const statusFailed = useSelector(actor, (s) => s.context.statusFailed);
  const outcome = useSelector(actor, (s) => s.context.outcome);
  const approval = useSelector(actor, (s) => s.children.approval) as ApprovalActor | undefined;
  const resend = useSelection();
  const step = useRecipientStep();
  if (!batch) return null;
  const shown = payments.filter((p) => p.status !== 'removed');
  const resending = resend.selected === null ? undefined : shown.find((p) => p.id === resend.selected);
  const failed = shown.filter((p) => p.status === 'failed').length;
  return (
    <div className={styles.editor}>
      <dl className={styles.facts}>
        <div>
          <dt>{t`Batch`}</dt>
          <dd>{batch.batchName || t`Batch ${batch.batchId}`}</dd>
        </div>
        <div>
          <dt>{t`Status`}</dt>
          <dd data-testid="batch-status">{i18n._(BATCH_STATUS_LABELS[batch.status])}</dd>
        </div>
        {batch.submitted ? (
          <div>
            <dt>{t`Sent`}</dt>
            <dd>
              <DateText value={batch.submitted} withTime />
            </dd>
          </div>
        ) : null}
      </dl>
      <div role="status" aria-live="polite" className={styles.saveState}>
        {batch.status === 'pendingApproval' ? (
          <p>{outcome === 'requested' ? t`The batch waits for an approver of your company. Nothing has been sent yet.` : t`The batch waits for your confirmation.`}</p>
        ) : null}
        {following && statusFailed ? <p>{t`The connection was lost. The status will be checked again shortly.`}</p> : following ? <p>{t`The status updates by itself.`}</p> : null}
        {settled ? (
          <p>{failed > 0 ? plural(failed, { one: 'The batch is finished. # payment failed; you may send it again.', other: 'The batch is finished. # payments failed; you may send them again.' }) : t`The batch is finished: every payment was paid.`}</p>
        ) : null}
      </div>
      <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={t`Payments of the batch`}>
        <table className={styles.payments}>
          <thead>
            <tr>
              <th scope="col">{t`No.`}</th>
              <th scope="col">{t`Recipient`}</th>
              <th scope="col">{t`Amount`}</th>
              <th scope="col">{t`Recipient gets`}</th>
              <th scope="col">{t`Status`}</th>
              <th scope="col">{t`What happens next`}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((payment) => (
              <tr key={payment.id} data-status={payment.status}>
                <td data-label={t`No.`}>{payment.id}</td>
                <td data-label={t`Recipient`}>
                  <div className={styles.recipient}>
                    <span className={styles.strong}>{payment.beneficiaryName}</span>
                    <span>{payment.beneficiaryEmail}</span>
                  </div>
                </td>
                <td data-label={t`Amount`} className={styles.amount}>
                  <Money amount={payment.amount} currency={payment.currency} />
                </td>
                <td data-label={t`Recipient gets`} className={styles.amount}>
                  <Money amount={recipientGets(payment)} currency={payment.currency} />
                </td>
                <td data-label={t`Status`}>{i18n._(PAYMENT_STATUS_LABELS[payment.status])}</td>
                <td data-label={t`What happens next`} className={styles.description}>
                  <p className={styles.step}>{step(payment)}</p>
                  {payment.status === 'failed' ? (
                    <Button variant="secondary" onPress={() => resend.select(payment.id)} aria-label={t`Send again: ${payment.beneficiaryName}`}>
                      {t`Send again`}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <GlobalPayTotals payments={paidOrUnderway(shown)} />
      {settled ? (
        <div className={styles.buttons}>
          <Button onPress={onNew}>{t`Send another batch`}</Button>
        </div>
      ) : null}
      {resending ? <ResendDialog payment={resending} onResend={(email) => actor.send({ type: 'RESEND', paymentId: resending.id, beneficiaryEmail: email })} onClose={resend.clear} /> : null}
      {approval ? <ApprovalDialog actor={approval} /> : null}
    </div>
  );
}
