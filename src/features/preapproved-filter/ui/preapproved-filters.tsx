import { useLingui } from '@lingui/react/macro';
import { fromPromise } from 'xstate';
import type { FormValues } from '@machines/shared/form.machine';
import { cleanPreapprovedSearch, PREAPPROVED_TYPE_LABELS, PREAPPROVED_TYPES, type PreapprovedSearch } from '@machines/transfers/preapproved.logic';
import { preapprovedFilterMachine } from '@machines/transfers/preapproved-filter.machine';
import { useFormMachine } from '@/shared/lib';
import { FilterActions, FormAlert, Select, TextField } from '@/shared/ui';
import styles from './preapproved-filters.module.css';

export interface PreapprovedFiltersProps {
  /** The filter in the address (the form starts from it; a new one starts the form again: key it). */
  search: PreapprovedSearch;
  /** The cleaned filter to put into the address; `{}` clears it. */
  onFilter: (search: PreapprovedSearch) => void;
}

/**
 * The preapproved payments filter (001 s3): recipient's e-mail, type, amount from and to, checked
 * first; Apply hands the cleaned filter on (nothing is sent from here), Clear empties it.
 */
export function PreapprovedFilters({ search, onFilter }: PreapprovedFiltersProps) {
  const { t, i18n } = useLingui();
  const form = useFormMachine(
    preapprovedFilterMachine.provide({
      actors: {
        submit: fromPromise<unknown, { values: FormValues }>(async ({ input }) => {
          onFilter(cleanPreapprovedSearch(input.values));
          return null;
        }),
      },
    }),
    { values: { beneficiaryEmail: search.beneficiaryEmail ?? '', type: search.type ?? '', fromAmount: search.fromAmount ?? '', toAmount: search.toAmount ?? '' } },
  );
  return (
    <form {...form.formProps} className={styles.filters} aria-label={t`Filters`}>
      <TextField {...form.field('beneficiaryEmail')} label={t`Recipient's e-mail`} autoComplete="off" />
      <Select
        label={t`Type`}
        placeholder={t`Any type`}
        placeholderSelectable
        options={PREAPPROVED_TYPES.map((type) => ({ id: type, label: i18n._(PREAPPROVED_TYPE_LABELS[type]) }))}
        selectedKey={form.values.type || ''}
        onSelectionChange={(value) => form.actor.send({ type: 'CHANGE', name: 'type', value })}
      />
      <TextField {...form.field('fromAmount')} label={t`Amount from`} inputMode="decimal" autoComplete="off" />
      <TextField {...form.field('toAmount')} label={t`Amount to`} inputMode="decimal" autoComplete="off" />
      {form.formErrorText ? <FormAlert>{form.formErrorText}</FormAlert> : null}
      <FilterActions className={styles.buttons} onClear={Object.keys(search).length > 0 ? () => onFilter({}) : null} />
    </form>
  );
}
