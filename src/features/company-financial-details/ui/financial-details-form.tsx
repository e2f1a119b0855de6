import { useEffect, useId, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { FormValues } from '@machines/shared/form.machine';
import { industriesByGroup } from '@machines/registration/registration.rules';
import { companyFileKeys, type Business } from '@/entities/company-file';
import { INDUSTRY_GROUP_LABELS } from '@/entities/registration';
import { useFormMachine } from '@/shared/lib';
import { useBrand, useNotificationsActor } from '@/shared/model';
import { Button, CheckboxGroup, FormAlert, QueryState, Select } from '@/shared/ui';
import { linesOf } from '@machines/settings/security-lists-messages';
import { financialDetailFormLogic, financialDetailValues } from '../model/financial-details-actors';
import { useFinancialLists, type FinancialLists } from '../model/financial-lists';
import { useSavedValues } from '../model/saved-values';
import styles from './company-financial-details.module.css';

export interface FinancialDetailsFormProps {
  /** The acting company as businessInfo gave it: its financialDetail is the form's first values. */
  business: Pick<Business, 'financialDetail'>;
  /** The user may change the company's file (the owner, or full balance-info access): else the details are shown read-only. */
  canChange: boolean;
}

/**
 * The company's financial details (spec 002 s7 financial detail update; the registration wizard's
 * money step and the industry): where the money comes from, what the account is for, how much a
 * month, which currencies, the industry (in its groups; the adult-related group only where the
 * brand shows adult-industry options). The form statechart keeps what was typed through any
 * refusal and shows each error at its field; a save is sent once, announced, the file read again,
 * and the form starts again from what was kept. A user who may not change the file reads the
 * details.
 */
export function FinancialDetailsForm({ business, canChange }: FinancialDetailsFormProps) {
  const { t } = useLingui();
  const headingId = useId();
  const { lists, query } = useFinancialLists();
  const current = financialDetailValues(business.financialDetail);
  const saved = useSavedValues(current);
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t`Money and currencies`}
      </h2>
      {!lists ? (
        <QueryState query={query} title={t`The financial details could not be loaded`} />
      ) : canChange ? (
        <FinancialDetailsEditor key={saved.key} labelledBy={headingId} initial={saved.values} lists={lists} refocus={saved.saved} onSaved={saved.keep} />
      ) : (
        <FinancialDetailsList values={current} lists={lists} />
      )}
    </section>
  );
}

const nameIn = (list: readonly { id: string; name: string }[], id: string) => list.find((item) => item.id === id)?.name ?? id;
const currencyLabel = (currencies: FinancialLists['currencies'], code: string) => {
  const name = currencies.find((currency) => currency.code === code)?.name;
  return name ? `${code} · ${name}` : code;
};

/** The currencies to choose from: the dictionaries', and any the company holds that they do not list (never hidden). */
const currencyOptions = (currencies: FinancialLists['currencies'], chosen: readonly string[]) => [
  ...currencies.map((currency) => ({ id: currency.code, label: currencyLabel(currencies, currency.code) })),
  ...chosen.filter((code) => !currencies.some((currency) => currency.code === code)).map((code) => ({ id: code, label: code })),
];

