import { useLingui } from '@lingui/react/macro';
import { fromPromise } from 'xstate';
import { historyFilterMachine } from '@machines/history/history-filter.machine';
import { TRANSACTION_STATUS_LABELS, TRANSACTION_STATUSES, TRANSACTION_TYPE_LABELS, TRANSACTION_TYPES, cleanHistorySearch, filterFormValues, type HistorySearch } from '@machines/history/history.logic';
import { useFormMachine } from '@/shared/lib';
import { FilterActions, Select, TextField } from '@/shared/ui';
import styles from './history-filters.module.css';

export interface HistoryFiltersProps {
  search: HistorySearch;
  /** The cleaned filter to put into the address. */
  onApply: (search: HistorySearch) => void;
}

/** Submitting only hands the values on: nothing is sent until the address changes. */
const filterLogic = historyFilterMachine.provide({ actors: { submit: fromPromise(async ({ input }) => input.values) } });

/**
 * The history filters (001 s3: keyword, type, direction, status, dates, amounts, e-mail). Apply
 * puts them into the address (the list follows it); Clear removes them all but the account. The
 * page gives the form a new key when the address changes, so it always starts from the address.
 */
export function HistoryFilters({ search, onApply }: HistoryFiltersProps) {
  const { t, i18n } = useLingui();
  const form = useFormMachine(
    filterLogic.provide({
      actions: {
        submitted: ({ context }) => onApply(cleanHistorySearch({ ...context.values, accountId: search.accountId })),
      },
    }),
    { values: filterFormValues(search) },
  );
  const type = form.field('transactionType');
  const direction = form.field('transactionDirection');
  const status = form.field('status');
  return (
    <form {...form.formProps} className={styles.form} aria-label={t`Filters`}>
      <TextField {...form.field('keyword')} label={t`Keyword`} description={t`A name, an e-mail or a kind of transfer.`} maxLength={100} />
      <div className={styles.row}>
        <Select
          label={t`Type`}
          placeholder={t`Any type`}
          options={TRANSACTION_TYPES.map((id) => ({ id, label: i18n._(TRANSACTION_TYPE_LABELS[id]) }))}
          placeholderSelectable
          selectedKey={type.value}
          onSelectionChange={type.onChange}
        />
        <Select
          label={t`Direction`}
          placeholder={t`In and out`}
          placeholderSelectable
          options={[
            { id: 'in', label: t`Money in` },
            { id: 'out', label: t`Money out` },
          ]}
          selectedKey={direction.value}
          onSelectionChange={direction.onChange}
        />
        <Select
          label={t`Status`}
          placeholder={t`Any status`}
          options={TRANSACTION_STATUSES.map((id) => ({ id, label: i18n._(TRANSACTION_STATUS_LABELS[id]) }))}
          placeholderSelectable
          selectedKey={status.value}
          onSelectionChange={status.onChange}
        />
      </div>
      <div className={styles.row}>
        <TextField {...form.field('fromDate')} label={t`From`} type="date" />
        <TextField {...form.field('toDate')} label={t`To`} type="date" />
      </div>
      <div className={styles.row}>
        <TextField {...form.field('fromAmount')} label={t`Smallest amount`} inputMode="decimal" autoComplete="off" />
        <TextField {...form.field('toAmount')} label={t`Largest amount`} inputMode="decimal" autoComplete="off" />
      </div>
      <TextField {...form.field('email')} label={t`E-mail`} type="email" autoComplete="off" />
      <FilterActions onClear={() => onApply(search.accountId ? { accountId: search.accountId } : {})} />
    </form>
  );
}
