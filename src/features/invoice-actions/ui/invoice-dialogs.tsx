import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type Actor, type AnyActorRef } from 'xstate';
import { coversTotal, invoiceActions, invoiceTotal, payingAccounts } from '@machines/invoices/invoice.rules';
import { payeeQuery } from '@machines/transfers/p2p.logic';
import type { InvoiceTab } from '@machines/invoices/invoice-search';
import type { invoicePayMachine } from '@machines/invoices/invoice-pay.machine';
import type { InvoicesLogic } from '../model/invoice-actors';
import type { FormMachine } from '@machines/shared/form.machine';
import { taskMachine } from '@machines/shared/task.machine';
import { AccountSelect, type Account } from '@/entities/account';
import { ApprovalDialog, ApprovalSubmit, type ApprovalActor } from '@/entities/approval';
import { fetchInvoicePdf, invoiceQuery, InvoiceStatus, type Invoice } from '@/entities/invoice';
import { payeeCheckLogic, PayeeNotes, type PayeeCheckLogic } from '@/entities/transfer';
import { asUiMessage } from '@/shared/api';
import { formatDate, formatDateTime, uiMessageText, useFormView } from '@/shared/lib';
import { inspectOptions, saveFile, useMobileApp } from '@/shared/model';
import { Button, Dialog, FormAlert, FormDialog, Money, Select, TaskButton, TextArea, TextField } from '@/shared/ui';
import styles from './invoice-dialogs.module.css';

export type InvoicesActor = Actor<InvoicesLogic>;

/** The invoice's PDF (urlPdf) fetched and handed over as a file (the mobile wrapper's download inside the app). */
export function InvoicePdfButton({ invoice, children }: { invoice: Pick<Invoice, 'id' | 'urlPdf'>; children: ReactNode }) {
  const mobileApp = useMobileApp();
  const [logic] = useState(() =>
    taskMachine.provide({
      actors: {
        run: fromPromise(() =>
          asUiMessage(async () => {
            const { blob, fileName } = await fetchInvoicePdf(invoice);
            await saveFile(blob, fileName, mobileApp);
          }),
        ),
      },
    }),
  );
  return <TaskButton logic={logic}>{children}</TaskButton>;
}

export interface InvoiceDialogsProps {
  actor: InvoicesActor;
  tab: InvoiceTab;
  /** The invoices on screen (the view starts from its row, then reads it again). */
  invoices: readonly Invoice[];
  accounts: readonly Account[];
  today: string;
  /** The payee check of the create popup's e-mail (stories give it a fake call). */
  payeeLogic?: PayeeCheckLogic;
}

/**
 * The invoices page's popups (001 s2: invoice create, pay, view, reject; the funding invoice), one
 * at a time as the invoices statechart says (tags); each form is its child statechart's view.
 */
export function InvoiceDialogs({ actor, tab, invoices, accounts, today, payeeLogic = payeeCheckLogic }: InvoiceDialogsProps) {
  const state = useSelector(actor, (s) => (['viewing', 'creating', 'paying', 'rejecting', 'funding', 'result'] as const).find((tag) => s.hasTag(tag)) ?? null);
  const invoiceId = useSelector(actor, (s) => s.context.invoiceId);
  const form = useSelector(actor, (s) => s.children.form as AnyActorRef | undefined) as Actor<FormMachine> | undefined;
  const pay = useSelector(actor, (s) => s.children.pay as AnyActorRef | undefined) as Actor<typeof invoicePayMachine> | undefined;
  const close = () => actor.send({ type: 'CLOSE' });
  const row = invoices.find((invoice) => invoice.id === invoiceId) ?? null;
  if (state === 'viewing' && invoiceId !== null) return <ViewDialog invoiceId={invoiceId} row={row} tab={tab} today={today} actor={actor} onClose={close} />;
  if (state === 'creating' && form) return <CreateDialog form={form} payeeLogic={payeeLogic} onClose={close} />;
  if (state === 'rejecting' && form) return <RejectDialog form={form} invoice={row} onClose={close} />;
  if (state === 'funding' && form) return <FundingDialog form={form} onClose={close} />;
  if (state === 'paying' && pay) return <PayDialog pay={pay} accounts={accounts} invoice={row} onClose={close} />;
  if (state === 'result') return <ResultDialog actor={actor} onClose={close} />;
  return null;
}