function FinancialDetailsEditor({
  labelledBy,
  initial,
  lists,
  refocus,
  onSaved,
}: {
  labelledBy: string;
  initial: FormValues;
  lists: FinancialLists;
  refocus: boolean;
  onSaved: (values: FormValues) => void;
}) {
  const { t, i18n } = useLingui();
  const { config } = useBrand();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const form = useFormMachine(
    financialDetailFormLogic.provide({
      actions: {
        submitted: ({ context }) => {
          const kept = context.result as Business | null;
          void queryClient.invalidateQueries({ queryKey: companyFileKeys.all });
          notifications.send({ type: 'NOTIFY', notification: { id: `financial-details-${Date.now()}`, tone: 'success', title: t`Financial details saved` } });
          onSaved(kept?.financialDetail ? financialDetailValues(kept.financialDetail) : context.values);
        },
      },
    }),
    { values: initial },
  );
  // The form before this one was saved and left the page with the focus: its successor's Save takes it.
  const save = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (refocus && (!document.activeElement || document.activeElement === document.body)) save.current?.focus();
  }, [refocus]);
  const sources = form.field('sourcesOfFunds');
  const purposes = form.field('purposesOfAccount');
  const deposit = form.field('estimatedMonthlyDeposit');
  const currencies = form.field('currencies');
  const industry = form.field('industry');
  const list = (field: { onChange: (value: string) => void }) => (ids: readonly string[]) => field.onChange(ids.join('\n'));
  return (
    <form {...form.formProps} className={styles.form} aria-labelledby={labelledBy}>
      <CheckboxGroup
        label={t`Sources of funds`}
        options={lists.sourcesOfFunds.map((item) => ({ id: item.id, label: item.name }))}
        value={linesOf(sources.value)}
        onChange={list(sources)}
        errorMessage={sources.errorMessage}
      />
      <CheckboxGroup
        label={t`Purpose of the account`}
        options={lists.purposes.map((item) => ({ id: item.id, label: item.name }))}
        value={linesOf(purposes.value)}
        onChange={list(purposes)}
        errorMessage={purposes.errorMessage}
      />
      <Select
        label={t`Estimated monthly deposits`}
        options={lists.deposits.map((item) => ({ id: item.id, label: item.name }))}
        placeholder={t`Choose…`}
        selectedKey={deposit.value || null}
        onSelectionChange={deposit.onChange}
        errorMessage={deposit.errorMessage}
        isRequired
      />
      <CheckboxGroup
        label={t`Currencies the company will hold`}
        options={currencyOptions(lists.currencies, linesOf(currencies.value))}
        value={linesOf(currencies.value)}
        onChange={list(currencies)}
        errorMessage={currencies.errorMessage}
      />
      <Select
        label={t`Industry`}
        options={[]}
        groups={industriesByGroup(lists.industries, config.features.adultOptions).map(({ group, industries }) => ({
          label: i18n._(INDUSTRY_GROUP_LABELS[group]),
          options: industries.map((item) => ({ id: item.id, label: item.name })),
        }))}
        placeholder={t`Choose…`}
        selectedKey={industry.value || null}
        onSelectionChange={industry.onChange}
        errorMessage={industry.errorMessage}
        isRequired
      />
      {/* After the fields: a refusal with field errors focuses the first one; one without, this alert beside the button. */}
      {form.formErrorText ? <FormAlert>{form.formErrorText}</FormAlert> : null}
      <div className={styles.buttons}>
        <Button ref={save} type="submit" isPending={form.busy}>
          {t`Save`}
        </Button>
      </div>
    </form>
  );
}

/** The details for a user who may not change them: each one in words, and who may. */
function FinancialDetailsList({ values, lists }: { values: FormValues; lists: FinancialLists }) {
  const { t } = useLingui();
  const names = (ids: string[], name: (id: string) => string) =>
    ids.length > 0 ? (
      <ul className={styles.values}>
        {ids.map((id) => (
          <li key={id}>{name(id)}</li>
        ))}
      </ul>
    ) : (
      <span className={styles.muted}>{t`Not given`}</span>
    );
  const one = (id: string | undefined, name: (id: string) => string) => (id ? name(id) : <span className={styles.muted}>{t`Not given`}</span>);
  return (
    <div className={styles.readOnly}>
      <dl className={styles.details}>
        <div className={styles.detail}>
          <dt>{t`Sources of funds`}</dt>
          <dd>{names(linesOf(values.sourcesOfFunds), (id) => nameIn(lists.sourcesOfFunds, id))}</dd>
        </div>
        <div className={styles.detail}>
          <dt>{t`Purpose of the account`}</dt>
          <dd>{names(linesOf(values.purposesOfAccount), (id) => nameIn(lists.purposes, id))}</dd>
        </div>
        <div className={styles.detail}>
          <dt>{t`Estimated monthly deposits`}</dt>
          <dd>{one(values.estimatedMonthlyDeposit, (id) => nameIn(lists.deposits, id))}</dd>
        </div>
        <div className={styles.detail}>
          <dt>{t`Currencies the company will hold`}</dt>
          <dd>{names(linesOf(values.currencies), (code) => currencyLabel(lists.currencies, code))}</dd>
        </div>
        <div className={styles.detail}>
          <dt>{t`Industry`}</dt>
          <dd>{one(values.industry, (id) => nameIn(lists.industries, id))}</dd>
        </div>
      </dl>
      <p className={styles.note}>{t`Only users with full access can change the financial details.`}</p>
    </div>
  );
}
