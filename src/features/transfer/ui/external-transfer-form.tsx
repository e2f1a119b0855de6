import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormValues } from '@machines/shared/form.machine';
import { ownTransferSources } from '@machines/transfers/own-transfer.logic';
import {
  activeFields,
  bankMismatchMessage,
  compact,
  CRYPTO_CURRENCIES,
  cryptoFeeLookup,
  detailsBlock,
  emptyExternal,
  externalMessages,
  EXTRA_PARAM_PREFIX,
  externalArrives,
  externalPrefill,
  feeLookup,
  ibanLookupKey,
  INSTANT_KEY_TYPES,
  instantKeyLookup,
  isTemplateUsable,
  limitsLookup,
  NEW_CARD,
  rateLookup,
  branchLookup,
  swiftLookupKey,
  TEMPLATE_TYPES,
  wireRail,
  type ExternalFacts,
  type ExternalField,
  type ExternalType,
  type ExternalValues,
  type ExtraParam,
  type FieldRequirement,
  type WireRail,
} from '@machines/transfers/external.logic';
import { AccountSelect, type Account, type RecentTransfer } from '@/entities/account';
import type { ExternalCard } from '@/entities/card';
import {
  availableTransfersQuery,
  bankListRequirementsQuery,
  binBlacklistQuery,
  cryptoFeeQuery,
  customerLimitsQuery,
  eftBranchesQuery,
  extraParamsQuery,
  instantBanksQuery,
  recentTransferDetailsQuery,
  transactionMaxAmountQuery,
  transferDetailsQuery,
  transferExchangeRateQuery,
  transferFeeQuery,
  type IbanInfo,
  type InstantKeyInfo,
  type PaymentTemplate,
  type SwiftInfo,
} from '@/entities/transfer';
import { formatMoney, uiMessageText } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, Checkbox, FormAlert, Money, RadioGroup, Select, TextField } from '@/shared/ui';
import {
  externalTransferLogic,
  ibanLookupLogic,
  instantKeyLookupLogic,
  swiftLookupLogic,
  useExternalTransferActor,
  type ExternalTransferLogic,
  type LookupLogic,
} from '../model/external-transfer-actors';
import { trackAmountInput, trackMaxAmount } from '../model/amount-analytics';
import { AmountRangeFact, Fact, LimitFact, TransferFormFrame, useTransferView } from './transfer-parts';
import styles from './own-transfer-form.module.css';

export const KIND_LABELS: Record<ExternalType, MessageDescriptor> = {
  wire: msg`Wire transfer`,
  eft: msg`Bank transfer (EFT)`,
  oct: msg`To a card`,
  crypto_eft: msg`Crypto`,
  instant_payment: msg`Instant payment`,
  interac: msg`Interac e-Transfer`,
};

const RAIL_NOTES: Record<WireRail, MessageDescriptor> = {
  sepa: msg`Sent by SEPA: the beneficiary's IBAN is enough.`,
  ach: msg`Sent by ACH: the account and routing number.`,
  fasterPayments: msg`Sent by Faster Payments: the account number and sort code.`,
  swift: msg`Sent by SWIFT: the bank's SWIFT code and the account number.`,
};

const KEY_TYPE_LABELS: Record<(typeof INSTANT_KEY_TYPES)[number], MessageDescriptor> = {
  taxId: msg`Tax id (CPF or CNPJ)`,
  email: msg`E-mail`,
  phone: msg`Phone number`,
  random: msg`Random key`,
};

/** Extra parameters the app names itself (the service's label is shown for others). */
const PARAM_LABELS: Record<string, MessageDescriptor> = {
  purposeOfPayment: msg`Purpose of payment`,
  accountType: msg`Account type`,
  ifsc: msg`IFSC code`,
};
const OPTION_LABELS: Record<string, MessageDescriptor> = {
  family: msg`Family support`,
  salary: msg`Salary`,
  savings: msg`Own savings`,
  goods: msg`Goods`,
  services: msg`Services`,
  futsu: msg`Ordinary`,
  toza: msg`Current`,
};

