import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { emptyDeviceForm } from '@machines/auth/device-form.machine';
import { deviceKeys } from '@/entities/device';
import { useNotificationsActor } from '@/shared/model';
import { useFormMachine } from '@/shared/lib';
import { Button, FormAlert, Select, TextField } from '@/shared/ui';
import { deviceFormLogic } from '../model/device-form';
// `logic` is injectable so Storybook and tests can give the form a fake submit actor.
import styles from './register-device-form.module.css';

/**
 * Register a device (name, pairing code, Android or iOS). The form statechart owns
 * values, validation and submission; a failed submit keeps every value and moves focus to the
 * first field with an error (or to the form's message).
 */
export function RegisterDeviceForm({ logic = deviceFormLogic }: { logic?: typeof deviceFormLogic }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const form = useFormMachine(
    logic.provide({
      actions: {
        submitted: () => {
          void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
          notifications.send({ type: 'NOTIFY', notification: { id: 'device-registered', tone: 'success', title: t`The device was registered.` } });
        },
      },
    }),
    { values: emptyDeviceForm },
  );
  const platform = form.field('type');

  return (
    <form {...form.formProps} className={styles.form} aria-labelledby="register-device-title">
      <h3 id="register-device-title" className={styles.title}>{t`Register a device`}</h3>
      {form.formErrorText ? <FormAlert>{form.formErrorText}</FormAlert> : null}
      {form.submitted ? (
        <div className={styles.done}>
          <p role="status">{t`The device was registered. Approve it below to use it.`}</p>
          <Button variant="secondary" onPress={form.reset}>{t`Register another device`}</Button>
        </div>
      ) : (
        <>
          <TextField label={t`Device name`} {...form.field('name')} isRequired maxLength={80} autoComplete="off" />
          <TextField
            label={t`Pairing code`}
            description={t`The code shown in the mobile app under Settings › Link this device.`}
            {...form.field('code')}
            isRequired
            inputMode="numeric"
            autoComplete="one-time-code"
          />
          <Select
            label={t`Platform`}
            placeholder={t`Choose…`}
            options={[
              { id: 'android', label: 'Android' },
              { id: 'ios', label: 'iOS' },
            ]}
            selectedKey={platform.value || null}
            onSelectionChange={platform.onChange}
            errorMessage={platform.errorMessage}
            isRequired
          />
          <div>
            <Button type="submit" isPending={form.busy}>{t`Register device`}</Button>
          </div>
        </>
      )}
    </form>
  );
}
