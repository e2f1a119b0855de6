import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { accountKind } from '@machines/accounts/account.logic';
import { formatMoney } from '@/shared/lib';
import { Select } from '@/shared/ui';
import type { Account } from '../api/accounts';
import styles from './account-select.module.css';

const KIND_LABELS: Record<string, MessageDescriptor> = {
  payment: msg`Payment account`,
  prepayment: msg`Prepayment account`,
  receiving: msg`Receiving account`,
  card: msg`Card`,
};

/** An account as a choice: its kind (or a card's name), currency, number and balance. */
export function useAccountOption() {
  const { t, i18n } = useLingui();
  return (a: Account) => {
    const kind = accountKind(a.type);
    const name = kind === 'card' && a.cardAliasName ? a.cardAliasName : i18n._(KIND_LABELS[kind] ?? KIND_LABELS.payment!);
    return { id: String(a.accountId), label: t`${name} ${a.currencyCode} · No. ${a.accountId} · ${formatMoney(a.balance, a.currencyCode, i18n.locale)}` };
  };
}

/**
 * A required choice among accounts, labelled the same way on every money form. A closed select
 * shows one line, which a narrow screen cuts ("Conta de pagamentos EUR · N.º 512" without the
 * balance); so the chosen account is also written out whole under it, wrapping as it needs
 * (hidden from screen readers, which read the select's value already).
 */
export function AccountSelect({
  label,
  accounts,
  value,
  onChange,
  errorMessage,
  isDisabled,
}: {
  label: string;
  accounts: readonly Account[];
  value: string;
  onChange: (accountId: string) => void;
  errorMessage?: string | null | undefined;
  isDisabled?: boolean;
}) {
  const { t } = useLingui();
  const option = useAccountOption();
  const options = accounts.map(option);
  const chosen = options.find((o) => o.id === value);
  return (
    <div className={styles.field}>
      <Select label={label} placeholder={t`Choose…`} options={options} selectedKey={value || null} onSelectionChange={onChange} errorMessage={errorMessage} isRequired isDisabled={isDisabled} />
      {chosen ? (
        <p className={styles.chosen} aria-hidden="true" data-testid="chosen-account">
          {chosen.label}
        </p>
      ) : null}
    </div>
  );
}