export interface ExternalTransferFormProps {
  accounts: readonly Account[];
  /** The dictionaries' countries in the interface language. */
  countries: readonly { code: string; name: string }[];
  /** The kinds the customer's permission flags offer (001 s3). */
  offered: readonly ExternalType[];
  /** The customer's cards at other banks (card payouts go to confirmed ones). */
  cards?: readonly ExternalCard[] | undefined;
  /** Wire and EFT templates (usable ones are offered). */
  templates?: readonly PaymentTemplate[] | undefined;
  /** Recent external transfers (001 s9: 5, disabled ones already hidden). */
  recent?: readonly RecentTransfer[] | undefined;
  /** First values (a recent transfer's) when no transfer was being sent. */
  prefill?: FormValues;
  logic?: ExternalTransferLogic;
  swiftLogic?: LookupLogic;
  ibanLogic?: LookupLogic;
  instantLogic?: LookupLogic;
}

/**
 * An external transfer (/transfer/external; 001 s3, s5, s7, s9) of any of the six kinds, from one
 * table (machines/transfers/external.logic.ts): the country, the kinds offered there and by the
 * permission flags, the currency it arrives in, the beneficiary fields of the kind and country
 * (a wire's by its rails), lookups as the customer types (SWIFT, IBAN, instant key), banks and
 * branches, extra parameters, transfer details that block with a link to the profile, the rate,
 * fee, smallest and largest amount and limits before submit, a reference, templates and recent
 * transfers to start from; sent and confirmed through the approval statechart.
 */
