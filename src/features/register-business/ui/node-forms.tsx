import type { FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { companyErrors, largestShare, personErrors } from '@machines/registration/registration-draft';
import { assignableAccessRights, EMAIL_STATE, needsSourceDetails } from '@machines/registration/registration.rules';
import { focusFirstInvalidSoon } from '@/shared/lib';
import { Button, Checkbox, CheckboxGroup, CountrySelect, Select, TextArea, TextField } from '@/shared/ui';
import { AddressFields } from './form-steps';
import { errorText, type BusinessWizardActor, type WizardLists } from './wizard-parts';
import styles from './business-wizard.module.css';

interface NodeProps {
  actor: BusinessWizardActor;
  lists: WizardLists;
}

function NodeButtons({ actor }: { actor: BusinessWizardActor }) {
  const { t } = useLingui();
  return (
    <div className={styles.buttons}>
      <Button type="submit">{t`Save`}</Button>
      <Button variant="secondary" onPress={() => actor.send({ type: 'CANCEL' })}>
        {t`Cancel`}
      </Button>
    </div>
  );
}

/**
 * A person of the tree (a director, a shareholder, a user: one form for any of these): name, birth
 * date, e-mail (checked while typed once the person is a user), phone, address, tax id; sources of
 * funds with their details when the person holds 25 % or more and the brand asks for source of
 * wealth; a user's access rights (never right 5).
 */
export function PersonForm({ actor, lists }: NodeProps) {
  const { t, i18n } = useLingui();
  const node = useSelector(actor, (s) => s.context.node);
  const draft = useSelector(actor, (s) => s.context.draft);
  const today = useSelector(actor, (s) => s.context.today);
  const sourceOfWealth = useSelector(actor, (s) => s.context.sourceOfWealth);
  const checking = useSelector(actor, (s) => s.hasTag('checkingEmail'));
  const person = node?.person;
  if (!node || !person) return null;
  const share = largestShare({ ...draft, persons: { ...draft.persons, [person.id]: person } }, person.id);
  const detailsNeeded = share !== null && needsSourceDetails(share, sourceOfWealth);
  const errors = node.shown ? personErrors(person, { today, needsSourceDetails: detailsNeeded }) : {};
  const error = (field: string) => {
    // A user's taken e-mail shows at once; the rest once Save was tried.
    if (field === 'email' && person.isUser && (person.emailState === EMAIL_STATE.exists || person.emailState === EMAIL_STATE.employee)) return errorText(i18n, { email: 'emailTaken' }, 'email');
    return errorText(i18n, errors, field);
  };
  const change = (field: string) => (value: string | boolean | number | null | readonly string[] | Readonly<Record<string, string>>) => actor.send({ type: 'NODE_CHANGE', field, value });
  const emailNote = !person.isUser
    ? undefined
    : checking
      ? t`Checking the e-mail…`
      : person.emailState === EMAIL_STATE.free
        ? t`This e-mail is free.`
        : person.emailState === EMAIL_STATE.error
          ? t`The e-mail could not be checked. It is checked again when you change it.`
          : t`A user's e-mail is checked: it must not have an account yet.`;
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SAVE' });
    // The first field with a problem gets the focus once SAVE was refused (after the errors are drawn).
    focusFirstInvalidSoon(event.currentTarget);
  };
  const rights = lists.accessRights;
  return (
    <form className={styles.form} onSubmit={save} noValidate data-wizard aria-busy={checking}>
      <div className={styles.pair}>
        <TextField label={t`First name`} value={person.firstName} onChange={change('firstName')} errorMessage={error('firstName')} isRequired maxLength={100} />
        <TextField label={t`Last name`} value={person.lastName} onChange={change('lastName')} errorMessage={error('lastName')} isRequired maxLength={100} />
      </div>
      <TextField type="date" label={t`Date of birth`} value={person.birthday} onChange={change('birthday')} errorMessage={error('birthday')} isRequired />
      <TextField type="email" label={t`E-mail`} description={emailNote} value={person.email} onChange={change('email')} errorMessage={error('email')} isRequired maxLength={254} />
      <TextField type="tel" label={t`Phone (optional)`} value={person.phone} onChange={change('phone')} errorMessage={error('phone')} maxLength={20} />
      <AddressFields legend={t`Address (optional)`} address={person.address} countries={lists.countries} errors={error} onChange={(field, value) => change(field)(value)} required={false} />
      <TextField label={t`Tax id (optional)`} value={person.taxId} onChange={change('taxId')} errorMessage={error('taxId')} maxLength={40} />
      {detailsNeeded ? (
        <fieldset className={styles.group}>
          <legend>{t`Sources of funds (holds ${share} %)`}</legend>
          <CheckboxGroup
            label={t`Where the money comes from`}
            options={lists.personSources.map((s) => ({ id: s.id, label: s.name }))}
            value={person.sourceOfFunds}
            onChange={change('sourceOfFunds')}
            errorMessage={error('sourceOfFunds')}
          />
          {person.sourceOfFunds.map((source) => (
            <TextArea
              key={source}
              rows={2}
              label={t`Describe: ${lists.personSources.find((s) => s.id === source)?.name ?? source}`}
              value={person.sourceDetails[source] ?? ''}
              onChange={(value) => change('sourceDetails')({ ...person.sourceDetails, [source]: value })}
              errorMessage={!(person.sourceDetails[source] ?? '').trim() ? error('sourceDetails') : null}
              isRequired
            />
          ))}
        </fieldset>
      ) : null}
      <Checkbox isSelected={person.isUser} onChange={(selected) => change('isUser')(selected)}>
        {t`This person signs in and acts for the company (a user)`}
      </Checkbox>
      {person.isUser ? (
        rights ? (
          <Select
            label={t`Access rights`}
            options={rights.filter((r) => assignableAccessRights().includes(r.value)).map((r) => ({ id: String(r.value), label: r.name }))}
            placeholder={t`Choose…`}
            selectedKey={person.accessRights === null ? null : String(person.accessRights)}
            onSelectionChange={(value) => change('accessRights')(Number(value))}
            errorMessage={error('accessRights')}
            isRequired
          />
        ) : (
          <p className={styles.note} role="status">
            {t`Loading the access rights…`}
          </p>
        )
      ) : null}
      <NodeButtons actor={actor} />
    </form>
  );
}

