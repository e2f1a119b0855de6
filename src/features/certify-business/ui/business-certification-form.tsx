import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { businessFormsForValues, type BusinessCertificationValues, type CompanyPerson } from '@machines/certification/business-certification.machine';
import {
  asksDisregardedEntity,
  businessProblems,
  CONTROL_TYPES,
  entityTypeOf,
  GIIN_MISSING_REASONS,
  MAX_CONTROLLING_PERSONS,
  MAX_PERSON_RESIDENCES,
  needsControllingPersons,
  questionsAsked,
  type BusinessQuestions,
  type ControllingPerson,
  type PersonField,
  type PersonProblems,
  type TextQuestion,
  type YesNoQuestion,
} from '@machines/certification/business.rules';
import { MAX_RESIDENCES } from '@machines/certification/personal-certification.machine';
import type { TaxReferenceTable } from '@machines/certification/tax.rules';
import { SendUsFormButton, TaxResidences, US_FORM_TEXTS } from '@/entities/certification';
import { useCustomerChanged, useStartPage } from '@/entities/session';
import { useRefreshVerification } from '@/entities/verification';
import { DEFAULT_LANGUAGE, parseLanguage } from '@/shared/config';
import { uiMessageText, useFocusOnRejectedSubmit, useListFocus } from '@/shared/lib';
import { inspectOptions, useCountries } from '@/shared/model';
import { Button, buttonClass, Checkbox, CountrySelect, ErrorState, FormAlerts, Preloader, RadioGroup, Select, TextField } from '@/shared/ui';
import { certifyBusinessLogicFor, type BusinessCertificationLogic } from '../model/certify-business-actors';
import { CONTROL_TYPE_TEXTS, ENTITY_TYPE_TEXTS, GIIN_REASON_TEXTS, personProblemText, QUESTION_PROBLEM_TEXTS, QUESTION_TEXTS } from './business-certification-texts';
import styles from './business-certification-form.module.css';

type CertificationActor = ActorRefFrom<BusinessCertificationLogic>;
type Countries = readonly { code: string; name: string }[];

export interface BusinessCertificationFormProps {
  /** Injectable for stories (fake load and submit); default the app's calls in the interface language. */
  logic?: BusinessCertificationLogic;
}

/**
 * The business tax self-certification (spec 002 s3 FATCA/CRS, s5 Tax ids), the view of
 * its statechart: loading, a failed load with a retry, the form (the questions in order, US ties,
 * the company's tax residences, a passive NFE's controlling persons, the declaration) and the
 * certified answer with the US form still needed and the way on to the start page.
 */
