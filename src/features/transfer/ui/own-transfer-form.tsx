import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { FormValues } from '@machines/shared/form.machine';
import {
  emptyOwnTransfer,
  exchangeRate,
  feeLookup,
  maxAmountLookup,
  leavesAccount,
  ownTransferAmounts,
  ownTransferDestinations,
  ownTransferSources,
  type OwnTransferValues,
} from '@machines/transfers/own-transfer.logic';
import type { OwnTransferSubmitFacts } from '@machines/transfers/own-transfer.machine';
import { AccountSelect, type Account } from '@/entities/account';
import { customerLimitsQuery, ownAccountsFeeQuery, transactionMaxAmountQuery, transferExchangeRateQuery } from '@/entities/transfer';
import { formatMoney } from '@/shared/lib';
import { Money, RadioGroup, TextField } from '@/shared/ui';
import { ownTransferLogic, useOwnTransferActor, type OwnTransferLogic } from '../model/own-transfer-actors';
import { trackAmountInput, trackMaxAmount } from '../model/amount-analytics';
import { AmountRangeFact, Fact, LimitFact, RecurringFields, TransferFormFrame, useTransferView } from './transfer-parts';
import styles from './own-transfer-form.module.css';

const today = () => new Date().toISOString().slice(0, 10);

export interface OwnTransferFormProps {
  accounts: readonly Account[];
  /** First values from the address (?fromAccount=, ?toAccount=) when no transfer was being sent. */
  prefill?: FormValues;
  logic?: OwnTransferLogic;
}

/**
 * A transfer between own accounts (/transfer/account; 001 s3, s4, s5, s7): from and to accounts,
 * the amount in either account's currency with the exchange rate, the fee, the smallest and
 * largest amount and the limits shown before submit, a reference and recurring options; sent and
 * confirmed through the approval statechart. The statechart keeps the values; the lookups are
 * queries that run only when their rule allows.
 */
