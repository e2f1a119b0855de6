import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormValues } from '@machines/shared/form.machine';
import { ownTransferSources } from '@machines/transfers/own-transfer.logic';
import { emptyP2p, p2pFeeLookup, p2pPrefill, payeeQuery, type P2pFacts, type P2pValues, type PayeeFacts } from '@machines/transfers/p2p.logic';
import { AccountSelect, type Account, type RecentTransfer } from '@/entities/account';
import { p2pFeeQuery, payeeCheckLogic, PayeeNotes, type CustomerEmail, type P2pBeneficiary, type PayeeCheckLogic, type PaymentTemplate } from '@/entities/transfer';
import { formatMoney, uiMessageText } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, Checkbox, Money, Select, TextField } from '@/shared/ui';
import { p2pTransferLogic, useP2pTransferActor, type P2pTransferLogic } from '../model/p2p-transfer-actors';
import { trackAmountInput } from '../model/amount-analytics';
import { Fact, RecurringFields, TransferFormFrame, useTransferView } from './transfer-parts';
import styles from './own-transfer-form.module.css';

const today = () => new Date().toISOString().slice(0, 10);

export interface P2pTransferFormProps {
  accounts: readonly Account[];
  /** The customer's e-mails (fromEmailId). */
  emails: readonly CustomerEmail[];
  beneficiaries?: readonly P2pBeneficiary[] | undefined;
  templates?: readonly PaymentTemplate[] | undefined;
  /** Recent p2p transfers (001 s9: 5, disabled ones already hidden). */
  recent?: readonly RecentTransfer[] | undefined;
  /** First values (a recent transfer's) when no transfer was being sent. */
  prefill?: FormValues;
  logic?: P2pTransferLogic;
  payeeLogic?: PayeeCheckLogic;
}

/**
 * Peer-to-peer by e-mail (/transfer/p2p; 001 s3, s4, s5, s7): the account, the recipient's e-mail
 * checked as it is typed (who it is, an employee of a business, on the payout blacklist, nobody),
 * someone paid before or a template to start from, the amount with its fee (asked only above 0),
 * the e-mail the recipient sees, a note, a reference, a coupon, saving as a template, recurring
 * options; sent and confirmed through the approval statechart.
 */