export function BusinessCertificationForm({ logic }: BusinessCertificationFormProps) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshVerification();
  const customerChanged = useCustomerChanged();
  // The statechart is started once: its `certified` action calls whatever the page gives now.
  const latest = useRef({ refresh, customerChanged });
  useEffect(() => {
    latest.current = { refresh, customerChanged };
  });
  const actor = useActorRef(
    (logic ?? certifyBusinessLogicFor(parseLanguage(i18n.locale) ?? DEFAULT_LANGUAGE)).provide({
      actions: {
        // Under review now: the verification status and the start page follow without a reload.
        certified: () => {
          latest.current.refresh();
          latest.current.customerChanged();
        },
      },
    }),
    { input: { today: new Date().toISOString().slice(0, 10) }, ...inspectOptions() },
  );
  const view = useSelector(actor, (s) => (s.hasTag('loading') ? 'loading' : s.hasTag('loadFailed') ? 'loadFailed' : s.hasTag('certified') ? 'certified' : 'form'));
  const failure = useSelector(actor, (s) => s.context.failure);
  switch (view) {
    case 'loading':
      return <Preloader label={t`Loading the company’s tax details…`} />;
    case 'loadFailed':
      return (
        <ErrorState
          title={t`The company’s tax details could not be loaded`}
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

/** The params of the service's errors that a field shows (the rest go to the form's alert). */
function paramsShown(values: BusinessCertificationValues): Set<string> {
  const params = new Set<string>(['entityType', 'controllingPersons']);
  for (const question of questionsAsked(values.questions)) params.add(`questions.${question}`);
  const residences = (prefix: string, rows: BusinessCertificationValues['taxIds']) =>
    rows.forEach((_, i) => ['countryCode', 'taxId', 'tinMissingReason', 'tinMissingExplanation'].forEach((field) => params.add(`${prefix}[${i}].${field}`)));
  residences('taxIds', values.taxIds);
  if (needsControllingPersons(values.questions)) {
    values.controllingPersons.forEach((person, i) => {
      for (const field of ['firstName', 'lastName', 'dateOfBirth', 'countryOfBirth', 'controlType']) params.add(`controllingPersons[${i}].${field}`);
      residences(`controllingPersons[${i}].taxIds`, person.taxIds);
    });
  }
  return params;
}

function CertificationForm({ actor }: { actor: CertificationActor }) {
  const { t, i18n } = useLingui();
  const countries = useCountries();
  const values = useSelector(actor, (s) => s.context.values);
  const table = useSelector(actor, (s) => s.context.table);
  const people = useSelector(actor, (s) => s.context.people);
  const today = useSelector(actor, (s) => s.context.today);
  const shown = useSelector(actor, (s) => s.context.shown);
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const serverErrors = useSelector(actor, (s) => s.context.serverErrors);
  const failure = useSelector(actor, (s) => s.context.failure);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const formRef = useFocusOnRejectedSubmit(attempts);
  const companyId = useId();
  const usId = useId();
  const problems = shown ? businessProblems(values, table, today) : null;
  const serverError = (param: string) => uiMessageText(i18n, serverErrors[param]);
  const shownParams = paramsShown(values);
  const otherErrors = Object.entries(serverErrors)
    .filter(([param, message]) => message && !shownParams.has(param))
    .map(([, message]) => uiMessageText(i18n, message));
  const alerts = [uiMessageText(i18n, failure), serverError('entityType'), ...otherErrors].filter((text): text is string => Boolean(text));
  const forms = businessFormsForValues(values);
  const entityType = entityTypeOf(values.questions);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };
  return (
    <form ref={formRef} noValidate onSubmit={submit} className={styles.form} aria-busy={busy || undefined}>
      <section className={styles.section} aria-labelledby={companyId}>
        <h2 id={companyId}>{t`About the company`}</h2>
        <Questions actor={actor} questions={values.questions} problems={problems?.questions ?? {}} serverError={serverError} />
        <p className={styles.classification} aria-live="polite">
          {entityType ? t`The company is classified as: ${i18n._(ENTITY_TYPE_TEXTS[entityType])}` : null}
        </p>
      </section>
      <section className={styles.section} aria-labelledby={usId}>
        <h2 id={usId}>{t`Ties to the United States`}</h2>
        <div className={styles.flags}>
          <Checkbox isSelected={values.isUSTaxPayer} onChange={(value) => actor.send({ type: 'SET_FLAG', flag: 'isUSTaxPayer', value })}>
            {t`The company is a US taxpayer (a US person for tax purposes)`}
          </Checkbox>
          {asksDisregardedEntity(values.isUSTaxPayer) ? (
            <Checkbox isSelected={values.isDisregardedEntity} onChange={(value) => actor.send({ type: 'SET_FLAG', flag: 'isDisregardedEntity', value })}>
              {t`The company is a disregarded entity (its single owner is taxed on its income)`}
            </Checkbox>
          ) : null}
        </div>
        <div aria-live="polite">
          {forms.length > 0 ? (
            <div className={styles.note}>
              <p>{t`With these answers we will also ask the company for:`}</p>
              <ul>
                {forms.map((form) => (
                  <li key={form}>{i18n._(US_FORM_TEXTS[form])}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </section>
      <TaxResidences
        kind="business"
        title={t`The company’s tax residences`}
        countries={countries}
        rows={values.taxIds}
        table={table}
        shown={shown}
        max={MAX_RESIDENCES}
        param="taxIds"
        serverError={serverError}
        onChange={(index, field, value) => actor.send({ type: 'CHANGE_RESIDENCE', index, field, value })}
        onAdd={() => actor.send({ type: 'ADD_RESIDENCE' })}
        onRemove={(index) => actor.send({ type: 'REMOVE_RESIDENCE', index })}
      />
      {needsControllingPersons(values.questions) ? (
        <ControllingPersons
          actor={actor}
          countries={countries}
          persons={values.controllingPersons}
          people={people}
          table={table}
          shown={shown}
          problems={problems?.persons ?? []}
          required={Boolean(problems?.controllingPersonsRequired)}
          serverError={serverError}
        />
      ) : null}
      <FormAlerts messages={alerts} />
      <p className={styles.declaration}>{t`I declare, on the company’s behalf, that the information given is true and complete, and we will tell you within 30 days if it changes.`}</p>
      <div className={styles.buttons}>
        <Button type="submit" isPending={busy}>
          {t`Sign and send`}
        </Button>
      </div>
    </form>
  );
}

const yesNo = (value: boolean | null): string | null => (value === null ? null : value ? 'yes' : 'no');

/** The questions asked now, in order; an answer opens or closes those after it. */
function Questions({ actor, questions, problems, serverError }: {
  actor: CertificationActor;
  questions: BusinessQuestions;
  problems: Partial<Record<keyof BusinessQuestions, keyof typeof QUESTION_PROBLEM_TEXTS>>;
  serverError: (param: string) => string | null;
}) {
  const { t, i18n } = useLingui();
  const error = (question: keyof BusinessQuestions): string | null => {
    const problem = problems[question];
    return problem ? i18n._(QUESTION_PROBLEM_TEXTS[problem]) : serverError(`questions.${question}`);
  };
  const answer = (question: YesNoQuestion) => (value: string) => actor.send({ type: 'ANSWER', question, value: value === 'yes' });
  const change = (question: TextQuestion) => (value: string) => actor.send({ type: 'CHANGE', question, value });
  const options = [
    { id: 'yes', label: t`Yes` },
    { id: 'no', label: t`No` },
  ];
  return (
    <div className={styles.questions}>
      {questionsAsked(questions).map((question) => {
        const label = i18n._(QUESTION_TEXTS[question]);
        switch (question) {
          case 'isFinancialInstitution':
          case 'isUsingClientFunds':
          case 'isManagedByFinancialInstitution':
          case 'isPubliclyTraded':
          case 'isOwnPubliclyTradedCompany':
          case 'isEarnPassiveIncome':
            return <RadioGroup key={question} label={label} options={options} value={yesNo(questions[question])} onChange={answer(question)} errorMessage={error(question)} />;
          case 'giin':
            return (
              <TextField
                key={question}
                label={label}
                description={t`Like 98Q96B.00000.LE.250. Leave it empty if the company has none.`}
                value={questions.giin}
                onChange={change('giin')}
                errorMessage={error('giin')}
                maxLength={19}
                spellCheck={false}
                autoComplete="off"
              />
            );
          case 'giinMissingReason':
            return (
              <RadioGroup
                key={question}
                label={label}
                options={GIIN_MISSING_REASONS.map((reason) => ({ id: reason, label: i18n._(GIIN_REASON_TEXTS[reason]) }))}
                value={questions.giinMissingReason || null}
                onChange={change('giinMissingReason')}
                errorMessage={error('giinMissingReason')}
              />
            );
          case 'companyTicket':
          case 'companyOwnedByYouTicket':
            return <TextField key={question} label={label} value={questions[question]} onChange={change(question)} errorMessage={error(question)} isRequired maxLength={12} spellCheck={false} autoComplete="off" />;
          default:
            return <TextField key={question} label={label} value={questions[question]} onChange={change(question)} errorMessage={error(question)} isRequired maxLength={100} />;
        }
      })}
    </div>
  );
}

const sameName = (a: { firstName: string; lastName: string }, b: { firstName: string; lastName: string }) =>
  a.firstName.trim().toLowerCase() === b.firstName.trim().toLowerCase() && a.lastName.trim().toLowerCase() === b.lastName.trim().toLowerCase();

/** A passive NFE's controlling persons: each with how they control the company and their own tax residences; added from the shareholders and directors or new. */
function ControllingPersons({ actor, countries, persons, people, table, shown, problems, required, serverError }: {
  actor: CertificationActor;
  countries: Countries;
  persons: readonly ControllingPerson[];
  people: readonly CompanyPerson[];
  table: TaxReferenceTable;
  shown: boolean;
  problems: readonly PersonProblems[];
  required: boolean;
  serverError: (param: string) => string | null;
}) {
  const { t } = useLingui();
  const headingId = useId();
  // A person added: focus goes to their first name. Removed (the button is gone): to the heading.
  const { heading, list, added, removed } = useListFocus(persons.length, '[data-person]:last-child input');
  const offered = people.filter((person) => !persons.some((p) => sameName(p, person)));
  const add = (fromId?: number) => {
    added();
    actor.send(fromId === undefined ? { type: 'ADD_PERSON' } : { type: 'ADD_PERSON', fromId });
  };
  const requiredText = required ? t`Name at least one controlling person.` : serverError('controllingPersons');
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t`Controlling persons`}
      </h2>
      <p className={styles.hint}>{t`The people who own 25 % or more of the company or control it otherwise; if there are none, its senior managing officials.`}</p>
      {requiredText ? (
        <p className={styles.error} role="alert">
          {requiredText}
        </p>
      ) : null}
      <div ref={list} className={styles.persons}>
        {persons.map((person, index) => (
          <Person
            key={index}
            actor={actor}
            countries={countries}
            person={person}
            index={index}
            table={table}
            shown={shown}
            problems={problems[index]}
            serverError={serverError}
            onRemove={() => {
              removed();
              actor.send({ type: 'REMOVE_PERSON', index });
            }}
          />
        ))}
      </div>
      {persons.length < MAX_CONTROLLING_PERSONS ? (
        <div className={styles.adders}>
          {offered.length > 0 ? (
            <Select
              label={t`Add a shareholder or director`}
              options={offered.map((p) => ({ id: String(p.id), label: p.role === 'shareholder' && p.share ? t`${p.firstName} ${p.lastName} (shareholder, ${p.share} %)` : t`${p.firstName} ${p.lastName} (director)` }))}
              placeholder={t`Choose…`}
              selectedKey={null}
              onSelectionChange={(id) => {
                if (id) add(Number(id));
              }}
            />
          ) : null}
          <div className={styles.buttons}>
            <Button variant="secondary" onPress={() => add()}>
              {t`Add another person`}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function Person({ actor, countries, person, index, table, shown, problems, serverError, onRemove }: {
  actor: CertificationActor;
  countries: Countries;
  person: ControllingPerson;
  index: number;
  table: TaxReferenceTable;
  shown: boolean;
  problems: PersonProblems | undefined;
  serverError: (param: string) => string | null;
  onRemove: () => void;
}) {
  const { t, i18n } = useLingui();
  const n = index + 1;
  const name = [person.firstName.trim(), person.lastName.trim()].filter(Boolean).join(' ') || t`Person ${n}`;
  const error = (field: PersonField): string | null => {
    const problem = problems?.fields[field];
    return problem ? i18n._(personProblemText(field, problem)) : serverError(`controllingPersons[${index}].${field}`);
  };
  const change = (field: PersonField) => (value: string) => actor.send({ type: 'CHANGE_PERSON', index, field, value });
  return (
    <fieldset className={styles.group} data-person>
      <legend>{t`Controlling person ${n}: ${name}`}</legend>
      <TextField label={t`First name`} value={person.firstName} onChange={change('firstName')} errorMessage={error('firstName')} isRequired maxLength={100} autoComplete="off" />
      <TextField label={t`Last name`} value={person.lastName} onChange={change('lastName')} errorMessage={error('lastName')} isRequired maxLength={100} autoComplete="off" />
      <TextField label={t`Date of birth`} type="date" value={person.dateOfBirth} onChange={change('dateOfBirth')} errorMessage={error('dateOfBirth')} isRequired />
      <CountrySelect label={t`Country of birth`} countries={countries} value={person.countryOfBirth} onChange={change('countryOfBirth')} errorMessage={error('countryOfBirth')} />
      <RadioGroup
        label={t`How does this person control the company?`}
        options={CONTROL_TYPES.map((type) => ({ id: type, label: i18n._(CONTROL_TYPE_TEXTS[type]) }))}
        value={person.controlType || null}
        onChange={change('controlType')}
        errorMessage={error('controlType')}
      />
      <TaxResidences
        kind="personal"
        level={3}
        title={t`Tax residences of ${name}`}
        countries={countries}
        rows={person.taxIds}
        table={table}
        shown={shown}
        max={MAX_PERSON_RESIDENCES}
        param={`controllingPersons[${index}].taxIds`}
        serverError={serverError}
        onChange={(row, field, value) => actor.send({ type: 'CHANGE_PERSON_RESIDENCE', index, row, field, value })}
        onAdd={() => actor.send({ type: 'ADD_PERSON_RESIDENCE', index })}
        onRemove={(row) => actor.send({ type: 'REMOVE_PERSON_RESIDENCE', index, row })}
      />
      <div className={styles.buttons}>
        <Button variant="secondary" aria-label={t`Remove ${name} from the controlling persons`} onPress={onRemove}>
          {t`Remove`}
        </Button>
      </div>
    </fieldset>
  );
}

/** Certified: under review, the US form still needed, the way on to the start page, and back to the answers. */
function Certified({ actor }: { actor: CertificationActor }) {
  const { t, i18n } = useLingui();
  const forms = useSelector(actor, (s) => s.context.forms);
  const startPage = useStartPage();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: focus goes to what happened.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.done} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t`Thank you. The company’s self-certification is under review.`}
      </h2>
      {forms.length > 0 ? (
        <>
          <p>{t`Still needed:`}</p>
          <ul className={styles.formsList}>
            {forms.map((form) => (
              <li key={form} className={styles.formItem}>
                <span>{i18n._(US_FORM_TEXTS[form])}</span>
                <SendUsFormButton form={form} customer="business" onSent={() => actor.send({ type: 'FORM_GIVEN', form })} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className={styles.buttons}>
        <Link to={startPage} className={buttonClass('primary')}>
          {t`Continue`}
        </Link>
        <Button variant="secondary" onPress={() => actor.send({ type: 'EDIT' })}>
          {t`Change the answers`}
        </Button>
      </div>
    </section>
  );
}