export function OwnTransferForm({ accounts, prefill = {}, logic = ownTransferLogic }: OwnTransferFormProps) {
  const { t, i18n } = useLingui();
  const actor = useOwnTransferActor(logic, prefill);
  const view = useTransferView(actor);
  const { values, sending, change, error } = view;

  const sources = ownTransferSources(accounts);
  const destinations = ownTransferDestinations(accounts, values.fromAccount ?? '');
  const from = accounts.find((a) => String(a.accountId) === values.fromAccount);
  const to = accounts.find((a) => String(a.accountId) === values.toAccount);

  // The rate: 1 between equal currencies (no call), else the service's (001 s5).
  const differ = !!from && !!to && from.currencyCode !== to.currencyCode;
  const rateQuery = useQuery({
    ...transferExchangeRateQuery(from?.currencyCode ?? '', to?.currencyCode ?? ''),
    enabled: differ,
  });
  const rate = exchangeRate(from?.currencyCode, to?.currencyCode, rateQuery.data);
  const formValues: OwnTransferValues = { ...emptyOwnTransfer, ...values };
  const amounts = ownTransferAmounts(formValues, accounts, rate);
  const feeArgs = feeLookup(formValues, accounts, rate);
  const fee = useQuery({
    ...ownAccountsFeeQuery(feeArgs?.amount ?? '', feeArgs?.fromAccountId ?? 0, feeArgs?.toAccountId ?? 0),
    enabled: feeArgs !== null,
  });
  const leaves = amounts && from ? leavesAccount(amounts.fromAmount, from.currencyCode, fee.data) : null;
  const limitArgs = maxAmountLookup(formValues, accounts);
  const max = useQuery({
    ...transactionMaxAmountQuery(limitArgs ?? { fromAccountId: 0, operation: 'betweenAccounts' }),
    enabled: limitArgs !== null,
  });
  const limits = useQuery({
    ...customerLimitsQuery(
      limitArgs
        ? {
            type: 'betweenAccounts',
            fromAccountId: limitArgs.fromAccountId,
            currencyCode: limitArgs.currencyCode,
          }
        : { type: 'betweenAccounts', fromAccountId: 0 },
    ),
    enabled: limitArgs !== null,
  });

  const facts = (): OwnTransferSubmitFacts => ({
    accounts,
    rate,
    today: today(),
    minAmount: max.data?.minAmount ?? null,
    maxAmount: max.data?.amount ?? null,
    fee: feeArgs ? (fee.data?.fee ?? null) : null,
  });

  const typedCurrency = values.amountIn === 'to' ? to?.currencyCode : from?.currencyCode;

  if (sources.length === 0) return <p className={styles.text}>{t`You have no open account to send from.`}</p>;
  return (
    <TransferFormFrame actor={actor} view={view} facts={facts} label={t`Send`}>
      <AccountSelect label={t`From account`} accounts={sources} value={values.fromAccount ?? ''} onChange={change('fromAccount')} errorMessage={error('fromAccount')} isDisabled={sending} />
      <AccountSelect label={t`To account`} accounts={destinations} value={values.toAccount ?? ''} onChange={change('toAccount')} errorMessage={error('toAccount')} isDisabled={sending} />
      {differ && from && to ? (
        <RadioGroup
          label={t`The amount is in`}
          options={[
            {
              id: 'from',
              label: t`${from.currencyCode}: what leaves the account`,
            },
            { id: 'to', label: t`${to.currencyCode}: what arrives` },
          ]}
          value={values.amountIn === 'to' ? 'to' : 'from'}
          onChange={change('amountIn')}
          isDisabled={sending}
        />
      ) : null}
      <TextField
        label={typedCurrency ? t`Amount (${typedCurrency})` : t`Amount`}
        value={values.amount ?? ''}
        onChange={change('amount')}
        onBlur={(event) => trackAmountInput('own', event.currentTarget.value)}
        errorMessage={error('amount')}
        inputMode="decimal"
        autoComplete="off"
        isRequired
        isDisabled={sending}
      />
      <dl className={styles.facts} aria-live="polite">
        {differ && from && to ? (
          <Fact label={t`Exchange rate`}>{rate ? t`1 ${from.currencyCode} = ${rate} ${to.currencyCode}` : rateQuery.isError ? t`Not available right now` : t`Working it out…`}</Fact>
        ) : null}
        {amounts && from && to ? (
          <>
            <Fact label={t`Leaves ${from.currencyCode} account, fee included`}>
              {leaves ? (
                <Money amount={leaves} currency={from.currencyCode} />
              ) : fee.isError ? (
                <>
                  <Money amount={amounts.fromAmount} currency={from.currencyCode} /> {t`and the fee`}
                </>
              ) : (
                t`Working it out…`
              )}
            </Fact>
            <Fact label={t`Arrives`}>
              <Money amount={amounts.toAmount} currency={to.currencyCode} />
            </Fact>
          </>
        ) : null}
        {feeArgs ? (
          <Fact label={t`Fee`}>
            {fee.data ? <Money amount={fee.data.fee} currency={fee.data.currencyCode || from?.currencyCode || ''} /> : fee.isError ? t`Not available right now` : t`Working it out…`}
          </Fact>
        ) : null}
        {max.data && from ? (
          <AmountRangeFact
            minAmount={max.data.minAmount ?? '0'}
            maxAmount={max.data.amount ?? '0'}
            currency={from.currencyCode}
            isDisabled={sending}
            onUseMax={() => {
              // The largest amount is in the account it leaves.
              if (differ) change('amountIn')('from');
              change('amount')(max.data.amount ?? '0');
              trackMaxAmount('own');
            }}
          />
        ) : null}
        {limits.data?.map((limit) => (
          <LimitFact key={limit.period} limit={limit} />
        ))}
      </dl>
      <TextField
        label={t`Reference (optional)`}
        value={values.reference ?? ''}
        onChange={change('reference')}
        errorMessage={error('reference')}
        maxLength={140}
        autoComplete="off"
        isDisabled={sending}
      />
      <RecurringFields view={view} />
    </TransferFormFrame>
  );
}
