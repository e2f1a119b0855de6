import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { invoiceFilterMachine } from '@machines/invoices/invoice-forms';
import { emailFieldOf, INVOICE_STATUS_IDS, readInvoiceSearch, tabOf, type InvoiceSearch, type InvoiceTab } from '@machines/invoices/invoice-search';
import { useFilterMachine } from '@/shared/lib';
import { FilterActions, Select, TextField } from '@/shared/ui';
import styles from './invoice-filter.module.css';

/** A status by name (the filter's choices; the lists show the service's own words). 1 reads from each side. */
const STATUS_TEXTS: Record<InvoiceTab, Record<number, MessageDescriptor>> = {
  received: { 1: msg`Unpaid`, 2: msg`Paid`, 3: msg`Rejected`, 4: msg`Payment pending` },
  sent: { 1: msg`Awaiting payment`, 2: msg`Paid`, 3: msg`Rejected`, 4: msg`Payment pending` },
};
export const invoiceStatusName = (tab: InvoiceTab, statusId: number) => STATUS_TEXTS[tab][statusId] ?? null;

const formValues = (search: InvoiceSearch) => ({
  status: search.status ? String(search.status) : '',
  fromDate: search.fromDate ?? '',
  toDate: search.toDate ?? '',
  fromAmount: search.fromAmount ?? '',
  toAmount: search.toAmount ?? '',
  email: search[emailFieldOf(tabOf(search))] ?? '',
});

export interface InvoiceFilterProps {
  /** The address's search (the filter starts from it and follows it when it changes). */
  search: InvoiceSearch;
  /** The cleaned filter to put into the address (same tab, first page); a cleared one keeps only the tab. */
  onApply: (next: InvoiceSearch) => void;
}

/**
 * The invoice lists' filter (001 s7: status, fromDate, toDate, fromAmount, toAmount, and the other
 * party's e-mail: payeeEmail on Received, payerEmail on Sent), on the filter statechart for the
 * page's life: Apply checks the ranges and hands the filter on, Clear empties it.
 */
export function InvoiceFilter({ search, onApply }: InvoiceFilterProps) {
  const { t, i18n } = useLingui();
  const tab = tabOf(search);
  const values = formValues(search);
  const form = useFilterMachine(
    invoiceFilterMachine.provide({
      actions: {
        applied: (_, applied) => {
          const next = readInvoiceSearch({ ...applied, tab, [emailFieldOf(tab)]: applied.email ?? '' });
          onApply(next);
        },
      },
    }),
    { values },
  );
  const status = form.field('status');
  return (
    <form {...form.formProps} className={styles.filter} aria-label={t`Filters`}>
      <div className={styles.fields}>
        <Select
          label={t`Status`}
          placeholder={t`Any status`}
          placeholderSelectable
          options={INVOICE_STATUS_IDS.map((id) => ({ id: String(id), label: i18n._(STATUS_TEXTS[tab][id]!) }))}
          selectedKey={status.value || ''}
          onSelectionChange={status.onChange}
        />
        <TextField {...form.field('email')} label={tab === 'received' ? t`Sender's e-mail` : t`Payer's e-mail`} autoComplete="off" />
        <TextField {...form.field('fromDate')} label={t`Sent from`} type="date" />
        <TextField {...form.field('toDate')} label={t`Sent to`} type="date" />
        <TextField {...form.field('fromAmount')} label={t`Amount from`} inputMode="decimal" autoComplete="off" />
        <TextField {...form.field('toAmount')} label={t`Amount to`} inputMode="decimal" autoComplete="off" />
      </div>
      <FilterActions onClear={form.reset} />
    </form>
  );
}
