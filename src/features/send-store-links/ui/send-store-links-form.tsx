import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { normalisePhone, storeLinksFormMachine } from '@machines/auth/store-links.logic';
import { api, errorText, isApiError } from '@/shared/api';
import { inspectOptions } from '@/shared/model';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { Button, FormAlert, TextField } from '@/shared/ui';
import styles from './send-store-links-form.module.css';

/** The form statechart with its real submit (public call, no sign-in needed). */
const storeLinksLogic = storeLinksFormMachine.provide({
  actors: {
    submit: fromPromise(async ({ input }) => {
      try {
        await api().auth.POST('/auth/stores-urls/send', { body: { phoneNumber: normalisePhone(input.values.phoneNumber ?? '') } });
        return null;
      } catch (error) {
        // The message is resolved when shown (errorText needs the active language): keep the error.
        throw isApiError(error) ? { message: error.serverMessage ? { text: error.serverMessage } : { descriptor: error.defaultMessage } } : {};
      }
    }),
  },
});

/** "Send the links to my phone": one text message with the brand's store links (spec 000 s7). */
export function SendStoreLinksForm({ logic = storeLinksLogic }: { logic?: typeof storeLinksLogic }) {
  const { t, i18n } = useLingui();
  const actor = useActorRef(logic, { input: { values: { phoneNumber: '' } }, ...inspectOptions() });
  const state = useSelector(actor, (s) => s);
  const { values, errors, formError, attempts } = state.context;
  const form = useFocusOnRejectedSubmit(attempts);

  if (state.matches('submitted')) {
    const phoneNumber = normalisePhone(values.phoneNumber ?? '');
    return (
      <div className={styles.form}>
        <p role="status">{t`We sent the links to ${phoneNumber}.`}</p>
        <div>
          <Button variant="secondary" onPress={() => actor.send({ type: 'RESET' })}>{t`Send to another number`}</Button>
        </div>
      </div>
    );
  }
  return (
    <form
      ref={form}
      className={styles.form}
      noValidate
      aria-labelledby="store-links-title"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <h2 id="store-links-title">{t`Send the links to your phone`}</h2>
      {formError ? (
        <FormAlert>{uiMessageText(i18n, formError) ?? errorText(i18n, null)}</FormAlert>
      ) : null}
      <TextField
        label={t`Mobile number`}
        description={t`International format, e.g. +40 712 345 678.`}
        type="tel"
        autoComplete="tel"
        value={values.phoneNumber ?? ''}
        onChange={(value) => actor.send({ type: 'CHANGE', name: 'phoneNumber', value })}
        errorMessage={uiMessageText(i18n, errors.phoneNumber)}
        isRequired
      />
      <div>
        <Button type="submit" isPending={state.matches('submitting')}>{t`Send links`}</Button>
      </div>
    </form>
  );
}
