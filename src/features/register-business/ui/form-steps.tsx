import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { factsOf } from '@machines/registration/business-wizard.machine';
import { financialInfoErrors, generalFormErrors, legalFormErrors, dueDiligenceErrors, type FieldErrors, type FormStep, type RegistrationAddress } from '@machines/registration/registration-draft';
import { industriesByGroup, nameAndDateAnswer, nameAndDateText, shownQuestions } from '@machines/registration/registration.rules';
import { INDUSTRY_GROUP_LABELS, questionOptions, questionText } from '@/entities/registration';
import { CheckboxGroup, CountrySelect, RadioGroup, Select, TextArea, TextField } from '@/shared/ui';
import { BUSINESS_TYPE_LABELS } from './wizard-texts';
import { errorText, type BusinessWizardActor, type WizardLists } from './wizard-parts';
import styles from './business-wizard.module.css';

interface StepProps {
  actor: BusinessWizardActor;
  lists: WizardLists;
}

const useShown = (actor: BusinessWizardActor, step: FormStep) => useSelector(actor, (s) => s.context.shown.includes(step));

/** generalForm: the company's type, names, registration, contacts and industry (in its groups). */
export function GeneralStep({ actor, lists }: StepProps) {
  const { t, i18n } = useLingui();
  const form = useSelector(actor, (s) => s.context.draft.generalForm);
  const today = useSelector(actor, (s) => s.context.today);
  const errors = useShown(actor, 'generalForm') ? generalFormErrors(form, today) : {};
  const error = (field: string) => errorText(i18n, errors, field);
  const change = (field: string) => (value: string) => actor.send({ type: 'CHANGE', step: 'generalForm', field, value });
  const text = (field: string, label: string, extra: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField label={label} value={form[field] ?? ''} onChange={change(field)} errorMessage={error(field)} maxLength={200} {...extra} />
  );
  return (
    <>
      <Select
        label={t`Type of business`}
        options={lists.businessTypes.map((type) => ({ id: type, label: BUSINESS_TYPE_LABELS[type] ? i18n._(BUSINESS_TYPE_LABELS[type]!) : type }))}
        placeholder={t`Choose…`}
        selectedKey={form.businessType || null}
        onSelectionChange={change('businessType')}
        errorMessage={error('businessType')}
        isRequired
      />
      {text('name', t`Company name`, { isRequired: true, autoComplete: 'organization' })}
      {text('tradingName', t`Trading name (optional)`)}
      <CountrySelect label={t`Country of registration`} countries={lists.countries} value={form.registrationCountryCode ?? ''} onChange={change('registrationCountryCode')} errorMessage={error('registrationCountryCode')} />
      <div className={styles.pair}>
        {text('registrationNumber', t`Registration number`, { isRequired: true, maxLength: 60 })}
        {text('registrationDate', t`Date of registration`, { isRequired: true, type: 'date' })}
      </div>
      <div className={styles.pair}>
        {text('email', t`Company e-mail`, { isRequired: true, type: 'email', maxLength: 254 })}
        {text('phone', t`Company phone`, { isRequired: true, type: 'tel', maxLength: 20 })}
      </div>
      {text('website', t`Website (optional)`, { type: 'url', placeholder: 'https://', maxLength: 200 })}
      <Select
        label={t`Industry`}
        options={[]}
        groups={industriesByGroup(lists.industries, lists.adultIndustry).map(({ group, industries }) => ({
          label: i18n._(INDUSTRY_GROUP_LABELS[group]),
          options: industries.map((industry) => ({ id: industry.id, label: industry.name })),
        }))}
        placeholder={t`Choose…`}
        selectedKey={form.industry || null}
        onSelectionChange={change('industry')}
        errorMessage={error('industry')}
        isRequired
      />
    </>
  );
}

/** financialInfoForm: where the money comes from, what the account is for, how much a month, which currencies. */
export function FinancialStep({ actor, lists }: StepProps) {
  const { t, i18n } = useLingui();
  const form = useSelector(actor, (s) => s.context.draft.financialInfoForm);
  const errors = useShown(actor, 'financialInfoForm') ? financialInfoErrors(form) : {};
  const error = (field: string) => errorText(i18n, errors, field);
  const change = (field: string) => (value: string | readonly string[]) => actor.send({ type: 'CHANGE', step: 'financialInfoForm', field, value });
  return (
    <>
      <CheckboxGroup label={t`Sources of funds`} options={lists.sourcesOfFunds.map((s) => ({ id: s.id, label: s.name }))} value={form.sourcesOfFunds} onChange={change('sourcesOfFunds')} errorMessage={error('sourcesOfFunds')} />
      <CheckboxGroup label={t`Purpose of the account`} options={lists.purposes.map((s) => ({ id: s.id, label: s.name }))} value={form.purposesOfAccount} onChange={change('purposesOfAccount')} errorMessage={error('purposesOfAccount')} />
      <Select
        label={t`Estimated monthly deposits`}
        options={lists.deposits.map((d) => ({ id: d.id, label: d.name }))}
        placeholder={t`Choose…`}
        selectedKey={form.estimatedMonthlyDeposit || null}
        onSelectionChange={change('estimatedMonthlyDeposit')}
        errorMessage={error('estimatedMonthlyDeposit')}
        isRequired
      />
      <CheckboxGroup
        label={t`Currencies the company will hold`}
        options={lists.currencies.map((c) => ({ id: c.code, label: `${c.code} · ${c.name}` }))}
        value={form.currencies}
        onChange={change('currencies')}
        errorMessage={error('currencies')}
      />
    </>
  );
}

