import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { globalPayRenameFormMachine } from '@machines/batches/global-pay-forms.machine';
import { batchTotals, FEE_SHARES, type FeeShare, type GlobalPayTotal } from '@machines/batches/global-pay-rules';
import { canSubmit, type GlobalPayPaymentFact } from '@machines/batches/global-pay.logic';
import { ApprovalDialog, type ApprovalActor } from '@/entities/approval';
import { BATCH_STATUS_LABELS, FEE_SHARE_LABELS } from '@/entities/global-pay-batch';
import { formatCount, uiMessageText, useFormMachine } from '@/shared/lib';
import { useDisclosure, useSelection } from '@/shared/model';
import { Button, Dialog, FormAlert, Money, Select, TextField } from '@/shared/ui';
import type { GlobalPayActor } from './global-pay-upload';
import { PaymentDialog } from './payment-dialog';
import { GlobalPayTable } from './virtual-lists';
import { useTotals } from '../model/use-totals';
import styles from './global-pay.module.css';

/** Totals per currency and the fees (exact, by the shared rule), as a definition list. */
export function GlobalPayTotals({ payments, totals: given }: { payments?: readonly GlobalPayPaymentFact[]; /** Totals already worked out (carried forward by the editor). */ totals?: readonly GlobalPayTotal[] }) {
  const { t, i18n } = useLingui();
  const totals = given ?? batchTotals(payments ?? []);
  if (totals.length === 0) return <p>{t`No payments in the batch.`}</p>;
  return (
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={t`Totals`}>
    <table className={styles.totals}>
      <caption>{t`Totals`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Currency`}</th>
          <th scope="col">{t`Payments`}</th>
          <th scope="col">{t`Amount`}</th>
          <th scope="col">{t`Fees`}</th>
          <th scope="col">{t`You pay`}</th>
        </tr>
      </thead>
      <tbody>
        {totals.map((total) => (
          <tr key={total.currency}>
            <th scope="row">{total.currency}</th>
            <td data-label={t`Payments`}>{formatCount(total.count, i18n.locale)}</td>
            <td data-label={t`Amount`}>
              <Money amount={total.amount} currency={total.currency} />
            </td>
            <td data-label={t`Fees`}>
              <Money amount={total.fee} currency={total.currency} />
            </td>
            <td data-label={t`You pay`}>
              <Money amount={total.debit} currency={total.currency} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}

/** A draft's new name (full update): shown at once, saved in the background. */
function RenameDialog({ name, onRename, onClose }: { name: string; onRename: (batchName: string) => void; onClose: () => void }) {
  const { t } = useLingui();
  const form = useFormMachine(
    globalPayRenameFormMachine.provide({
      actors: {
        submit: fromPromise(async ({ input }) => {
          const batchName = (input.values.batchName ?? '').trim();
          if (batchName !== name) onRename(batchName);
          return null;
        }),
      },
      actions: { submitted: onClose },
    }),
    { values: { batchName: name } },
  );
  return (
    <Dialog isOpen onClose={onClose} title={t`Rename the batch`}>
      <form {...form.formProps} className={styles.paymentForm}>
        <TextField label={t`Batch name`} {...form.field('batchName')} maxLength={60} autoComplete="off" isRequired />
        <div className={styles.buttons}>
          <Button type="submit">{t`Save the name`}</Button>
          <Button variant="secondary" onPress={onClose}>
            {t`Cancel`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Sentinel of the payment dialog: adding a new payment. */
const ADDING = 0;

/**
 * A draft batch (/transfer/mass/global?batchId=): its payments with every field, who pays each
 * fee, the methods each recipient may choose (a forbidden one unticked), removed payments to
 * restore; each change shows at once and is saved in the background, and a change the service
 * refused or could not take is marked on its payment alone (try again or undo). The totals per
 * currency and the fees follow every change. Submit and cancel ask first; submit goes through the
 * customer's approval mode. Another batch may be started: the draft stays saved (the batch history
 * lists it and opens it here).
 */
export function GlobalPayEditor({ actor, onNew }: { actor: GlobalPayActor; /** Leave this draft (it stays saved, listed in the batch history) and start another. */ onNew: () => void }) {
  const { t, i18n } = useLingui();
  const batch = useSelector(actor, (s) => s.context.batch);
  const payments = useSelector(actor, (s) => s.context.payments);
  const failedEdits = useSelector(actor, (s) => s.context.failedEdits);
  const saving = useSelector(actor, (s) => s.hasTag('saving') || s.context.queue.length > 0);
  const queued = useSelector(actor, (s) => s.context.queue.length);
  const undoable = useSelector(actor, (s) => s.context.undo.length > 0);
  const confirmSubmit = useSelector(actor, (s) => s.hasTag('confirmSubmit'));
  const confirmReject = useSelector(actor, (s) => s.hasTag('confirmReject'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const outcome = useSelector(actor, (s) => (s.hasTag('editing') ? s.context.outcome : null));
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  const approval = useSelector(actor, (s) => s.children.approval) as ApprovalActor | undefined;
  const dialog = useSelection();
  const rename = useDisclosure();
  const totals = useTotals(payments);
  if (!batch) return null;
  const failedCount = Object.keys(failedEdits).length;
  const submittable = canSubmit(payments, queued, failedCount);
  const active = totals.reduce((count, total) => count + total.count, 0);
  const editing = dialog.selected === null ? undefined : dialog.selected === ADDING ? null : (payments.find((p) => p.id === dialog.selected) ?? undefined);
  const setFeeSideForAll = (feeShare: string) => actor.send({ type: 'EDIT', edit: { kind: 'feeSide', feeShare: feeShare as FeeShare, ids: null } });
  return (
    <div className={styles.editor}>
      <dl className={styles.facts}>
        <div>
          <dt>{t`Batch`}</dt>
          <dd className={styles.named}>
            <span>{batch.batchName || t`Batch ${batch.batchId}`}</span>
            <Button variant="secondary" onPress={rename.toggle} isDisabled={busy} aria-label={t`Rename the batch`}>
              {t`Rename`}
            </Button>
          </dd>
        </div>
        <div>
          <dt>{t`Status`}</dt>
          <dd>{i18n._(BATCH_STATUS_LABELS[batch.status])}</dd>
        </div>
        <div>
          <dt>{t`Payments`}</dt>
          <dd>{formatCount(active, i18n.locale)}</dd>
        </div>
      </dl>
      <div className={styles.toolbar}>
        <Button variant="secondary" onPress={() => dialog.select(ADDING)} isDisabled={busy}>
          {t`Add a payment`}
        </Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'UNDO' })} isDisabled={busy || !undoable}>
          {t`Undo the last change`}
        </Button>
        <div className={styles.feeAll}>
          <Select
            label={t`Fee paid by, for every payment`}
            placeholder={t`Choose…`}
            options={FEE_SHARES.map((side) => ({ id: side, label: i18n._(FEE_SHARE_LABELS[side]!) }))}
            selectedKey={null}
            onSelectionChange={setFeeSideForAll}
            isDisabled={busy || active === 0}
          />
        </div>
      </div>
      <p role="status" aria-live="polite" className={styles.saveState}>
        {saving ? t`Saving your changes…` : failedCount > 0 ? t`Some changes were not saved. They are marked below.` : t`All changes saved.`}
      </p>
      <GlobalPayTable actor={actor} onChange={dialog.select} />
      <GlobalPayTotals totals={totals} />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div role="status" className={styles.outcome}>
        {outcome === 'failed' || outcome === 'rejected' ? <p className={styles.bad}>{t`The batch was not sent and nothing left your account.`}</p> : null}
        {outcome === 'cancelled' ? <p className={styles.bad}>{t`The batch was not confirmed, so nothing was sent.`}</p> : null}
        {outcome === 'unknown' ? <p className={styles.bad}>{t`We could not find out whether the batch was sent. Check its status before you send it again.`}</p> : null}
      </div>
      <div className={styles.buttons}>
        <Button onPress={() => actor.send({ type: 'SUBMIT' })} isDisabled={!submittable || busy} isPending={busy && !confirmReject}>
          {t`Send the batch`}
        </Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'REJECT' })} isDisabled={busy}>
          {t`Cancel the batch`}
        </Button>
        <Button variant="secondary" onPress={onNew} isDisabled={busy || saving || failedCount > 0}>
          {t`Start another batch`}
        </Button>
      </div>
      <p className={styles.muted}>{t`A draft stays saved: find it again under Batch transfers in your history.`}</p>
      {!submittable && !saving && failedCount > 0 ? <p className={styles.muted}>{t`Save or undo the marked changes before sending.`}</p> : null}
      {rename.open ? <RenameDialog name={batch.batchName} onRename={(batchName) => actor.send({ type: 'EDIT', edit: { kind: 'rename', batchName } })} onClose={rename.close} /> : null}
      {editing !== undefined ? (
        <PaymentDialog
          payment={editing}
          onAdd={(payment) => actor.send({ type: 'EDIT', edit: { kind: 'add', payment } })}
          onUpdate={(id, changes) => actor.send({ type: 'EDIT', edit: { kind: 'update', id, changes } })}
          onClose={dialog.clear}
        />
      ) : null}
      <Dialog isOpen={confirmSubmit} role="alertdialog" onClose={() => actor.send({ type: 'BACK' })} title={t`Send the batch?`}>
        <div className={styles.dialogBody}>
          <p>{t`${active} payments will be sent. Each recipient is e-mailed to choose how to receive the money.`}</p>
          <GlobalPayTotals totals={totals} />
          <div className={styles.buttons}>
            <Button onPress={() => actor.send({ type: 'CONFIRM' })}>{t`Send`}</Button>
            <Button variant="secondary" onPress={() => actor.send({ type: 'BACK' })}>
              {t`Back to the batch`}
            </Button>
          </div>
        </div>
      </Dialog>
      <Dialog isOpen={confirmReject} role="alertdialog" onClose={() => actor.send({ type: 'BACK' })} title={t`Cancel the batch?`}>
        <div className={styles.dialogBody}>
          <p>{t`Nothing will be sent and the batch cannot be changed any more.`}</p>
          <div className={styles.buttons}>
            <Button onPress={() => actor.send({ type: 'CONFIRM' })}>{t`Cancel the batch`}</Button>
            <Button variant="secondary" onPress={() => actor.send({ type: 'BACK' })}>
              {t`Keep the batch`}
            </Button>
          </div>
        </div>
      </Dialog>
      {approval ? <ApprovalDialog actor={approval} /> : null}
    </div>
  );
}
