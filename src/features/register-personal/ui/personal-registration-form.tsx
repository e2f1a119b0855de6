import type { FormEvent } from 'react';
import { isSafeLink } from '@machines/auth/redirect.logic';
import { IS_SANDBOX_BUILD } from '@/shared/config';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { personalFormErrors, type personalRegistrationMachine } from '@machines/registration/personal-registration.machine';
import { EMAIL_STATE } from '@machines/registration/registration.rules';
import { focusFirstInvalidSoon, uiMessageText } from '@/shared/lib';
import { Button, Checkbox, Dialog, FormAlert, PasswordField, Select, TextField } from '@/shared/ui';
import { PERSONAL_PROBLEMS, PERSONAL_TYPE_LABELS } from './registration-texts';
import styles from './personal-registration.module.css';

export type PersonalRegistrationActor = ActorRefFrom<typeof personalRegistrationMachine>;

export interface PersonalRegistrationFormProps {
  actor: PersonalRegistrationActor;
  /** The personal registration types the brand offers (002 s1). */
  types: readonly string[];
  countries: readonly { code: string; name: string }[];
  sources: readonly { id: string; name: string }[];
  agreements: readonly { id: string; name: string; url?: string | undefined }[];
  /** The captcha widget (pluggable: the sandbox's test widget, or the brand's real one). */
  captcha: React.ReactNode;
  /** Leaves the completion popup (the page goes to the sign-in). */
  onDone: () => void;
}

/**
 * /register/personal (002 s2, s3): the person's fields, the e-mail's state while it is typed
 * (checking, free, taken: sign in instead, an employee's), a password to sign in with later, the
 * personal agreements, the captcha; errors show once submit was tried; the completion popup says
 * where the activation e-mail went. Every value and state is the statechart's.
 */