export function P2pTransferForm({ accounts, emails, beneficiaries = [], templates = [], recent = [], prefill = {}, logic = p2pTransferLogic, payeeLogic = payeeCheckLogic }: P2pTransferFormProps) {
  const { t, i18n } = useLingui();
  const sources = ownTransferSources(accounts);
  const primary = emails.find((e) => e.isPrimary) ?? emails[0];
  const actor = useP2pTransferActor(logic, {
    ...(primary && emails.length > 1 ? { fromEmailId: String(primary.id) } : {}),
    ...prefill,
  });
  const view = useTransferView(actor);
  const { values, sending, change, error } = view;
  const payeeCheck = useActorRef(payeeLogic, {
    input: { query: payeeQuery(values.toEmail ?? '') },
    ...inspectOptions(),
  });
  const payee = useSelector(payeeCheck, (s) => (s.hasTag('known') ? (s.context.result as PayeeFacts) : null));

  const form: P2pValues = { ...emptyP2p, ...values };
  const from = sources.find((a) => String(a.accountId) === form.accountId);
  const feeArgs = p2pFeeLookup(form, sources);
  const fee = useQuery({
    ...p2pFeeQuery(feeArgs?.amount ?? '', feeArgs?.accountId ?? 0),
    enabled: feeArgs !== null,
  });
  const facts = (): P2pFacts => ({
    accounts: sources,
    payee,
    emails,
    fee: feeArgs ? (fee.data?.fee ?? null) : null,
    today: today(),
  });

  const typeEmail = (email: string) => {
    change('toEmail')(email);
    payeeCheck.send({ type: 'QUERY', query: payeeQuery(email) });
  };
  const fill = (source: Parameters<typeof p2pPrefill>[0]) => {
    const filled = p2pPrefill(source, sources);
    for (const [name, value] of Object.entries(filled)) if (name !== 'toEmail') change(name)(value);
    if (filled.toEmail) typeEmail(filled.toEmail);
  };

  if (sources.length === 0) return <p className={styles.text}>{t`You have no open account to send from.`}</p>;
  return (
    <TransferFormFrame actor={actor} view={view} facts={facts} label={t`Send`}>
      {templates.length > 0 || beneficiaries.length > 0 || recent.length > 0 ? (
        <div className={styles.starters}>
          {templates.length > 0 ? (
            <Select
              label={t`Start from a template`}
              placeholder={t`Choose…`}
              options={templates.map((tpl) => ({
                id: String(tpl.id),
                label: tpl.name,
              }))}
              selectedKey={null}
              onSelectionChange={(id) => {
                const tpl = templates.find((x) => String(x.id) === id);
                if (tpl) fill(tpl);
              }}
              isDisabled={sending}
            />
          ) : null}
          {recent.length > 0 ? (
            <Select
              label={t`Send again`}
              placeholder={t`Choose…`}
              options={recent.map((r) => ({ id: String(r.transactionId), label: r.amount && r.currencyCode ? `${r.name} · ${formatMoney(r.amount, r.currencyCode, i18n.locale)}` : r.name }))}
              selectedKey={null}
              onSelectionChange={(id) => {
                const item = recent.find((r) => String(r.transactionId) === id);
                if (item) fill({ toEmail: item.email, amount: item.amount, currencyCode: item.currencyCode });
              }}
              isDisabled={sending}
            />
          ) : null}
          {beneficiaries.length > 0 ? (
            <Select
              label={t`Someone you paid before`}
              placeholder={t`Choose…`}
              options={beneficiaries.map((b) => ({
                id: b.email,
                label: `${b.name} · ${b.email}`,
              }))}
              selectedKey={null}
              onSelectionChange={(email) => typeEmail(email)}
              isDisabled={sending}
            />
          ) : null}
        </div>
      ) : null}
      <AccountSelect label={t`From account`} accounts={sources} value={form.accountId} onChange={change('accountId')} errorMessage={error('accountId')} isDisabled={sending} />
      <TextField label={t`Recipient's e-mail`} type="email" value={form.toEmail} onChange={typeEmail} errorMessage={error('toEmail')} autoComplete="off" isRequired isDisabled={sending} />
      <PayeeNotes check={payeeCheck} email={form.toEmail} hasError={Boolean(error('toEmail'))} purpose="transfer" />
      <TextField
        label={from ? t`Amount (${from.currencyCode})` : t`Amount`}
        value={form.amount}
        onChange={change('amount')}
        onBlur={(event) => trackAmountInput('p2p', event.currentTarget.value)}
        errorMessage={error('amount')}
        inputMode="decimal"
        autoComplete="off"
        isRequired
        isDisabled={sending}
      />
      <dl className={styles.facts} aria-live="polite">
        {feeArgs && from ? (
          <Fact label={t`Fee`}>{fee.data ? <Money amount={fee.data.fee} currency={fee.data.currencyCode || from.currencyCode} /> : fee.isError ? t`Not available right now` : t`Working it out…`}</Fact>
        ) : null}
      </dl>
      {emails.length > 1 ? (
        <Select
          label={t`The recipient sees my e-mail`}
          options={emails.map((e) => ({ id: String(e.id), label: e.email }))}
          selectedKey={form.fromEmailId || null}
          onSelectionChange={change('fromEmailId')}
          errorMessage={error('fromEmailId')}
          isDisabled={sending}
        />
      ) : null}
      <TextField label={t`Note to the recipient (optional)`} value={form.note} onChange={change('note')} errorMessage={error('note')} maxLength={255} autoComplete="off" isDisabled={sending} />
      <TextField label={t`Reference (optional)`} value={form.reference} onChange={change('reference')} errorMessage={error('reference')} maxLength={140} autoComplete="off" isDisabled={sending} />
      <TextField label={t`Coupon code (optional)`} value={form.couponCode} onChange={change('couponCode')} errorMessage={error('couponCode')} maxLength={32} autoComplete="off" isDisabled={sending} />
      <Checkbox isSelected={form.saveTemplate === 'true'} onChange={(on) => change('saveTemplate')(on ? 'true' : '')} isDisabled={sending}>
        {t`Save as a template`}
      </Checkbox>
      {form.saveTemplate === 'true' ? (
        <TextField
          label={t`Template name`}
          value={form.templateName}
          onChange={change('templateName')}
          errorMessage={error('templateName')}
          maxLength={60}
          autoComplete="off"
          isRequired
          isDisabled={sending}
        />
      ) : null}
      <RecurringFields view={view} />
    </TransferFormFrame>
  );
}