export function ExternalTransferForm({
  accounts,
  countries,
  offered,
  cards = [],
  templates = [],
  recent = [],
  prefill = {},
  logic = externalTransferLogic,
  swiftLogic = swiftLookupLogic,
  ibanLogic = ibanLookupLogic,
  instantLogic = instantKeyLookupLogic,
}: ExternalTransferFormProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const sources = ownTransferSources(accounts);
  const actor = useExternalTransferActor(logic, prefill);
  const view = useTransferView(actor);
  const { sending, change, error } = view;
  const form = { ...emptyExternal, ...view.values } as ExternalValues;
  const type = form.type as ExternalType | '';
  const from = sources.find((a) => String(a.accountId) === form.accountId);

  // What the country allows, and what identifies the beneficiary there.
  const available = useQuery({ ...availableTransfersQuery(form.countryCode), enabled: form.countryCode !== '' });
  const kinds = (available.data ?? []).filter((a) => offered.includes(a.type));
  const kind = kinds.find((k) => k.type === type);
  const chosen = type !== '' && form.countryCode !== '';
  const requirements = useQuery({ ...bankListRequirementsQuery(form.countryCode, type || 'wire'), enabled: chosen && (type === 'eft' || type === 'wire') });
  const extraParams = useQuery({ ...extraParamsQuery(form.countryCode, type || 'wire'), enabled: chosen });
  const details = useQuery({ ...transferDetailsQuery(type || 'wire', form.countryCode, form.accountId), enabled: chosen });
  const branchArgs = branchLookup(form);
  const branches = useQuery({ ...eftBranchesQuery(branchArgs ?? { paramName: 'branchCode', countryCode: '', bankCode: '' }), enabled: branchArgs !== null });
  const blacklist = useQuery({ ...binBlacklistQuery(), enabled: type === 'oct' });
  const instantBanks = useQuery({ ...instantBanksQuery(form.countryCode), enabled: type === 'instant_payment' && form.countryCode !== '' });

  // Before submit: rate, fee, smallest and largest amount, limits (each only when 001 s5 allows).
  const rateArgs = rateLookup(form, sources);
  const rateQuery = useQuery({ ...transferExchangeRateQuery(rateArgs?.fromCurrencyCode ?? '', rateArgs?.toCurrencyCode ?? ''), enabled: rateArgs !== null });
  const rate = rateArgs ? (rateQuery.data ?? null) : '1';
  const arrives = externalArrives(form, sources, rate);
  const feeArgs = feeLookup(form, sources);
  const cryptoArgs = cryptoFeeLookup(form, sources);
  const fee = useQuery({ ...transferFeeQuery(feeArgs ?? { type: 'wire', accountId: 0, amount: '0', countryCode: '' }), enabled: feeArgs !== null });
  const cryptoFee = useQuery({ ...cryptoFeeQuery(cryptoArgs ?? { accountId: 0, amount: '0', toCurrencyCode: '' }), enabled: cryptoArgs !== null });
  const feeData = cryptoArgs ? cryptoFee : fee;
  const limitArgs = limitsLookup(form, sources);
  const max = useQuery({ ...transactionMaxAmountQuery(limitArgs ?? { fromAccountId: 0, operation: 'wire' }), enabled: limitArgs !== null });
  const limits = useQuery({
    ...customerLimitsQuery(
      limitArgs ? { type: limitArgs.operation, countryCode: limitArgs.countryCode, fromAccountId: limitArgs.fromAccountId, currencyCode: limitArgs.currencyCode } : { type: 'wire', fromAccountId: 0 },
    ),
    enabled: limitArgs !== null,
  });

  // Lookups as the customer types.
  const swift = useLookup(swiftLogic, swiftLookupKey(form.swiftCode));
  const iban = useLookup(ibanLogic, ibanLookupKey(form.iban));
  const instant = useLookup(instantLogic, type === 'instant_payment' ? instantKeyLookup(form) : null);
  /** Each change of the values tells the lookups what they may ask now (their rules say). */
  const lookUp = (next: ExternalValues) => {
    swift.query(swiftLookupKey(next.swiftCode));
    iban.query(ibanLookupKey(next.iban));
    instant.query(next.type === 'instant_payment' ? instantKeyLookup(next) : null);
  };
  const swiftInfo = swift.result as SwiftInfo | null;
  const ibanInfo = iban.result as IbanInfo | null;
  const keyInfo = instant.result as InstantKeyInfo | null;
  const ibanBankSwift = ibanInfo?.valid && ibanInfo.iban === compact(form.iban) ? (ibanInfo.swiftCode ?? null) : null;
  const mismatch = bankMismatchMessage(form, ibanBankSwift);
  const refused: ExternalField[] = [];
  if (swiftInfo?.valid === false && swiftInfo.swiftCode === compact(form.swiftCode)) refused.push('swiftCode');
  if (ibanInfo?.valid === false && ibanInfo.iban === compact(form.iban)) refused.push('iban');
  if (keyInfo?.valid === false) refused.push('instantKey');

  const params = extraParams.data ?? [];
  const block = detailsBlock(details.data);
  const fields = activeFields(form);
  const usableTemplates = templates.filter((tpl) => (TEMPLATE_TYPES as readonly string[]).includes(tpl.type) && isTemplateUsable(tpl) && offered.includes(tpl.type as ExternalType));

  const facts = (): ExternalFacts => ({
    accounts: sources,
    available: available.data ?? null,
    extraParams: params,
    details: details.data ?? null,
    fee: feeArgs || cryptoArgs ? (feeData.data?.fee ?? null) : null,
    maxAmount: max.data ?? null,
    cards: cards.map((c) => ({ cardId: c.cardId, confirmed: c.confirmed })),
    binBlacklist: blacklist.data ?? [],
    refused,
    ibanBankSwift,
  });

  const set = (name: string, value: string) => change(name)(value);
  /** A typed change: the value, then the lookups. */
  const typed = (name: string) => (value: string) => {
    set(name, value);
    lookUp({ ...form, [name]: value });
  };
  const chooseCountry = (code: string) => {
    set('countryCode', code);
    // Another country offers other kinds and currencies: they are chosen again.
    set('type', '');
    set('currencyCode', '');
  };
  const chooseKind = (next: string) => {
    set('type', next);
    lookUp({ ...form, type: next });
    const currencies = kinds.find((k) => k.type === next)?.currencies ?? [];
    set('currencyCode', next !== 'crypto_eft' && currencies.length === 1 ? currencies[0]! : '');
  };
  const fill = (values: Partial<ExternalValues>) => {
    for (const [name, value] of Object.entries(values)) if (value !== undefined) set(name, value);
    lookUp({ ...form, ...values } as ExternalValues);
  };
  const fromTemplate = (id: string) => {
    const tpl = usableTemplates.find((x) => String(x.id) === id);
    if (tpl) fill(externalPrefill(tpl, sources));
  };
  const fromRecent = async (id: string) => {
    const found = await queryClient.fetchQuery(recentTransferDetailsQuery(Number(id))).catch(() => null);
    if (found) fill(externalPrefill(found, sources));
  };

  if (sources.length === 0) return <p className={styles.text}>{t`You have no open account to send from.`}</p>;
  const blockText = block ? i18n._(externalMessages[block]) : null;
  return (
    <TransferFormFrame actor={actor} view={view} facts={facts} label={t`Send`}>
      {usableTemplates.length > 0 || recent.length > 0 ? (
        <div className={styles.starters}>
          {usableTemplates.length > 0 ? (
            <Select label={t`Start from a template`} placeholder={t`Choose…`} options={usableTemplates.map((tpl) => ({ id: String(tpl.id), label: tpl.name }))} selectedKey={null} onSelectionChange={fromTemplate} isDisabled={sending} />
          ) : null}
          {recent.length > 0 ? (
            <Select
              label={t`Send again`}
              placeholder={t`Choose…`}
              options={recent.map((r) => ({ id: String(r.transactionId), label: r.amount && r.currencyCode ? `${r.name} · ${formatMoney(r.amount, r.currencyCode, i18n.locale)}` : r.name }))}
              selectedKey={null}
              onSelectionChange={(id) => void fromRecent(id)}
              isDisabled={sending}
            />
          ) : null}
        </div>
      ) : null}
      <AccountSelect label={t`From account`} accounts={sources} value={form.accountId} onChange={change('accountId')} errorMessage={error('accountId')} isDisabled={sending} />
      <Select
        label={t`Country the money goes to`}
        placeholder={t`Choose…`}
        options={countries.map((c) => ({ id: c.code, label: c.name }))}
        selectedKey={form.countryCode || null}
        onSelectionChange={chooseCountry}
        errorMessage={error('countryCode')}
        isRequired
        isDisabled={sending}
      />
      {form.countryCode ? (
        available.isPending ? (
          <p className={styles.text} role="status">{t`Working out how money can go there…`}</p>
        ) : available.isError ? (
          <FormAlert>{t`What can be sent there could not be loaded.`} <Button variant="ghost" onPress={() => void available.refetch()}>{t`Try again`}</Button></FormAlert>
        ) : kinds.length === 0 ? (
          <p className={styles.text} role="status">{t`You cannot send money to this country from here.`}</p>
        ) : (
          <RadioGroup label={t`How to send it`} options={kinds.map((k) => ({ id: k.type, label: i18n._(KIND_LABELS[k.type]) }))} value={type || null} onChange={chooseKind} errorMessage={error('type')} isDisabled={sending} />
        )
      ) : null}
      {type === 'wire' && form.countryCode ? <p className={styles.text}>{i18n._(RAIL_NOTES[wireRail(form.countryCode)])}</p> : null}
      {kind && type !== 'crypto_eft' && kind.currencies.length > 0 ? (
        <Select
          label={t`Currency it arrives in`}
          placeholder={t`Choose…`}
          options={kind.currencies.map((c) => ({ id: c, label: c }))}
          selectedKey={form.currencyCode || null}
          onSelectionChange={change('currencyCode')}
          errorMessage={error('currencyCode')}
          isRequired
          isDisabled={sending}
        />
      ) : null}
      {blockText || error('details') ? (
        <FormAlert>
          <p>{blockText ?? error('details')}</p>
          <Link to="/profile-update">{t`Update my profile`}</Link>
        </FormAlert>
      ) : null}
      {kind && fields.length > 0 ? (
        <fieldset className={styles.recurring}>
          <legend>{t`Beneficiary`}</legend>
          {fields.map((field) => (
            <BeneficiaryField
              key={field.name}
              field={field}
              form={form}
              change={typed}
              error={error}
              sending={sending}
              banks={requirements.data?.banks ?? []}
              branches={branches.data ?? []}
              cards={cards}
            />
          ))}
          <div className={styles.payee} aria-live="polite">
            {fields.some((f) => f.name === 'swiftCode') ? <LookupLine state={swift} onRetry={swift.retry} known={swiftInfo?.valid ? t`${swiftInfo.bankName ?? ''}, ${swiftInfo.city ?? ''}` : null} unknown={swiftInfo?.valid === false ? t`No bank has this SWIFT code.` : null} /> : null}
            {fields.some((f) => f.name === 'iban') ? (
              <LookupLine state={iban} onRetry={iban.retry} known={ibanInfo?.valid ? (ibanInfo.bankName ? t`${ibanInfo.bankName} (${ibanInfo.swiftCode ?? ''})` : t`The IBAN is valid.`) : null} unknown={ibanInfo?.valid === false ? t`This IBAN is not valid.` : null} />
            ) : null}
            {mismatch ? <p className={styles.bad}>{i18n._(mismatch.descriptor)}</p> : null}
            {type === 'instant_payment' ? (
              <LookupLine
                state={instant}
                onRetry={instant.retry}
                known={keyInfo?.valid ? t`${keyInfo.holderName ?? ''} receives it (${instantBanks.data?.find((b) => b.bankCode === keyInfo.bankCode)?.bankName ?? keyInfo.bankCode ?? ''})` : null}
                unknown={keyInfo?.valid === false ? t`No account has this key.` : null}
              />
            ) : null}
          </div>
        </fieldset>
      ) : null}
      {kind ? params.map((param) => <ExtraParamField key={param.name} param={param} form={form} change={change} error={error} sending={sending} />) : null}
      <TextField
        label={from ? t`Amount (${from.currencyCode})` : t`Amount`}
        value={form.amount}
        onChange={change('amount')}
        onBlur={(event) => trackAmountInput('external', event.currentTarget.value)}
        errorMessage={error('amount')}
        inputMode="decimal"
        autoComplete="off"
        isRequired
        isDisabled={sending}
      />
      <dl className={styles.facts} aria-live="polite">
        {rateArgs && from ? <Fact label={t`Exchange rate`}>{rate ? t`1 ${from.currencyCode} = ${rate} ${rateArgs.toCurrencyCode}` : rateQuery.isError ? t`Not available right now` : t`Working it out…`}</Fact> : null}
        {arrives ? (
          <Fact label={t`Arrives`}>
            <Money amount={arrives.amount} currency={arrives.currency} />
          </Fact>
        ) : null}
        {(feeArgs || cryptoArgs) && from ? (
          <Fact label={t`Fee`}>{feeData.data ? <Money amount={feeData.data.fee} currency={feeData.data.currencyCode || from.currencyCode} /> : feeData.isError ? t`Not available right now` : t`Working it out…`}</Fact>
        ) : null}
        {max.data && from ? (
          <AmountRangeFact
            minAmount={max.data.minAmount ?? '0'}
            maxAmount={max.data.amount ?? '0'}
            currency={from.currencyCode}
            isDisabled={sending}
            onUseMax={() => {
              change('amount')(max.data.amount ?? '0');
              trackMaxAmount('external');
            }}
          />
        ) : null}
        {limits.data?.map((limit) => <LimitFact key={limit.period} limit={limit} />)}
      </dl>
      <TextField label={t`Reference (optional)`} value={form.reference} onChange={change('reference')} errorMessage={error('reference')} maxLength={140} autoComplete="off" isDisabled={sending} />
      {(TEMPLATE_TYPES as readonly string[]).includes(type) ? (
        <>
          <Checkbox isSelected={form.saveTemplate === 'true'} onChange={(on) => set('saveTemplate', on ? 'true' : '')} isDisabled={sending}>
            {t`Save the beneficiary as a template`}
          </Checkbox>
          {form.saveTemplate === 'true' ? (
            <TextField label={t`Template name`} value={form.templateName} onChange={change('templateName')} errorMessage={error('templateName')} maxLength={60} autoComplete="off" isRequired isDisabled={sending} />
          ) : null}
        </>
      ) : null}
    </TransferFormFrame>
  );
}

