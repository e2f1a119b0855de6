import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { formsForValues, MAX_RESIDENCES, personalProblems, type PersonalCertificationValues, type PersonalField } from '@machines/certification/personal-certification.machine';
import type { UsForm as UsFormKind } from '@machines/certification/tax.rules';
import { SendUsFormButton, TaxResidences, US_FORM_TEXTS } from '@/entities/certification';
import { useCustomerChanged, useStartPage } from '@/entities/session';
import { useRefreshVerification } from '@/entities/verification';
import { DEFAULT_LANGUAGE, parseLanguage } from '@/shared/config';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { inspectOptions, useCountries } from '@/shared/model';
import { Button, buttonClass, Checkbox, CountrySelect, ErrorState, FormAlerts, Preloader, Select, TextField } from '@/shared/ui';
import { certifyLogicFor, type PersonalCertificationLogic } from '../model/certify-actors';
import { personalProblemText } from './personal-certification-texts';
import styles from './personal-certification-form.module.css';

type CertificationActor = ActorRefFrom<PersonalCertificationLogic>;
type Countries = readonly { code: string; name: string }[];

export interface PersonalCertificationFormProps {
  /** Injectable for stories and tests (fake load and submit); default the app's calls in the interface language. */
  logic?: PersonalCertificationLogic;
  /** After the certification is accepted (the verification status is read again first). */
  onCertified?: () => void;
}

/**
 * The personal tax self-certification (spec 002 s3 FATCA/CRS, s5 Tax ids), the view of
 * its statechart: loading, a failed load with a retry, the form (about you, citizenships, US ties,
 * the tax residences, the declaration) and the certified answer with the US forms still needed.
 */
export function PersonalCertificationForm({ logic, onCertified }: PersonalCertificationFormProps) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshVerification();
  const customerChanged = useCustomerChanged();
  // The statechart is started once: its `certified` action calls whatever the page gives now.
  const latest = useRef({ refresh, customerChanged, onCertified });
  useEffect(() => {
    latest.current = { refresh, customerChanged, onCertified };
  });
  const actor = useActorRef(
    (logic ?? certifyLogicFor(parseLanguage(i18n.locale) ?? DEFAULT_LANGUAGE)).provide({
      actions: {
        // Under review now: the verification status and the start page follow without a reload.
        certified: () => {
          latest.current.refresh();
          latest.current.customerChanged();
          latest.current.onCertified?.();
        },
      },
    }),
    { input: { today: new Date().toISOString().slice(0, 10) }, ...inspectOptions() },
  );
  const view = useSelector(actor, (s) => (s.hasTag('loading') ? 'loading' : s.hasTag('loadFailed') ? 'loadFailed' : s.hasTag('certified') ? 'certified' : 'form'));
  const failure = useSelector(actor, (s) => s.context.failure);
  switch (view) {
    case 'loading':
      return <Preloader label={t`Loading your tax details…`} />;
    case 'loadFailed':
      return (
        <ErrorState
          title={t`Your tax details could not be loaded`}
          message={uiMessageText(i18n, failure) ?? t`Check your connection, then try again.`}
          onRetry={() => actor.send({ type: 'RETRY' })}
        />
      );
    case 'certified':
      return <Certified actor={actor} />;
    default:
      return <CertificationForm actor={actor} />;
  }
}

/** The params of the service's field errors that a field of the form shows (the rest go to the form's alert). */
function paramsShown(values: PersonalCertificationValues): Set<string> {
  const params = new Set<string>(['cityOfBirth', 'countryOfBirth', 'dateOfBirth', 'citizenship']);
  values.taxIds.forEach((row, i) => {
    params.add(`taxIds[${i}].countryCode`);
    params.add(`taxIds[${i}].taxId`);
    if (!row.taxId.trim()) {
      params.add(`taxIds[${i}].tinMissingReason`);
      if (row.tinMissingReason === 'cannotObtain') params.add(`taxIds[${i}].tinMissingExplanation`);
    }
  });
  return params;
}