/** What to send the pay popup: the invoice's own amount, currency and payee. */
const toPay = (invoice: Invoice) => ({ invoiceId: invoice.id, amount: invoice.amount, currencyCode: invoice.currencyCode, payeeEmail: invoice.payeeEmail });

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Everything the invoice says (001 s3), the names and e-mails and notes as text. */
export function InvoiceDetails({ invoice, today }: { invoice: Invoice; today: string }) {
  const { t, i18n } = useLingui();
  return (
    <dl className={styles.details}>
      <Detail label={t`Status`}>
        <InvoiceStatus invoice={invoice} today={today} />
      </Detail>
      <Detail label={t`From`}>
        {invoice.payeeName} <span className={styles.muted}>{invoice.payeeEmail}</span>
        {invoice.payeeAccountId ? <span className={styles.muted}> · {t`Account No. ${invoice.payeeAccountId}`}</span> : null}
      </Detail>
      <Detail label={t`To`}>
        {invoice.payerName} <span className={styles.muted}>{invoice.payerEmail}</span>
        {invoice.payerAccountId ? <span className={styles.muted}> · {t`Account No. ${invoice.payerAccountId}`}</span> : null}
      </Detail>
      <Detail label={t`Amount`}>
        <Money amount={invoice.amount} currency={invoice.currencyCode} />
      </Detail>
      <Detail label={t`Fee`}>
        <Money amount={invoice.feePayment} currency={invoice.currencyCode} />
      </Detail>
      <Detail label={t`Total`}>
        <Money amount={invoice.total} currency={invoice.currencyCode} />
      </Detail>
      <Detail label={t`Due`}>
        <time dateTime={invoice.dueDate}>{formatDate(invoice.dueDate, i18n.locale)}</time>
      </Detail>
      <Detail label={t`Sent`}>
        <time dateTime={invoice.sentDate}>{formatDateTime(invoice.sentDate, i18n.locale)}</time>
      </Detail>
      <Detail label={t`Last change`}>
        <time dateTime={invoice.updatedDate}>{formatDateTime(invoice.updatedDate, i18n.locale)}</time>
      </Detail>
      {invoice.isFunding ? <Detail label={t`Kind`}>{t`Funding invoice`}</Detail> : invoice.isSystem ? <Detail label={t`Kind`}>{t`From the service`}</Detail> : null}
      {invoice.noteBody ? <Detail label={t`Note`}>{invoice.noteBody}</Detail> : null}
      {invoice.rejectionNote ? <Detail label={t`Why it was rejected`}>{invoice.rejectionNote}</Detail> : null}
    </dl>
  );
}