/** A lookup statechart for the view: started with the first values' query, told each new one (or null) as the customer types. */
function useLookup(logic: LookupLogic, initial: unknown) {
  const actor = useActorRef(logic, { input: { query: initial }, ...inspectOptions() });
  const looking = useSelector(actor, (s) => s.hasTag('looking'));
  const result = useSelector(actor, (s) => (s.hasTag('known') ? s.context.result : null));
  const failed = useSelector(actor, (s) => (s.hasTag('failed') ? s.context.error : null));
  return { looking, result, failed, query: (query: unknown) => actor.send({ type: 'QUERY', query }), retry: () => actor.send({ type: 'RETRY' }) };
}

function LookupLine({ state, onRetry, known, unknown }: { state: ReturnType<typeof useLookup>; onRetry: () => void; known: string | null; unknown: string | null }) {
  const { t, i18n } = useLingui();
  if (state.looking) return <p>{t`Looking it up…`}</p>;
  if (state.failed)
    return (
      <p>
        {uiMessageText(i18n, state.failed)}{' '}
        <Button variant="ghost" onPress={onRetry}>
          {t`Look it up again`}
        </Button>
      </p>
    );
  if (unknown) return <p className={styles.bad}>{unknown}</p>;
  if (known) return <p className={styles.good}>{known}</p>;
  return null;
}

