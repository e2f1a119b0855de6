import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { accountKind } from '@machines/accounts/account.logic';
import { formatMoney } from '@/shared/lib';
import { Select } from '@/shared/ui';
import type { Account } from '../api/accounts';

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

/** A required choice among accounts, labelled the same way on every money form. */
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
  return <Select label={label} placeholder={t`Choose…`} options={accounts.map(option)} selectedKey={value || null} onSelectionChange={onChange} errorMessage={errorMessage} isRequired isDisabled={isDisabled} />;
}
