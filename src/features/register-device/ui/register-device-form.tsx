import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { emptyDeviceForm } from '@machines/auth/device-form.machine';
import { deviceKeys } from '@/entities/device';
import { inspectOptions, useNotificationsActor } from '@/shared/model';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { Button, FormAlert, Select, TextField } from '@/shared/ui';
import { deviceFormLogic } from '../model/device-form';
// `logic` is injectable so Storybook and tests can give the form a fake submit actor.
import styles from './register-device-form.module.css';

/**
 * Register a device (name, 6-digit pairing code, Android or iOS). The form statechart owns
 * values, validation and submission; a failed submit keeps every value and moves focus to the
 * first field with an error (or to the form's message).
 */
export function RegisterDeviceForm({ logic = deviceFormLogic }: { logic?: typeof deviceFormLogic }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const actor = useActorRef(
    logic.provide({
      actions: {
        submitted: () => {
          void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
          notifications.send({ type: 'NOTIFY', notification: { id: 'device-registered', tone: 'success', title: t`The device was registered.` } });
        },
      },
    }),
    { input: { values: emptyDeviceForm }, ...inspectOptions() },
  );
  const state = useSelector(actor, (s) => s);
  const { values, errors, formError, attempts } = state.context;
  const submitting = state.matches('submitting');
  const form = useFocusOnRejectedSubmit(attempts);

  const error = (name: string) => uiMessageText(i18n, errors[name]);
  const change = (name: string) => (value: string) => actor.send({ type: 'CHANGE', name, value });

  return (
    <form
      ref={form}
      className={styles.form}
      aria-labelledby="register-device-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <h3 id="register-device-title" className={styles.title}>{t`Register a device`}</h3>
      {formError ? (
        <FormAlert>{uiMessageText(i18n, formError)}</FormAlert>
      ) : null}
      {state.matches('submitted') ? (
        <div className={styles.done}>
          <p role="status">{t`The device was registered. Approve it below to use it.`}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'RESET' })}>{t`Register another device`}</Button>
        </div>
      ) : (
        <>
          <TextField label={t`Device name`} value={values.name ?? ''} onChange={change('name')} errorMessage={error('name')} isRequired maxLength={80} autoComplete="off" />
          <TextField
            label={t`Pairing code`}
            description={t`The 6 digits shown in the mobile app under Settings › Link this device.`}
            value={values.code ?? ''}
            onChange={change('code')}
            errorMessage={error('code')}
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
            selectedKey={values.type || null}
            onSelectionChange={change('type')}
            errorMessage={error('type')}
            isRequired
          />
          <div>
            <Button type="submit" isPending={submitting}>{t`Register device`}</Button>
          </div>
        </>
      )}
    </form>
  );
}
