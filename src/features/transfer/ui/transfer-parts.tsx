import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import type { MessageDescriptor } from '@lingui/core';
import type { ApprovalOutcome } from '@machines/transfers/approval.machine';
import { FREQUENCY_LABELS, SUBSCRIPTION_FREQUENCIES } from '@machines/transfers/own-transfer.logic';
import type { ActorRefFrom } from 'xstate';
import type { TransferLogic } from '@machines/transfers/transfer.machine';
import { ApprovalDialog, ApprovalSubmit, type ApprovalActor } from '@/entities/approval';
import { type CustomerLimit } from '@/entities/transfer';
import { formatMoney, uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { Button, Checkbox, Select, TextField } from '@/shared/ui';
import styles from './own-transfer-form.module.css';

/**
 * What every transfer form shares (own accounts, p2p, and the kinds to come): its statechart's
 * view (values, errors, tags, the approval child), the notices after a reload and after the
 * approval, an account's label, the recurring options, and a line of facts before submit.
 */
export function useTransferView<F>(actor: ActorRefFrom<TransferLogic<F>>) {
  const { i18n } = useLingui();
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const sending = useSelector(actor, (s) => s.hasTag('sending'));
  const approval = useSelector(actor, (s) => s.children.approval as AnyActorRef | undefined) as ApprovalActor | undefined;
  const formRef = useFocusOnRejectedSubmit(attempts);
  return {
    values,
    sending,
    approval,
    formRef,
    change: (name: string) => (value: string) => actor.send({ type: 'CHANGE', name, value }),
    error: (name: string) => uiMessageText(i18n, errors[name] ?? null),
  };
}

const OUTCOME_NOTICES: Record<ApprovalOutcome, MessageDescriptor> = {
  success: msg`The money was moved.`,
  pending: msg`The transfer is submitted and is being processed.`,
  requested: msg`The transfer waits for an approver of your company. Nothing has moved yet.`,
  failed: msg`The transfer was not made and nothing left your account. You can change it and send it again.`,
  rejected: msg`The transfer was rejected and nothing left your account. You can change it and send it again.`,
  cancelled: msg`The transfer was not confirmed, so nothing moved. Send it again to confirm it.`,
  unknown: msg`We could not find out whether the transfer went through. Check your history before you change it. Sending it again as it is does not move the money twice.`,
};

/** After a reload mid-submit (the kept intent), and after the approval ended. */
export function TransferNotices<F>({ actor }: { actor: ActorRefFrom<TransferLogic<F>> }) {
  const { t, i18n } = useLingui();
  const outcome = useSelector(actor, (s) => s.context.outcome);
  const restored = useSelector(actor, (s) => s.context.restored);
  return (
    <>
      {restored ? (
        <div className={styles.notice} role="status">
          <p>{t`You were sending this transfer when the page was left. It may have gone through: check your history before you change it. Sending it again as it is does not move the money twice.`}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'DISMISS' })}>
            {t`Understood`}
          </Button>
        </div>
      ) : null}
      <div className={styles.outcome} role="status">
        {outcome ? <p className={outcome === 'success' || outcome === 'pending' || outcome === 'requested' ? styles.good : styles.bad}>{i18n._(OUTCOME_NOTICES[outcome])}</p> : null}
      </div>
    </>
  );
}

/** 001 s4 recurring options: a tick, then how often and when it ends. */
export function RecurringFields({ view }: { view: TransferView }) {
  const { t, i18n } = useLingui();
  const { values, change, error, sending } = view;
  return (
    <>
      <Checkbox isSelected={values.recurring === 'true'} onChange={(on) => change('recurring')(on ? 'true' : '')} isDisabled={sending}>
        {t`Repeat this transfer`}
      </Checkbox>
      {values.recurring === 'true' ? (
        <fieldset className={styles.recurring}>
          <legend>{t`How it repeats`}</legend>
          <Select
            label={t`How often`}
            placeholder={t`Choose…`}
            options={SUBSCRIPTION_FREQUENCIES.map((f) => ({
              id: f,
              label: i18n._(FREQUENCY_LABELS[f]),
            }))}
            selectedKey={values.frequency || null}
            onSelectionChange={change('frequency')}
            errorMessage={error('frequency')}
            isRequired
            isDisabled={sending}
          />
          <TextField type="date" label={t`Last transfer on (optional)`} value={values.endDate ?? ''} onChange={change('endDate')} errorMessage={error('endDate')} isDisabled={sending} />
          <TextField
            label={t`Number of transfers (optional)`}
            value={values.transactions ?? ''}
            onChange={change('transactions')}
            errorMessage={error('transactions')}
            inputMode="numeric"
            autoComplete="off"
            isDisabled={sending}
          />
          <Checkbox isSelected={values.userCancel === 'true'} onChange={(on) => change('userCancel')(on ? 'true' : '')} isDisabled={sending}>
            {t`Until I cancel it`}
          </Checkbox>
        </fieldset>
      ) : null}
    </>
  );
}

export type TransferView = ReturnType<typeof useTransferView<unknown>>;

/**
 * A transfer form's frame: the notices, the form element (SUBMIT with what the screen knows at
 * that moment, ignored while sending), the submit that follows the approval, and the approval popup.
 */
export function TransferFormFrame<F>({ actor, view, facts, label, children }: { actor: ActorRefFrom<TransferLogic<F>>; view: TransferView; facts: () => F; label: string; children: ReactNode }) {
  return (
    <>
      <TransferNotices actor={actor} />
      <form
        ref={view.formRef}
        noValidate
        className={styles.form}
        aria-busy={view.sending}
        onSubmit={(event) => {
          event.preventDefault();
          if (!view.sending) actor.send({ type: 'SUBMIT', facts: facts() });
        }}
      >
        {children}
        <ApprovalSubmit approval={view.approval} label={label} />
      </form>
      {view.approval ? <ApprovalDialog actor={view.approval} /> : null}
    </>
  );
}

/** One fact shown before submit (a term and its value). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The smallest and largest amount the service allows (transactionMaxAmount, 001 s5) and a button
 * that puts the largest in the amount field (002 s9 "Click max amount"). The amounts stay the
 * service's decimal strings.
 */
export function AmountRangeFact({ minAmount, maxAmount, currency, onUseMax, isDisabled }: { minAmount: string; maxAmount: string; currency: string; onUseMax: () => void; isDisabled?: boolean }) {
  const { t, i18n } = useLingui();
  const most = formatMoney(maxAmount, currency, i18n.locale);
  return (
    <Fact label={t`You can send`}>
      <span>{t`from ${formatMoney(minAmount, currency, i18n.locale)} to ${formatMoney(maxAmount, currency, i18n.locale)}`}</span>{' '}
      <Button variant="ghost" onPress={onUseMax} isDisabled={isDisabled} aria-label={t`Send the most: ${most}`}>
        {t`Send the most`}
      </Button>
    </Fact>
  );
}

/** A daily or monthly limit and what is used of it. */
export function LimitFact({ limit }: { limit: CustomerLimit }) {
  const { t, i18n } = useLingui();
  const used = formatMoney(limit.used, limit.currencyCode, i18n.locale);
  const of = formatMoney(limit.amount, limit.currencyCode, i18n.locale);
  return <Fact label={limit.period === 'daily' ? t`Daily limit` : t`Monthly limit`}>{t`${used} used of ${of}`}</Fact>;
}