export function PersonalRegistrationForm({ actor, types, countries, sources, agreements, captcha, onDone }: PersonalRegistrationFormProps) {
  const { t, i18n } = useLingui();
  const values = useSelector(actor, (s) => s.context.values);
  const context = useSelector(actor, (s) => s.context);
  const shown = useSelector(actor, (s) => s.context.shown);
  const emailState = useSelector(actor, (s) => s.context.emailState);
  const checking = useSelector(actor, (s) => s.hasTag('checkingEmail'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const completed = useSelector(actor, (s) => s.hasTag('completed'));
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  const errors = personalFormErrors(values, context);
  const error = (field: string) => {
    const problem = errors[field];
    // The e-mail's own state shows at once (taken, an employee's); the rest once submit was tried.
    const live = field === 'email' && (problem === 'emailTaken' || problem === 'emailEmployee');
    return problem && (shown || live) ? i18n._(PERSONAL_PROBLEMS[problem]) : null;
  };
  const change = (field: string) => (value: string) => actor.send({ type: 'CHANGE', field, value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
    // The first field with a problem gets the focus (after the errors are drawn).
    focusFirstInvalidSoon(event.currentTarget);
  };
  const emailNote = checking ? t`Checking the e-mail…` : emailState === EMAIL_STATE.free ? t`This e-mail is free.` : emailState === EMAIL_STATE.error ? t`The e-mail could not be checked. It is checked again when you change it.` : undefined;
  return (
    <>
      <form className={styles.form} onSubmit={submit} noValidate data-registration aria-busy={busy}>
        <Select
          label={t`I am a`}
          options={types.map((type) => ({ id: type, label: PERSONAL_TYPE_LABELS[type] ? i18n._(PERSONAL_TYPE_LABELS[type]!) : type }))}
          placeholder={t`Choose…`}
          selectedKey={values.registrationType || null}
          onSelectionChange={change('registrationType')}
          errorMessage={error('registrationType')}
          isRequired
          isDisabled={busy}
        />
        <div className={styles.pair}>
          <TextField label={t`First name`} value={values.firstName} onChange={change('firstName')} errorMessage={error('firstName')} autoComplete="given-name" isRequired isDisabled={busy} maxLength={100} />
          <TextField label={t`Last name`} value={values.lastName} onChange={change('lastName')} errorMessage={error('lastName')} autoComplete="family-name" isRequired isDisabled={busy} maxLength={100} />
        </div>
        <TextField type="date" label={t`Date of birth`} value={values.birthday} onChange={change('birthday')} errorMessage={error('birthday')} autoComplete="bday" isRequired isDisabled={busy} />
        <TextField
          type="email"
          label={t`E-mail`}
          description={emailNote}
          value={values.email}
          onChange={change('email')}
          errorMessage={error('email')}
          autoComplete="email"
          isRequired
          isDisabled={busy}
          maxLength={254}
        />
        <TextField type="tel" label={t`Phone`} value={values.phone} onChange={change('phone')} errorMessage={error('phone')} autoComplete="tel" isRequired isDisabled={busy} maxLength={20} />
        <fieldset className={styles.group}>
          <legend>{t`Address`}</legend>
          <Select
            label={t`Country`}
            options={countries.map((c) => ({ id: c.code, label: c.name }))}
            placeholder={t`Choose…`}
            selectedKey={values.countryCode || null}
            onSelectionChange={change('countryCode')}
            errorMessage={error('countryCode')}
            isRequired
            isDisabled={busy}
          />
          <TextField label={t`City`} value={values.city} onChange={change('city')} errorMessage={error('city')} autoComplete="address-level2" isRequired isDisabled={busy} maxLength={100} />
          <TextField label={t`Street and number`} value={values.street} onChange={change('street')} errorMessage={error('street')} autoComplete="street-address" isRequired isDisabled={busy} maxLength={200} />
          <TextField label={t`Postal code`} value={values.postalCode} onChange={change('postalCode')} errorMessage={error('postalCode')} autoComplete="postal-code" isRequired isDisabled={busy} maxLength={20} />
        </fieldset>
        <TextField label={t`Tax id (optional)`} value={values.taxId} onChange={change('taxId')} errorMessage={error('taxId')} autoComplete="off" isDisabled={busy} maxLength={40} />
        <Select
          label={t`Source of funds`}
          options={sources.map((s) => ({ id: s.id, label: s.name }))}
          placeholder={t`Choose…`}
          selectedKey={values.sourceOfFunds || null}
          onSelectionChange={change('sourceOfFunds')}
          errorMessage={error('sourceOfFunds')}
          isRequired
          isDisabled={busy}
        />
        <PasswordField
          label={t`Password`}
          description={t`At least 8 characters with a letter and a digit. You sign in with your e-mail and this password.`}
          value={values.password}
          onChange={change('password')}
          errorMessage={error('password')}
          autoComplete="new-password"
          isRequired
          isDisabled={busy}
          maxLength={128}
        />
        <PasswordField label={t`Repeat the password`} value={values.passwordRepeat} onChange={change('passwordRepeat')} errorMessage={error('passwordRepeat')} autoComplete="new-password" isRequired isDisabled={busy} maxLength={128} />
        {agreements.length > 0 ? (
          <fieldset className={styles.group}>
            <legend>{t`Agreements`}</legend>
            {agreements.map((agreement) => (
              <div key={agreement.id} className={styles.agreement}>
                <Checkbox isSelected={values[`agreement.${agreement.id}`] === 'true'} onChange={(selected) => change(`agreement.${agreement.id}`)(selected ? 'true' : 'false')} isDisabled={busy}>
                  {t`I accept: ${agreement.name}`}
                </Checkbox>
                {agreement.url && isSafeLink(agreement.url, IS_SANDBOX_BUILD) ? (
                  <a href={agreement.url} target="_blank" rel="noreferrer noopener">
                    {t`Read: ${agreement.name}`}
                  </a>
                ) : null}
                {error(`agreement.${agreement.id}`) ? (
                  <p className={styles.fieldError} role="alert">
                    {error(`agreement.${agreement.id}`)}
                  </p>
                ) : null}
              </div>
            ))}
          </fieldset>
        ) : null}
        {captcha}
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <div className={styles.buttons}>
          <Button type="submit" isPending={busy}>
            {t`Open my account`}
          </Button>
        </div>
      </form>
      <Dialog isOpen={completed} role="alertdialog" onClose={onDone} title={t`Registration completed`}>
        <div className={styles.dialogBody}>
          <p>{t`We sent an activation e-mail to ${values.email}. Open the link in it to activate your account, then sign in with your e-mail and password.`}</p>
          <Button onPress={onDone}>{t`Go to sign in`}</Button>
        </div>
      </Dialog>
    </>
  );
}
