import { useLingui } from '@lingui/react/macro';
import { normalisePhone } from '@machines/auth/store-links.logic';
import { useFormMachine } from '@/shared/lib';
import { Button, FormAlert, TextField } from '@/shared/ui';
import { storeLinksFormLogic } from '../model/store-links-form';
// `logic` is injectable so Storybook and tests can give the form a fake submit actor.
import styles from './send-store-links-form.module.css';

/** "Send the links to my phone": one text message with the brand's store links (spec 000 s7). */
export function SendStoreLinksForm({ logic = storeLinksFormLogic }: { logic?: typeof storeLinksFormLogic }) {
  const { t } = useLingui();
  const form = useFormMachine(logic, { values: { phoneNumber: '' } });

  if (form.submitted) {
    const phoneNumber = normalisePhone(form.values.phoneNumber ?? '');
    return (
      <div className={styles.form}>
        <p role="status">{t`We sent the links to ${phoneNumber}.`}</p>
        <div>
          <Button variant="secondary" onPress={form.reset}>{t`Send to another number`}</Button>
        </div>
      </div>
    );
  }
  return (
    <form {...form.formProps} className={styles.form} aria-labelledby="store-links-title">
      <h2 id="store-links-title">{t`Send the links to your phone`}</h2>
      {form.formErrorText ? <FormAlert>{form.formErrorText}</FormAlert> : null}
      <TextField
        label={t`Mobile number`}
        description={t`International format, e.g. +40 712 345 678.`}
        type="tel"
        autoComplete="tel"
        {...form.field('phoneNumber')}
        isRequired
      />
      <div>
        <Button type="submit" isPending={form.busy}>{t`Send links`}</Button>
      </div>
    </form>
  );
}
