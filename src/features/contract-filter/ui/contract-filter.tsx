import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { contractFilterMachine, ORDER_CHOICES, orderChoiceOf, readContractSearch, withOrderChoice, type ContractSearch, type OrderChoice } from '@machines/contracts/contract-search';
import { useFilterMachine } from '@/shared/lib';
import { FilterActions, Select, TextField } from '@/shared/ui';
import styles from './contract-filter.module.css';

export interface ContractFilterProps {
  /** The address's search (the filter starts from it and follows it when it changes). */
  search: ContractSearch;
  /** The cleaned search to put into the address (the tab and the order kept). */
  onApply: (next: ContractSearch) => void;
}

/**
 * The contract list's filter (000 s7 GET /contract: companyName, counterpartyName, parts of either
 * name in any case), on the filter statechart for the page's life: Apply checks the lengths and
 * hands the names on (the tab and the order stay), Clear empties them.
 */
export function ContractFilter({ search, onApply }: ContractFilterProps) {
  const { t } = useLingui();
  const form = useFilterMachine(
    contractFilterMachine.provide({
      actions: {
        applied: (_, applied) => onApply(readContractSearch({ ...search, companyName: applied.companyName ?? '', counterpartyName: applied.counterpartyName ?? '' })),
      },
    }),
    { values: { companyName: search.companyName ?? '', counterpartyName: search.counterpartyName ?? '' } },
  );
  return (
    <form {...form.formProps} className={styles.filter} aria-label={t`Filters`}>
      <div className={styles.fields}>
        <TextField {...form.field('companyName')} label={t`Company`} autoComplete="off" />
        <TextField {...form.field('counterpartyName')} label={t`Other party`} autoComplete="off" />
      </div>
      <FilterActions onClear={form.reset} />
    </form>
  );
}

/** The orders the list offers (000 s7 orderBy and orderDir), newest first by default. */
const ORDER_LABELS: Readonly<Record<OrderChoice, MessageDescriptor>> = {
  newest: msg`Newest first`,
  oldest: msg`Oldest first`,
  company: msg`Company, A to Z`,
  companyDesc: msg`Company, Z to A`,
  incoming: msg`Waiting for my signature first`,
};

/** The list's order: a choice puts it into the address at once (the tab and the names stay). */
export function ContractOrder({ search, onChange }: { search: ContractSearch; onChange: (next: ContractSearch) => void }) {
  const { t, i18n } = useLingui();
  return (
    <Select
      label={t`Order`}
      options={ORDER_CHOICES.map((choice) => ({ id: choice, label: i18n._(ORDER_LABELS[choice]) }))}
      selectedKey={orderChoiceOf(search)}
      onSelectionChange={(id) => {
        const choice = ORDER_CHOICES.find((one) => one === id);
        if (choice) onChange(withOrderChoice(search, choice));
      }}
    />
  );
}
