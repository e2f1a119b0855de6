import { useLingui } from '@lingui/react/macro';
import { adminCustomerFilterMachine } from '@machines/company/admin-customer-filter.machine';
import { readAdminCustomerSearch, type AdminCustomerSearch } from '@machines/company/admin-customers.rules';
import { useFilterMachine } from '@/shared/lib';
import { Button, TextField } from '@/shared/ui';
import styles from './admin-customer-filter.module.css';

export interface AdminCustomerSearchFormProps {
  /** The address's search (the field starts from it and follows it when it changes). */
  search: AdminCustomerSearch;
  /** The search to put into the address, from the first page; `{}` clears it. */
  onApply: (next: AdminCustomerSearch) => void;
}

/**
 * The search of the administered customers (adminCustomerList search: a name or login e-mail in
 * part), on the filter statechart for the page's life: Search checks it (at most 100 characters)
 * and hands it on, Clear empties it; nothing is sent from here.
 */
export function AdminCustomerSearchForm({ search, onApply }: AdminCustomerSearchFormProps) {
  const { t } = useLingui();
  const text = search.search ?? '';
  const form = useFilterMachine(adminCustomerFilterMachine.provide({ actions: { applied: (_, values) => onApply(readAdminCustomerSearch({ search: values.search })) } }), {
    values: { search: text },
  });
  return (
    <form {...form.formProps} role="search" className={styles.search} aria-label={t`Search customers`}>
      <div className={styles.searchField}>
        <TextField {...form.field('search')} label={t`Name or e-mail`} type="search" autoComplete="off" spellCheck={false} />
      </div>
      <div className={styles.buttons}>
        <Button type="submit">{t`Search`}</Button>
        <Button variant="secondary" onPress={form.reset}>
          {t`Clear`}
        </Button>
      </div>
    </form>
  );
}