/** The form, while editing and while it is sent (the same form stays, so focus and values stay). */
function CertificationForm({ actor }: { actor: CertificationActor }) {
  const { t, i18n } = useLingui();
  const countries = useCountries();
  const values = useSelector(actor, (s) => s.context.values);
  const table = useSelector(actor, (s) => s.context.table);
  const today = useSelector(actor, (s) => s.context.today);
  const shown = useSelector(actor, (s) => s.context.shown);
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const serverErrors = useSelector(actor, (s) => s.context.serverErrors);
  const failure = useSelector(actor, (s) => s.context.failure);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const certifying = useSelector(actor, (s) => s.context.certifying);
  const formRef = useFocusOnRejectedSubmit(attempts);
  const aboutId = useId();
  const problems = shown ? personalProblems(values, today) : {};
  const personalError = (field: PersonalField | 'citizenship'): string | null => {
    const problem = problems[field];
    return problem ? i18n._(personalProblemText(field, problem)) : uiMessageText(i18n, serverErrors[field]);
  };
  const shownParams = paramsShown(values);
  const otherErrors = Object.entries(serverErrors)
    .filter(([param, message]) => message && !shownParams.has(param))
    .map(([, message]) => uiMessageText(i18n, message));
  const failureText = uiMessageText(i18n, failure);
  const alerts = [failureText, ...otherErrors].filter((text): text is string => Boolean(text));
  const change = (field: PersonalField) => (value: string) => actor.send({ type: 'CHANGE', field, value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };
  return (
    <form ref={formRef} noValidate onSubmit={submit} className={styles.form} aria-busy={busy || undefined}>
      <section className={styles.section} aria-labelledby={aboutId}>
        <h2 id={aboutId}>{t`About you`}</h2>
        {certifying ? <p className={styles.certifying}>{t`You certify as ${certifying.firstName} ${certifying.lastName}, a representative of ${certifying.businessName}.`}</p> : null}
        <TextField label={t`City of birth`} value={values.cityOfBirth} onChange={change('cityOfBirth')} errorMessage={personalError('cityOfBirth')} isRequired maxLength={100} />
        <CountrySelect label={t`Country of birth`} countries={countries} value={values.countryOfBirth} onChange={change('countryOfBirth')} errorMessage={personalError('countryOfBirth')} />
        <TextField label={t`Date of birth`} type="date" autoComplete="bday" value={values.dateOfBirth} onChange={change('dateOfBirth')} errorMessage={personalError('dateOfBirth')} isRequired />
        <Citizenship actor={actor} countries={countries} chosen={values.citizenship} errorMessage={personalError('citizenship')} />
        <UsTies actor={actor} values={values} />
      </section>
      <TaxResidences
        kind="personal"
        title={t`Tax residences`}
        countries={countries}
        rows={values.taxIds}
        table={table}
        shown={shown}
        max={MAX_RESIDENCES}
        param="taxIds"
        serverError={(param) => uiMessageText(i18n, serverErrors[param])}
        onChange={(index, field, value) => actor.send({ type: 'CHANGE_RESIDENCE', index, field, value })}
        onAdd={() => actor.send({ type: 'ADD_RESIDENCE' })}
        onRemove={(index) => actor.send({ type: 'REMOVE_RESIDENCE', index })}
      />
      <FormAlerts messages={alerts} />
      <p className={styles.declaration}>{t`I declare that the information given is true and complete, and I will tell you within 30 days if it changes.`}</p>
      <div className={styles.buttons}>
        <Button type="submit" isPending={busy}>
          {t`Sign and send`}
        </Button>
      </div>
    </form>
  );
}

/** The citizenships chosen (each with Remove) and a list to add one more. */
function Citizenship({ actor, countries, chosen, errorMessage }: { actor: CertificationActor; countries: Countries; chosen: readonly string[]; errorMessage: string | null }) {
  const { t } = useLingui();
  const adder = useRef<HTMLDivElement>(null);
  const nameOf = (code: string) => countries.find((c) => c.code === code)?.name ?? code;
  const remove = (code: string) => {
    actor.send({ type: 'SET_CITIZENSHIP', codes: chosen.filter((c) => c !== code) });
    // The button is gone: focus goes to where another citizenship is added.
    adder.current?.querySelector('select')?.focus();
  };
  return (
    <fieldset className={styles.group}>
      <legend>{t`Citizenship`}</legend>
      {chosen.length > 0 ? (
        <ul className={styles.chosen}>
          {chosen.map((code) => {
            const name = nameOf(code);
            return (
              <li key={code} className={styles.chosenItem}>
                <span className={styles.chosenName}>{name}</span>
                <Button variant="secondary" aria-label={t`Remove ${name}`} onPress={() => remove(code)}>
                  {t`Remove`}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div ref={adder}>
        <Select
          label={t`Add a citizenship`}
          options={countries.filter((c) => !chosen.includes(c.code)).map((c) => ({ id: c.code, label: c.name }))}
          placeholder={t`Choose…`}
          selectedKey={null}
          onSelectionChange={(code) => {
            if (code) actor.send({ type: 'SET_CITIZENSHIP', codes: [...chosen, code] });
          }}
          errorMessage={errorMessage}
        />
      </div>
    </fieldset>
  );
}

/** US taxpayer and US indicia, and the US forms these answers will ask for. */
function UsTies({ actor, values }: { actor: CertificationActor; values: PersonalCertificationValues }) {
  const { t, i18n } = useLingui();
  const forms = formsForValues(values);
  return (
    <div className={styles.flags}>
      <Checkbox isSelected={values.isUSTaxPayer} onChange={(value) => actor.send({ type: 'SET_FLAG', flag: 'isUSTaxPayer', value })}>
        {t`I am a US citizen or US tax resident (US taxpayer)`}
      </Checkbox>
      <Checkbox isSelected={values.hasUSIndicia} onChange={(value) => actor.send({ type: 'SET_FLAG', flag: 'hasUSIndicia', value })}>
        {t`I have other ties to the United States (a US address, phone or standing instructions)`}
      </Checkbox>
      <div aria-live="polite">
        {forms.length > 0 ? (
          <div className={styles.note}>
            <p>{t`With these answers we will also ask you for:`}</p>
            <ul>
              {forms.map((form) => (
                <li key={form}>{i18n._(US_FORM_TEXTS[form])}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** Certified: under review, the US forms still needed, and a way back to the answers. */
function Certified({ actor }: { actor: CertificationActor }) {
  const { t, i18n } = useLingui();
  const forms = useSelector(actor, (s) => s.context.forms);
  // A representative through their link: the company collects their US forms, and there is no app to go on to.
  const representative = useSelector(actor, (s) => s.context.certifying !== null);
  const startPage = useStartPage();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: focus goes to what happened.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.done} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t`Thank you. Your self-certification is under review.`}
      </h2>
      {forms.length > 0 ? (
        <>
          <p>{representative ? t`Still needed (the company will send you these forms to sign):` : t`Still needed:`}</p>
          <ul className={styles.formsList}>
            {forms.map((form) => (
              <li key={form} className={styles.formItem}>
                <span>{i18n._(US_FORM_TEXTS[form])}</span>
                {representative ? null : <SendUsFormButton form={form} customer="personal" onSent={(given) => actor.send({ type: 'FORM_GIVEN', form: given as UsFormKind })} />}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className={styles.buttons}>
        {representative ? null : (
          <Link to={startPage} className={buttonClass('primary')}>
            {t`Continue`}
          </Link>
        )}
        <Button variant="secondary" onPress={() => actor.send({ type: 'EDIT' })}>
          {t`Change my answers`}
        </Button>
      </div>
    </section>
  );
}
