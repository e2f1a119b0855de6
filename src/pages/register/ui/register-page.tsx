import { useEffect, useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { personalRegistrationLogic, PersonalRegistrationForm, type PersonalRegistrationActor } from '@/features/register-personal';
import { BusinessWizard, businessWizardLogic, readBusinessDraft, type BusinessWizardActor, type WizardLists } from '@/features/register-business';
import { referenceListQuery } from '@/entities/dictionary';
import { useCountryPreselection } from '@/entities/security';
import { track } from '@/shared/analytics';
import { usePageTitle } from '@/shared/lib';
import { inspectOptions, useBrand, useCountries, useCurrencies } from '@/shared/model';
import { QueryState, SandboxCaptcha } from '@/shared/ui';
import type { Language } from '@/shared/config';
import type { AdditionalQuestion } from '@machines/registration/registration.rules';
import styles from './register-page.module.css';

/** /register (002 s2): how to open an account (only where the brand allows registration: the route's guard). */
export function RegisterPage() {
  const { t } = useLingui();
  const { config } = useBrand();
  usePageTitle(t`Open an account`, config.displayName);
  return (
    <section className={styles.page} aria-labelledby="register-title">
      <h1 id="register-title">{t`Open an account with ${config.displayName}`}</h1>
      <ul className={styles.choices}>
        <li>
          <Link to="/register/personal" className={styles.choice}>
            <span className={styles.choiceTitle}>{t`A personal account`}</span>
            <span>{t`For you as a person: hold money, get paid, pay and send.`}</span>
          </Link>
        </li>
        <li>
          <Link to="/register/business" className={styles.choice}>
            <span className={styles.choiceTitle}>{t`A business account`}</span>
            <span>{t`For a company: its directors, shareholders and the users who act for it. Your answers are kept on this device until you submit.`}</span>
          </Link>
        </li>
      </ul>
      <p>
        {t`Already have an account?`} <Link to="/login">{t`Sign in`}</Link>
      </p>
    </section>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Public pages carry no query cache (first paint): registration's reference lists have their own,
 * made with the page's chunk (the lists also stay in sessionStorage per language).
 */
const registrationQueries = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

/**
 * /register/personal (002 s2): the personal form once its lists are here (sources of funds and the
 * personal agreements, in the interface language; countries from the dictionaries), then the
 * completion popup, then the sign-in.
 */
export function RegisterPersonalPage() {
  return (
    <QueryClientProvider client={registrationQueries}>
      <RegisterPersonal />
    </QueryClientProvider>
  );
}

function RegisterPersonal() {
  const { t, i18n } = useLingui();
  const { config } = useBrand();
  usePageTitle(t`Personal account`, config.displayName);
  const language = i18n.locale as Language;
  const sources = useQuery(referenceListQuery('personalSourcesOfFunds', language));
  const agreements = useQuery(referenceListQuery('personalAgreements', language));
  return (
    <section className={styles.page} aria-labelledby="register-personal-title">
      <h1 id="register-personal-title">{t`Open a personal account`}</h1>
      <p>
        {t`Already have an account?`} <Link to="/login">{t`Sign in`}</Link>
      </p>
      {sources.data && agreements.data ? (
        <PersonalForm types={config.registrationTypes.personal} sources={sources.data} agreements={agreements.data} />
      ) : (
        <QueryState query={sources.isError ? sources : agreements} title={t`The form could not be loaded`} />
      )}
    </section>
  );
}

function PersonalForm({ types, sources, agreements }: { types: readonly string[]; sources: readonly { id: string; name: string }[]; agreements: readonly { id: string; name: string; url?: string | undefined }[] }) {
  const navigate = useNavigate();
  const countries = useCountries();
  const brand = useBrand().config.id;
  const input = useMemo(() => ({ today: today(), agreements: agreements.map((a) => a.id), registrationType: types.length === 1 ? types[0] : undefined, brand }), [agreements, types, brand]);
  const actor: PersonalRegistrationActor = useActorRef(personalRegistrationLogic, { ...inspectOptions(), input });
  // The funnel (002 s9): leaving the form before the account exists is "Leave Registration".
  useEffect(() => () => void (actor.getSnapshot().hasTag('completed') || track('Leave Registration', { registration: 'personal' })), [actor]);
  const captcha = useSelector(actor, (s) => s.context.captcha);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  // The address's country preselected from where the browser is (never from a VPN; the customer's choice wins).
  const countryCode = useSelector(actor, (s) => s.context.values.countryCode ?? '');
  const offered = useMemo(() => countries.map((c) => c.code), [countries]);
  useCountryPreselection({ current: countryCode, offered, apply: (code) => actor.send({ type: 'CHANGE', field: 'countryCode', value: code }) });
  return (
    <PersonalRegistrationForm
      actor={actor}
      types={types}
      countries={countries}
      sources={sources}
      agreements={agreements}
      captcha={<SandboxCaptcha token={captcha} onToken={(token) => actor.send({ type: 'CAPTCHA', token })} isDisabled={busy} />}
      onDone={() => void navigate({ to: '/login', replace: true })}
    />
  );
}

/**
 * /register/business (002 s2, s4): the business lists first (sources of funds, purposes,
 * estimated monthly deposits, industries, the additional questions, a person's sources of funds),
 * then the wizard on the draft kept on this device (read back only at version 3.54).
 */
export function RegisterBusinessPage() {
  return (
    <QueryClientProvider client={registrationQueries}>
      <RegisterBusiness />
    </QueryClientProvider>
  );
}

function RegisterBusiness() {
  const { t, i18n } = useLingui();
  const { config } = useBrand();
  usePageTitle(t`Business account`, config.displayName);
  const language = i18n.locale as Language;
  const queries = [
    useQuery(referenceListQuery('businessSourcesOfFunds', language)),
    useQuery(referenceListQuery('businessPurposeOfAccount', language)),
    useQuery(referenceListQuery('estimatedMonthlyDeposits', language)),
    useQuery(referenceListQuery('industries', language)),
    useQuery(referenceListQuery('businessAdditionalQuestions', language)),
    useQuery(referenceListQuery('employeeSourcesOfFunds', language)),
  ] as const;
  const [sources, purposes, deposits, industries, questions, personSources] = queries;
  const failed = queries.find((q) => q.isError);
  return (
    <section className={styles.page} aria-labelledby="register-business-title">
      <h1 id="register-business-title">{t`Open a business account`}</h1>
      <p>
        {t`Already have an account?`} <Link to="/login">{t`Sign in`}</Link>
      </p>
      {sources.data && purposes.data && deposits.data && industries.data && questions.data && personSources.data ? (
        <BusinessForm
          lists={{ sourcesOfFunds: sources.data, purposes: purposes.data, deposits: deposits.data, industries: industries.data, personSources: personSources.data }}
          questions={questions.data}
        />
      ) : (
        <QueryState query={failed ?? sources} title={t`The form could not be loaded`} />
      )}
    </section>
  );
}

type LoadedLists = Pick<WizardLists, 'sourcesOfFunds' | 'purposes' | 'deposits' | 'industries' | 'personSources'>;

function BusinessForm({ lists, questions }: { lists: LoadedLists; questions: readonly AdditionalQuestion[] }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { config } = useBrand();
  const countries = useCountries();
  const currencies = useCurrencies();
  // Read once: the statechart owns the draft from here on and saves it on every change.
  const input = useMemo(() => ({ draft: readBusinessDraft(), questions, sourceOfWealth: config.features.sourceOfWealth, agreements: [], today: today(), brand: config.id }), [questions, config]);
  const actor: BusinessWizardActor = useActorRef(businessWizardLogic, { ...inspectOptions(), input });
  // The funnel (002 s9): leaving the wizard before the account exists is "Leave Registration".
  useEffect(() => () => void (actor.getSnapshot().hasTag('completed') || track('Leave Registration', { registration: 'business' })), [actor]);
  // Access rights are a lazily loaded list: asked for once the users' step or a user's form needs them.
  const needsRights = useSelector(actor, (s) => s.hasTag('usersHub') || !!s.context.node?.person?.isUser);
  const rights = useQuery({ ...referenceListQuery('accessRights', i18n.locale as Language), enabled: needsRights });
  const captcha = useSelector(actor, (s) => s.context.captcha);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <BusinessWizard
      actor={actor}
      lists={{
        ...lists,
        businessTypes: config.registrationTypes.business,
        countries,
        currencies,
        adultIndustry: config.features.adultOptions,
        accessRights: rights.data ?? null,
      }}
      captcha={<SandboxCaptcha token={captcha} onToken={(token) => actor.send({ type: 'CAPTCHA', token })} isDisabled={busy} />}
      onDone={() => void navigate({ to: '/', replace: true })}
    />
  );
}