interface FieldProps {
  field: FieldRequirement;
  form: ExternalValues;
  change: (name: string) => (value: string) => void;
  error: (name: string) => string | null;
  sending: boolean;
  banks: readonly { bankCode: string; bankName: string }[];
  branches: readonly { value: string; label: string }[];
  cards: readonly ExternalCard[];
}

/** One beneficiary field of the kind, labelled in the interface language. */
function BeneficiaryField({ field, form, change, error, sending, banks, branches, cards }: FieldProps) {
  const { t, i18n } = useLingui();
  const { name } = field;
  const common = { errorMessage: error(name), isDisabled: sending, isRequired: field.required };
  const optional = (label: string) => (field.required ? label : t`${label} (optional)`);
  switch (name) {
    case 'bankCode':
      return <Select label={t`Bank`} placeholder={t`Choose…`} options={banks.map((b) => ({ id: b.bankCode, label: b.bankName }))} selectedKey={form.bankCode || null} onSelectionChange={change(name)} {...common} />;
    case 'branchCode':
      return <Select label={t`Branch`} placeholder={form.bankCode ? t`Choose…` : t`Choose the bank first`} options={branches.map((b) => ({ id: b.value, label: `${b.label} (${b.value})` }))} selectedKey={form.branchCode || null} onSelectionChange={change(name)} {...common} />;
    case 'cardId':
      return (
        <Select
          label={t`Card`}
          placeholder={t`Choose…`}
          options={[...cards.filter((c) => c.confirmed).map((c) => ({ id: String(c.cardId), label: [c.cardBrand, c.cardNumber].filter(Boolean).join(' ') })), { id: NEW_CARD, label: t`Another person's card` }]}
          selectedKey={form.cardId || null}
          onSelectionChange={change(name)}
          {...common}
        />
      );
    case 'toCurrencyCode':
      return <Select label={t`Crypto currency`} placeholder={t`Choose…`} options={CRYPTO_CURRENCIES.map((c) => ({ id: c, label: c }))} selectedKey={form.toCurrencyCode || null} onSelectionChange={change(name)} {...common} />;
    case 'instantKeyType':
      return <Select label={t`Kind of key`} placeholder={t`Choose…`} options={INSTANT_KEY_TYPES.map((k) => ({ id: k, label: i18n._(KEY_TYPE_LABELS[k]) }))} selectedKey={form.instantKeyType || null} onSelectionChange={change(name)} {...common} />;
    case 'isOwn':
      return (
        <Checkbox isSelected={form.isOwn === 'true'} onChange={(on) => change(name)(on ? 'true' : '')} isDisabled={sending}>
          {t`This wallet is mine`}
        </Checkbox>
      );
    case 'beneficiaryName':
      // An instant payment names its holder from the key (the lookup shows it).
      if (form.type === 'instant_payment') return null;
      return <TextField label={optional(form.type === 'oct' ? t`Cardholder's name` : t`Beneficiary's full name`)} value={form[name]} onChange={change(name)} maxLength={140} autoComplete="off" {...common} />;
    default: {
      const labels: Record<string, string> = {
        beneficiaryAddress: t`Beneficiary's address`,
        iban: t`IBAN`,
        swiftCode: t`SWIFT (BIC) code`,
        accountNumber: t`Account number`,
        routingNumber: t`Routing number (ABA)`,
        sortCode: t`Sort code`,
        cardNumber: t`Card number`,
        walletAddress: t`Wallet address`,
        instantKey: t`Key`,
        taxId: t`Beneficiary's tax id (CPF or CNPJ)`,
        toEmail: t`Recipient's e-mail`,
        securityQuestion: t`Security question`,
        securityAnswer: t`Answer (tell it to the recipient)`,
      };
      const numeric = name === 'routingNumber' || name === 'sortCode' || name === 'cardNumber' || name === 'taxId' || (name === 'accountNumber' && form.type === 'eft');
      return (
        <TextField
          label={optional(labels[name] ?? name)}
          value={form[name]}
          onChange={change(name)}
          autoComplete="off"
          spellCheck={false}
          {...(numeric ? { inputMode: 'numeric' as const } : {})}
          {...(name === 'toEmail' ? { type: 'email' as const } : {})}
          {...common}
        />
      );
    }
  }
}

/** An extra parameter (001 s3: options flattened): a choice, or text with the service's pattern. */
function ExtraParamField({ param, form, change, error, sending }: { param: ExtraParam; form: ExternalValues; change: FieldProps['change']; error: FieldProps['error']; sending: boolean }) {
  const { t, i18n } = useLingui();
  const key = `${EXTRA_PARAM_PREFIX}${param.name}`;
  const known = PARAM_LABELS[param.name];
  const label = known ? i18n._(known) : (param.label ?? param.name);
  const common = { errorMessage: error(key), isDisabled: sending, isRequired: param.required };
  if (param.options?.length) {
    return (
      <Select
        label={param.required ? label : t`${label} (optional)`}
        placeholder={t`Choose…`}
        options={param.options.map((o) => ({ id: o.value, label: OPTION_LABELS[o.value] ? i18n._(OPTION_LABELS[o.value]!) : o.label }))}
        selectedKey={form[key as `param.${string}`] || null}
        onSelectionChange={change(key)}
        {...common}
      />
    );
  }
  return <TextField label={param.required ? label : t`${label} (optional)`} value={form[key as `param.${string}`] ?? ''} onChange={change(key)} autoComplete="off" {...common} />;
}
