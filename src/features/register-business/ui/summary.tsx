import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { reachableSteps } from '@machines/registration/business-wizard.machine';
import { reachableCompanies, type Holder, type WizardStep } from '@machines/registration/registration-draft';
import { Button } from '@/shared/ui';
import { BUSINESS_TYPE_LABELS, STEP_TITLES } from './wizard-texts';
import { companyName, personName, type BusinessWizardActor, type WizardLists } from './wizard-parts';
import styles from './business-wizard.module.css';

/** The summary before submit (002 s4): every step's answers, each with a way back to change it. */
export function Summary({ actor, lists }: { actor: BusinessWizardActor; lists: WizardLists }) {
  const { t, i18n } = useLingui();
  const draft = useSelector(actor, (s) => s.context.draft);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const reachable = reachableSteps(draft);
  const unnamed = t`A person without a name`;
  const name = (id: string) => personName(draft.persons[id], unnamed);
  const nameOf = (list: readonly { id: string; name: string }[], ids: readonly string[]) => ids.map((id) => list.find((item) => item.id === id)?.name ?? id).join(', ');
  const general = draft.generalForm;
  const holders = (list: readonly Holder[]) => list.map((h) => `${h.kind === 'company' ? companyName(draft, h.id, t`A company without a name`) : name(h.id)} ${h.share} %`).join(', ');
  const section = (step: WizardStep, rows: [string, string][]) => (
    <section key={step} className={styles.summarySection} aria-labelledby={`summary-${step}`}>
      <div className={styles.summaryHead}>
        <h3 id={`summary-${step}`}>{i18n._(STEP_TITLES[step])}</h3>
        {reachable.includes(step) ? (
          <Button variant="ghost" onPress={() => actor.send({ type: 'GOTO', step })} isDisabled={busy}>
            {t`Change`}
            <span className={styles.visuallyHidden}> {i18n._(STEP_TITLES[step])}</span>
          </Button>
        ) : null}
      </div>
      <dl className={styles.facts}>
        {rows
          .filter(([, value]) => value.trim() !== '')
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
  const address = draft.legalForm.address;
  const country = (code: string) => lists.countries.find((c) => c.code === code)?.name ?? code;
  return (
    <div className={styles.summary}>
      {section('generalForm', [
        [t`Company name`, general.name ?? ''],
        [t`Type of business`, BUSINESS_TYPE_LABELS[general.businessType ?? ''] ? i18n._(BUSINESS_TYPE_LABELS[general.businessType!]!) : (general.businessType ?? '')],
        [t`Country of registration`, country(general.registrationCountryCode ?? '')],
        [t`Registration number`, general.registrationNumber ?? ''],
        [t`Industry`, nameOf(lists.industries, [general.industry ?? ''])],
        [t`Company e-mail`, general.email ?? ''],
      ])}
      {section('financialInfoForm', [
        [t`Sources of funds`, nameOf(lists.sourcesOfFunds, draft.financialInfoForm.sourcesOfFunds)],
        [t`Purpose of the account`, nameOf(lists.purposes, draft.financialInfoForm.purposesOfAccount)],
        [t`Estimated monthly deposits`, nameOf(lists.deposits, [draft.financialInfoForm.estimatedMonthlyDeposit])],
        [t`Currencies the company will hold`, draft.financialInfoForm.currencies.join(', ')],
      ])}
      {section('dueDilligenceForm', [[t`Questions answered`, String(Object.keys(draft.dueDilligenceForm.answers).length)]])}
      {section('legalForm', [[t`Registered address`, [address.street, address.postalCode, address.city, country(address.countryCode)].filter(Boolean).join(', ')]])}
      {section('directorsHub', [[t`Directors`, draft.root.directors.map(name).join(', ')]])}
      {section('shareholdersHub', [
        [t`Shareholders`, holders(draft.root.shareholders)],
        ...reachableCompanies(draft).map((c): [string, string] => [t`Directors and shareholders of ${c.name}`, [c.directors.map(name).join(', '), holders(c.shareholders)].filter(Boolean).join(' · ')]),
      ])}
      {section('usersHub', [[t`Users`, Object.values(draft.persons).filter((p) => p.isUser).map((p) => `${personName(p, unnamed)} (${p.email})`).join(', ')]])}
    </div>
  );
}
