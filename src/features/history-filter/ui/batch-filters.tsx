import { useLingui } from '@lingui/react/macro';
import { fromPromise } from 'xstate';
import { batchFilterMachine } from '@machines/history/history-filter.machine';
import { BATCH_TYPE_LABELS, BATCH_TYPES, batchFilterFormValues, cleanBatchSearch, type BatchSearch } from '@machines/history/history.logic';
import { useFormMachine } from '@/shared/lib';
import { FilterActions, CheckboxGroup, TextField } from '@/shared/ui';
import styles from './history-filters.module.css';

export interface BatchFiltersProps {
  search: BatchSearch;
  /** The cleaned filter to put into the address. */
  onApply: (search: BatchSearch) => void;
}

/** Submitting only hands the values on: nothing is sent until the address changes. */
const filterLogic = batchFilterMachine.provide({ actors: { submit: fromPromise(async ({ input }) => input.values) } });

/**
 * The batch transfers filters (002 s5: search, types, from, to). Apply puts them into the address;
 * Clear removes them all. The page gives the form a new key when the address changes.
 */
export function BatchFilters({ search, onApply }: BatchFiltersProps) {
  const { t, i18n } = useLingui();
  const form = useFormMachine(
    filterLogic.provide({
      actions: {
        submitted: ({ context }) => onApply(cleanBatchSearch(context.values)),
      },
    }),
    { values: batchFilterFormValues(search) },
  );
  const types = form.field('types');
  return (
    <form {...form.formProps} className={styles.form} aria-label={t`Filters`}>
      <TextField {...form.field('search')} label={t`Search`} description={t`A batch's name.`} maxLength={100} />
      <CheckboxGroup
        label={t`Types`}
        options={BATCH_TYPES.map((id) => ({ id, label: i18n._(BATCH_TYPE_LABELS[id]) }))}
        value={types.value ? types.value.split(',') : []}
        onChange={(next) => types.onChange(next.join(','))}
      />
      <div className={styles.row}>
        <TextField {...form.field('from')} label={t`From`} type="date" />
        <TextField {...form.field('to')} label={t`To`} type="date" />
      </div>
      <FilterActions onClear={() => onApply({})} />
    </form>
  );
}
