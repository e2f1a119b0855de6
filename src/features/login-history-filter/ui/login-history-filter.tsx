import { useLingui } from '@lingui/react/macro';
import { loginHistoryFilterMachine } from '@machines/settings/login-history-filter.machine';
import { readLoginHistorySearch, type LoginHistorySearch } from '@machines/settings/login-history.rules';
import { useFilterMachine } from '@/shared/lib';
import { Button, TextField } from '@/shared/ui';
import styles from './login-history-filter.module.css';

export interface LoginHistoryFilterProps {
  /** The dates in the address (the filter starts from them and follows them when they change). */
  search: LoginHistorySearch;
  /** The dates to put into the address from the first page; `{}` clears them. */
  onApply: (next: LoginHistorySearch) => void;
}

/**
 * The login history's dates (001 s7 login history: fromDate, toDate), on the filter statechart for
 * the page's life: Apply checks them (a real day each, the end not before the start) and hands
 * them on, Clear empties them; nothing is sent from here.
 */
export function LoginHistoryFilter({ search, onApply }: LoginHistoryFilterProps) {
  const { t } = useLingui();
  const fromDate = search.fromDate ?? '';
  const toDate = search.toDate ?? '';
  const form = useFilterMachine(
    loginHistoryFilterMachine.provide({
      actions: { applied: (_, values) => onApply(readLoginHistorySearch({ fromDate: values.fromDate, toDate: values.toDate })) },
    }),
    { values: { fromDate, toDate } },
  );
  return (
    <form {...form.formProps} className={styles.filter} aria-label={t`Dates`}>
      <div className={styles.dates}>
        <TextField {...form.field('fromDate')} label={t`From`} type="date" />
        <TextField {...form.field('toDate')} label={t`To`} type="date" />
      </div>
      <div className={styles.buttons}>
        <Button type="submit">{t`Apply`}</Button>
        <Button variant="secondary" onPress={form.reset}>
          {t`Clear`}
        </Button>
      </div>
    </form>
  );
}