function ViewDialog({ invoiceId, row, tab, today, actor, onClose }: { invoiceId: number; row: Invoice | null; tab: InvoiceTab; today: string; actor: InvoicesActor; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const query = useQuery({ ...invoiceQuery(invoiceId), ...(row ? { placeholderData: row } : {}) });
  const invoice = query.data ?? row;
  const actions = invoice ? invoiceActions(tab, invoice) : null;
  return (
    <Dialog isOpen onClose={onClose} title={t`Invoice No. ${invoiceId}`}>
      <div className={styles.body}>
        {query.isError && !invoice ? <FormAlert>{t`This invoice could not be loaded.`}</FormAlert> : null}
        {invoice ? <InvoiceDetails invoice={invoice} today={today} /> : <p role="status">{t`Loading…`}</p>}
        <div className={styles.buttons}>
          {invoice ? <InvoicePdfButton invoice={invoice}>{t`Download PDF`}</InvoicePdfButton> : null}
          {invoice && actions?.reject ? (
            <Button variant="secondary" onPress={() => actor.send({ type: 'REJECT', invoiceId: invoice.id, values: { note: '', invoiceId: String(invoice.id) } })}>
              {t`Reject`}
            </Button>
          ) : null}
          {invoice && actions?.pay ? <Button onPress={() => actor.send({ type: 'PAY', invoice: toPay(invoice) })}>{t`Pay`}</Button> : null}
          <Button variant="secondary" onPress={onClose}>
            {t`Close`}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}


function CreateDialog({ form, payeeLogic, onClose }: { form: Actor<FormMachine>; payeeLogic: PayeeCheckLogic; onClose: () => void }) {
  const { t } = useLingui();
  const view = useFormView(form);
  // Who is asked to pay, checked as the e-mail is typed: an unknown customer, a blacklisted e-mail or
  // an employee is said before sending (the service refuses the unknown and the employee).
  const payeeCheck = useActorRef(payeeLogic, { input: { query: payeeQuery(view.values.toEmail ?? '') }, ...inspectOptions() });
  const toEmail = view.field('toEmail');
  // The currencies it may be asked in came with the form's facts (invoiceCurrencies).
  const currencies = (view.values.currencies ?? '').split('\n').filter(Boolean);
  const currency = view.field('currency');
  return (
    <FormDialog view={view} title={t`New invoice`} submitLabel={t`Send invoice`} onCancel={onClose}>
      <TextField
        {...toEmail}
        onChange={(email: string) => {
          toEmail.onChange(email);
          payeeCheck.send({ type: 'QUERY', query: payeeQuery(email) });
        }}
        label={t`E-mail of the customer who pays`}
        type="email"
        autoComplete="off"
        isRequired
      />
      <PayeeNotes check={payeeCheck} email={toEmail.value} hasError={Boolean(toEmail.errorMessage)} purpose="invoice" />
      <Select label={t`Currency`} options={currencies.map((code) => ({ id: code, label: code }))} selectedKey={currency.value || null} onSelectionChange={currency.onChange} errorMessage={currency.errorMessage} isRequired />
      <TextField {...view.field('amount')} label={t`Amount`} inputMode="decimal" autoComplete="off" isRequired />
      <TextField {...view.field('dueDate')} label={t`Due date`} type="date" isRequired />
      <TextArea {...view.field('noteBody')} label={t`Note (optional)`} description={t`The customer sees it on the invoice. Up to 500 characters.`} rows={3} />
    </FormDialog>
  );
}

function RejectDialog({ form, invoice, onClose }: { form: Actor<FormMachine>; invoice: Invoice | null; onClose: () => void }) {
  const { t } = useLingui();
  const view = useFormView(form);
  return (
    <FormDialog view={view} title={t`Reject invoice`} submitLabel={t`Reject invoice`} onCancel={onClose}>
      {invoice ? (
        <p className={styles.text}>
          {invoice.payeeName} · <Money amount={invoice.amount} currency={invoice.currencyCode} />
        </p>
      ) : null}
      <TextArea {...view.field('note')} label={t`Note to the sender (optional)`} description={t`Up to 500 characters.`} rows={3} />
    </FormDialog>
  );
}

function FundingDialog({ form, onClose }: { form: Actor<FormMachine>; onClose: () => void }) {
  const { t } = useLingui();
  const view = useFormView(form);
  const currency = view.values.currency ?? '';
  return (
    <FormDialog view={view} title={t`Funding invoice`} submitLabel={t`Create invoice`} onCancel={onClose}>
      <p className={styles.text}>{t`We make an invoice to add money to your account by bank transfer. Its PDF has the payment details.`}</p>
      <TextField {...view.field('amount')} label={currency ? t`Amount (${currency})` : t`Amount`} inputMode="decimal" autoComplete="off" isRequired />
    </FormDialog>
  );
}

function PayDialog({ pay, accounts, invoice, onClose }: { pay: Actor<typeof invoicePayMachine>; accounts: readonly Account[]; invoice: Invoice | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const context = useSelector(pay, (s) => s.context);
  const quoting = useSelector(pay, (s) => s.hasTag('quoting'));
  const feeFailed = useSelector(pay, (s) => s.hasTag('feeFailed'));
  const ready = useSelector(pay, (s) => s.hasTag('ready'));
  const paying = useSelector(pay, (s) => s.hasTag('paying'));
  const outcome = useSelector(pay, (s) => s.context.outcome);
  const approval = useSelector(pay, (s) => s.children.approval as AnyActorRef | undefined) as ApprovalActor | undefined;
  // The approval's own popup (a code, a push, the result) takes over; its submit failing stays here.
  const approvalPopup = useSelector(approval, (s) => s?.hasTag('popup') ?? false);
  const submitFailed = useSelector(approval, (s) => s?.hasTag('submitFailed') ?? false);
  const { amount, currencyCode } = context.invoice;
  const offered = payingAccounts(accounts, { amount, currencyCode });
  const chosen = offered.find((account) => account.accountId === context.accountId) ?? null;
  const enough = chosen !== null && context.fee !== null && coversTotal(chosen.balance, amount, context.fee);
  return (
    <>
      <Dialog isOpen={!approvalPopup} onClose={onClose} title={t`Pay invoice`}>
        <div className={styles.body}>
          {invoice ? (
            <p className={styles.text}>
              {invoice.payeeName} <span className={styles.muted}>{invoice.payeeEmail}</span>
            </p>
          ) : null}
          <dl className={styles.details}>
            <Detail label={t`Amount`}>
              <Money amount={amount} currency={currencyCode} />
            </Detail>
            <Detail label={t`Fee`}>{context.fee !== null ? <Money amount={context.fee} currency={currencyCode} /> : quoting ? t`Working it out…` : '—'}</Detail>
            <Detail label={t`Total`}>{context.fee !== null ? <Money amount={invoiceTotal(amount, context.fee)} currency={currencyCode} /> : '—'}</Detail>
          </dl>
          {offered.length === 0 ? (
            <FormAlert>{t`None of your ${currencyCode} accounts has enough money to pay this invoice.`}</FormAlert>
          ) : (
            <AccountSelect
              label={t`Pay from`}
              accounts={offered}
              value={context.accountId !== null ? String(context.accountId) : ''}
              onChange={(id) => pay.send({ type: 'CHOOSE', accountId: Number(id) })}
              errorMessage={chosen && context.fee !== null && !enough ? t`This account does not have enough money for the amount and the fee.` : null}
              isDisabled={paying}
            />
          )}
          {feeFailed ? (
            <FormAlert>
              {uiMessageText(i18n, context.error)}{' '}
              <Button variant="secondary" onPress={() => pay.send({ type: 'RETRY' })}>
                {t`Try again`}
              </Button>
            </FormAlert>
          ) : null}
          {outcome === 'failed' || outcome === 'rejected' ? <FormAlert>{t`The invoice was not paid. You can try again.`}</FormAlert> : null}
          {submitFailed ? (
            // A 500 or a lost reply: the same payment sent again (same requestId: paid once), or changed.
            <ApprovalSubmit approval={approval} label={t`Pay`} />
          ) : (
            <div className={styles.buttons}>
              <Button variant="secondary" onPress={onClose}>
                {t`Cancel`}
              </Button>
              <Button isDisabled={!ready || !enough} isPending={paying} onPress={() => pay.send({ type: 'PAY', enough })}>
                {t`Pay`}
              </Button>
            </div>
          )}
        </div>
      </Dialog>
      {approval && approvalPopup ? <ApprovalDialog actor={approval} /> : null}
    </>
  );
}

function ResultDialog({ actor, onClose }: { actor: InvoicesActor; onClose: () => void }) {
  const { t } = useLingui();
  const done = useSelector(actor, (s) => s.context.done);
  const result = useSelector(actor, (s) => s.context.result) as Invoice | null;
  const text =
    done === 'created'
      ? t`Invoice sent. The customer is told and can pay it.`
      : done === 'rejected'
        ? t`Invoice rejected. The sender sees your note.`
        : t`Funding invoice created. Pay it by bank transfer to the details on its PDF.`;
  return (
    <Dialog isOpen onClose={onClose} title={done === 'funded' ? t`Funding invoice` : t`Invoices`}>
      <div className={styles.body}>
        <p role="status" className={styles.text}>
          {text}
        </p>
        <div className={styles.buttons}>
          {done === 'funded' && result?.urlPdf ? <InvoicePdfButton invoice={result}>{t`Download PDF`}</InvoicePdfButton> : null}
          <Button onPress={onClose}>{t`Close`}</Button>
        </div>
      </div>
    </Dialog>
  );
}
