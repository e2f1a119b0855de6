import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { Button, CheckboxGroup, Dialog, FormAlert, RadioGroup, TextField } from '@/shared/ui';
import type { RepresentativeActor } from '../model/representative-actors';
import { formatShare } from './person-cards';
import styles from './representatives.module.css';

/** The roles a person is added with (002 s6 position ids follow from them; a company only holds shares). */
const ROLES = ['director', 'shareholder', 'ultimateOwner'] as const;

/**
 * "Add a representative" (001 s7 Business representative add), the view of the representative
 * statechart's `adding`: a person (the registration wizard's fields: name, date of birth, e-mail,
 * phone, their roles, a shareholder's share) or a company that holds shares (its name and share).
 * The statechart checks everything before sending (the facts it was given: today, the shares held
 * by the others, the e-mails known) and keeps what was typed through a refusal; a refused submit
 * moves the focus to the first field to fix (or to the service's message). While it is sent the
 * dialog waits (Escape and Cancel do nothing, the button shows progress).
 */
export function AddRepresentativeDialog({ actor }: { actor: RepresentativeActor }) {
  const { t, i18n } = useLingui();
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const errorText = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const form = useFocusOnRejectedSubmit(attempts);
  const change = (name: string) => (value: string) => actor.send({ type: 'CHANGE', name, value });
  const error = (name: string) => uiMessageText(i18n, errors[name]);
  const field = (name: string) => ({ value: values[name] ?? '', onChange: change(name), errorMessage: error(name), isReadOnly: busy });
  const person = values.kind !== 'company';
  const shareholder = !person || values.shareholder === 'true';
  const others = formatShare(values['@otherShares'] || '0', i18n.locale);
  const cancel = () => {
    if (!busy) actor.send({ type: 'CANCEL' });
  };
  return (
    <Dialog isOpen onClose={cancel} title={t`Add a representative`}>
      <form
        ref={form}
        noValidate
        className={styles.form}
        aria-label={t`The new representative`}
        aria-busy={busy || undefined}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'SUBMIT' });
        }}
      >
        <RadioGroup
          label={t`Who is it?`}
          options={[
            { id: 'person', label: t`A person` },
            { id: 'company', label: t`A company that holds shares` },
          ]}
          value={values.kind ?? ''}
          onChange={change('kind')}
          errorMessage={error('kind')}
          isDisabled={busy}
        />
        {person ? (
          <>
            <TextField label={t`First name`} isRequired maxLength={100} autoComplete="off" {...field('firstName')} />
            <TextField label={t`Last name`} isRequired maxLength={100} autoComplete="off" {...field('lastName')} />
            <TextField type="date" label={t`Date of birth`} isRequired {...field('birthday')} />
            <TextField type="email" label={t`E-mail`} isRequired maxLength={254} autoComplete="off" {...field('email')} />
            <TextField type="tel" label={t`Phone (optional)`} maxLength={20} autoComplete="off" {...field('phone')} />
            <CheckboxGroup
              label={t`Roles`}
              description={t`Tick every role the person holds.`}
              options={[
                { id: 'director', label: t`Director` },
                { id: 'shareholder', label: t`Shareholder` },
                { id: 'ultimateOwner', label: t`Ultimate beneficial owner` },
              ]}
              value={ROLES.filter((role) => values[role] === 'true')}
              onChange={(ticked) => {
                for (const role of ROLES) {
                  const value = ticked.includes(role) ? 'true' : '';
                  if ((values[role] ?? '') !== value) actor.send({ type: 'CHANGE', name: role, value });
                }
              }}
              errorMessage={error('roles')}
            />
          </>
        ) : (
          <TextField label={t`Company name`} isRequired maxLength={200} autoComplete="off" {...field('companyName')} />
        )}
        {shareholder ? <TextField label={t`Share, %`} inputMode="decimal" isRequired maxLength={6} description={t`The other shareholders hold ${others} together.`} {...field('share')} /> : null}
        {/* After the fields: a refusal with field errors focuses the first one; one without, this alert beside the buttons. */}
        {errorText ? <FormAlert>{errorText}</FormAlert> : null}
        <div className={styles.dialogButtons}>
          <Button variant="secondary" onPress={cancel} isDisabled={busy}>
            {t`Cancel`}
          </Button>
          <Button type="submit" isPending={busy}>
            {t`Add representative`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
