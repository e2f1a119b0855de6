import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import type { FormErrors } from '@machines/shared/form.machine';
import { personalInfoProblemMessage } from '@machines/verification/kyc.machine';
import { PERSONAL_INFO_FIELDS, PERSONAL_INFO_LIMITS, personalInfoProblems, type PersonalInfoField, type PersonalInfoValues } from '@machines/verification/kyc.rules';
import { statesQuery } from '@/entities/verification';
import { DEFAULT_LANGUAGE, parseLanguage } from '@/shared/config';
import { uiMessageText } from '@/shared/lib';
import { useCountries } from '@/shared/model';
import { Button, CountrySelect, Preloader, Select, TextField } from '@/shared/ui';
import styles from './complete-kyc.module.css';

export interface PersonalInfoFieldsProps {
  values: PersonalInfoValues;
  /** Problems are shown after a refused submit. */
  shown: boolean;
  today: string;
  stateCodes: readonly string[];
  /** The service's refusals by param (`firstName`, `address.city`). */
  serverErrors: FormErrors;
  onChange: (field: PersonalInfoField, value: string) => void;
  /** The address country's states as they arrive (the statechart checks the state against them). */
  onStates: (codes: string[]) => void;
}

/** What a field shows: the rule's problem after a refused submit, else the service's refusal. */
export function personalInfoErrorText(i18n: I18n, props: Pick<PersonalInfoFieldsProps, 'values' | 'shown' | 'today' | 'stateCodes' | 'serverErrors'>) {
  const problems = props.shown ? personalInfoProblems(props.values, { today: props.today, stateCodes: props.stateCodes }) : {};
  return (field: PersonalInfoField): string | null => {
    const problem = problems[field];
    return problem ? i18n._(personalInfoProblemMessage(field, problem)) : uiMessageText(i18n, props.serverErrors[field]);
  };
}

/** The service's refusals that no field of the personal data shows (they go to the form's alert). */
export const otherPersonalInfoErrors = (serverErrors: FormErrors) => Object.entries(serverErrors).filter(([param, message]) => message && !(PERSONAL_INFO_FIELDS as readonly string[]).includes(param));

/**
 * The personal data (spec 002 s3 Customer info; /kyc and /profile-update): first and last name,
 * date of birth, country of residence and the address (a state from the country's list when it
 * has states). The values live in the statechart; this only shows them and says what changed.
 */
export function PersonalInfoFields(props: PersonalInfoFieldsProps) {
  const { values, onChange, onStates } = props;
  const { t, i18n } = useLingui();
  const countries = useCountries();
  const language = parseLanguage(i18n.locale) ?? DEFAULT_LANGUAGE;
  const country = values['address.countryCode'];
  const states = useQuery(statesQuery(country, language));
  // The chosen country's states: handed to the statechart when they arrive.
  useEffect(() => {
    if (states.data) onStates(states.data.map((s) => s.code));
  }, [states.data, onStates]);
  const errorOf = personalInfoErrorText(i18n, props);
  const field = (name: PersonalInfoField) => ({ value: values[name], onChange: (value: string) => onChange(name, value), errorMessage: errorOf(name) });
  const stateOptions = states.data ?? [];
  return (
    <>
      <div className={styles.pair}>
        <TextField label={t`First name`} autoComplete="given-name" isRequired maxLength={PERSONAL_INFO_LIMITS.name} {...field('firstName')} />
        <TextField label={t`Last name`} autoComplete="family-name" isRequired maxLength={PERSONAL_INFO_LIMITS.name} {...field('lastName')} />
      </div>
      <div className={styles.pair}>
        <TextField label={t`Date of birth`} type="date" autoComplete="bday" isRequired {...field('birthDay')} />
        <CountrySelect label={t`Country of residence`} countries={countries} {...field('residenceCountryCode')} />
      </div>
      <fieldset className={styles.group}>
        <legend>{t`Your address`}</legend>
        <TextField label={t`Street and number`} autoComplete="street-address" isRequired maxLength={PERSONAL_INFO_LIMITS.street} {...field('address.street')} />
        <div className={styles.pair}>
          <TextField label={t`City`} autoComplete="address-level2" isRequired maxLength={PERSONAL_INFO_LIMITS.city} {...field('address.city')} />
          <TextField label={t`Postal code`} autoComplete="postal-code" isRequired maxLength={PERSONAL_INFO_LIMITS.postalCodeMax} {...field('address.postalCode')} />
        </div>
        <CountrySelect label={t`Country`} countries={countries} {...field('address.countryCode')} />
        {states.isLoading ? (
          <Preloader label={t`Loading the states…`} />
        ) : states.isError && !states.data ? (
          <div role="alert" className={styles.statesError}>
            <p className={styles.statesErrorText}>{t`The list of states could not be loaded.`}</p>
            <Button variant="secondary" onPress={() => void states.refetch()}>
              {t`Try again`}
            </Button>
          </div>
        ) : stateOptions.length > 0 ? (
          <Select
            label={t`State or region`}
            placeholder={t`Choose…`}
            options={stateOptions.map((s) => ({ id: s.code, label: s.name }))}
            selectedKey={values['address.stateCode'] || null}
            onSelectionChange={(value) => onChange('address.stateCode', value)}
            errorMessage={errorOf('address.stateCode')}
            isRequired
          />
        ) : null}
      </fieldset>
    </>
  );
}