/** A company that holds shares (002 s3 Registration company): its own fields; its directors and holders are on the hub. */
export function CompanyForm({ actor, lists }: NodeProps) {
  const { t, i18n } = useLingui();
  const node = useSelector(actor, (s) => s.context.node);
  const today = useSelector(actor, (s) => s.context.today);
  const company = node?.company;
  if (!node || !company) return null;
  const errors = node.shown ? companyErrors(company, today) : {};
  const error = (field: string) => errorText(i18n, errors, field);
  const change = (field: string) => (value: string) => actor.send({ type: 'NODE_CHANGE', field, value });
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SAVE' });
    // The first field with a problem gets the focus once SAVE was refused (after the errors are drawn).
    focusFirstInvalidSoon(event.currentTarget);
  };
  return (
    <form className={styles.form} onSubmit={save} noValidate data-wizard>
      <TextField label={t`Company name`} value={company.name} onChange={change('name')} errorMessage={error('name')} isRequired maxLength={200} />
      <TextField label={t`Trading name (optional)`} value={company.tradingName} onChange={change('tradingName')} maxLength={200} />
      <CountrySelect label={t`Country of registration`} countries={lists.countries} value={company.country} onChange={change('country')} errorMessage={error('country')} />
      <div className={styles.pair}>
        <TextField label={t`Registration number`} value={company.number} onChange={change('number')} errorMessage={error('number')} isRequired maxLength={60} />
        <TextField type="date" label={t`Date of registration`} value={company.date} onChange={change('date')} errorMessage={error('date')} isRequired />
      </div>
      <AddressFields legend={t`Registered address`} address={company.address} countries={lists.countries} errors={error} onChange={(field, value) => change(field)(value)} />
      <p className={styles.note}>{t`After saving, add the company's directors and shareholders under it on the shareholders step.`}</p>
      <NodeButtons actor={actor} />
    </form>
  );
}