/** dueDilligenceForm: the additional questions as adjusted on load; a follow-up shows when its answer is given. */
export function DueDiligenceStep({ actor }: StepProps) {
  const { t, i18n } = useLingui();
  const context = useSelector(actor, (s) => s.context);
  const answers = context.draft.dueDilligenceForm.answers;
  const questions = shownQuestions(context.questions, answers);
  const errors: FieldErrors = context.shown.includes('dueDilligenceForm') ? dueDiligenceErrors(factsOf(context).shownQuestions, answers) : {};
  const error = (field: string) => errorText(i18n, errors, field);
  const change = (field: string) => (value: string) => actor.send({ type: 'CHANGE', step: 'dueDilligenceForm', field, value });
  return (
    <>
      {questions.map((question) => {
        const label = questionText(i18n, question);
        const options = questionOptions(i18n, question);
        switch (question.type) {
          case 'radio':
            return <RadioGroup key={question.id} label={label} options={options} value={answers[question.id] ?? null} onChange={change(question.id)} errorMessage={error(question.id)} />;
          case 'select':
            return (
              <Select key={question.id} label={label} options={options} placeholder={t`Choose…`} selectedKey={answers[question.id] || null} onSelectionChange={change(question.id)} errorMessage={error(question.id)} isRequired />
            );
          case 'textarea':
            return <TextArea key={question.id} label={label} rows={3} value={answers[question.id] ?? ''} onChange={change(question.id)} errorMessage={error(question.id)} isRequired />;
          case 'nameAndDate': {
            const { name, date } = nameAndDateAnswer(answers[question.id]);
            return (
              <fieldset key={question.id} className={styles.group}>
                <legend>{label}</legend>
                <div className={styles.pair}>
                  <TextField label={t`Full name`} value={name} onChange={(value) => change(question.id)(nameAndDateText(value, date))} errorMessage={error(question.id)} isRequired maxLength={200} />
                  <TextField label={t`Date of birth`} type="date" value={date} onChange={(value) => change(question.id)(nameAndDateText(name, value))} isRequired />
                </div>
              </fieldset>
            );
          }
          default:
            return <TextField key={question.id} label={label} value={answers[question.id] ?? ''} onChange={change(question.id)} errorMessage={error(question.id)} isRequired maxLength={500} />;
        }
      })}
    </>
  );
}

/** An address's four fields (`prefix.field` names), for the registered address, a person and a company. */
export function AddressFields({ address, onChange, errors, countries, legend, required = true }: {
  address: RegistrationAddress;
  onChange: (field: string, value: string) => void;
  errors: (field: string) => string | null;
  countries: readonly { code: string; name: string }[];
  legend: string;
  required?: boolean;
}) {
  const { t } = useLingui();
  return (
    <fieldset className={styles.group}>
      <legend>{legend}</legend>
      <CountrySelect label={t`Country`} countries={countries} value={address.countryCode} onChange={(value) => onChange('address.countryCode', value)} errorMessage={errors('address.countryCode')} isRequired={required} />
      <TextField label={t`City`} value={address.city} onChange={(value) => onChange('address.city', value)} errorMessage={errors('address.city')} isRequired={required} maxLength={100} />
      <TextField label={t`Street and number`} value={address.street} onChange={(value) => onChange('address.street', value)} errorMessage={errors('address.street')} isRequired={required} maxLength={200} />
      <TextField label={t`Postal code`} value={address.postalCode} onChange={(value) => onChange('address.postalCode', value)} errorMessage={errors('address.postalCode')} isRequired={required} maxLength={20} />
    </fieldset>
  );
}

/** legalForm: the company's registered address (and the agreements the brand lists, when it lists any). */
export function LegalStep({ actor, lists }: StepProps) {
  const { t, i18n } = useLingui();
  const form = useSelector(actor, (s) => s.context.draft.legalForm);
  const agreements = useSelector(actor, (s) => s.context.agreements);
  const errors = useShown(actor, 'legalForm') ? legalFormErrors(form, agreements) : {};
  return (
    <>
      <AddressFields
        legend={t`The company's registered address`}
        address={form.address}
        countries={lists.countries}
        errors={(field) => errorText(i18n, errors, field)}
        onChange={(field, value) => actor.send({ type: 'CHANGE', step: 'legalForm', field, value })}
      />
      {agreements.length > 0 ? (
        <CheckboxGroup
          label={t`Agreements`}
          options={agreements.map((id) => ({ id, label: id }))}
          value={form.agreements}
          onChange={(value) => actor.send({ type: 'CHANGE', step: 'legalForm', field: 'agreements', value })}
          errorMessage={errorText(i18n, errors, 'agreements')}
        />
      ) : null}
    </>
  );
}
