import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { ipnSettingsFormMachine, pbnSettingsFormMachine } from '@machines/merchant/merchant-forms';
import { INSECURE_HOSTS_FACT } from '@machines/merchant/merchant-messages';
import { ipnSettingsOrDefaults, NOTIFY_EVERY_STATUS, STATUS_OFF, STATUS_ON } from '@machines/merchant/merchant.rules';
import { secretRevealMachine } from '@machines/merchant/secret-reveal.machine';
import type { FormValues } from '@machines/shared/form.machine';
import { formFailureMessage } from '@machines/shared/ui-message';
import type { ActorRefFrom } from 'xstate';
import { merchantKeys, saveIpnSettings, savePbnSettings, type IpnSettings, type PbnSettings } from '@/entities/merchant';
import { insecureHosts } from '@/shared/config';


/** The settings as the form's values (none saved: the defaults of 001 s9), with the hosts fact. */
export function ipnSettingsValues(settings: IpnSettings | null | undefined): FormValues {
  const shown = ipnSettingsOrDefaults(settings);
  return { statusId: String(shown.statusId), notifyStatusId: String(shown.notifyStatusId), notifyUrl: shown.notifyUrl ?? '', [INSECURE_HOSTS_FACT]: insecureHosts().join('\n') };
}

/** The form's values as ipnSettingsUpdate's fields. */
export const ipnSettingsFields = (values: FormValues) => ({
  notifyUrl: values.notifyUrl ?? '',
  notifyStatusId: values.notifyStatusId === String(NOTIFY_EVERY_STATUS) ? (2 as const) : (1 as const),
  statusId: values.statusId === String(STATUS_ON) ? (2 as const) : (1 as const),
});

/**
 * The IPN settings form with its call (ipnSettingsUpdate, no new secret asked, with the submit's
 * requestId); it ends with the reply: the settings as saved and the secret the service issued when
 * notifications were turned on with none yet (shown once by the secret's statechart).
 */
export const ipnSettingsFormLogic = ipnSettingsFormMachine.provide({
  actors: {
    submit: fromPromise(({ input }) => saveIpnSettings({ ...ipnSettingsFields(input.values), regenerateSecret: false, requestId: input.requestId ?? '' })),
  },
});
export type IpnSettingsFormLogic = typeof ipnSettingsFormLogic;

/**
 * A signing secret issued and shown once: the secretReveal statechart with its call (`issue`: the
 * settings saved as they are, with the regeneration flag and the statechart's requestId); the
 * settings are read again once it is issued (their last four characters change).
 */
function secretLogic(issue: (requestId: string) => Promise<{ secret: string | null }>, settingsKey: readonly unknown[], queryClient: QueryClient) {
  return secretRevealMachine.provide({
    actors: {
      regenerate: fromPromise(async ({ input }) => {
        try {
          const saved = await issue(input.requestId);
          if (!saved.secret) throw new Error('settings update: no secret in the reply');
          return saved.secret;
        } catch (error) {
          throw formFailureMessage(error);
        }
      }),
    },
    actions: {
      regenerated: () => void queryClient.invalidateQueries({ queryKey: settingsKey }),
    },
  });
}

/** A new IPN signing secret (ipnSettingsUpdate with the settings as they are and regenerateSecret). */
export const ipnSecretLogic = (current: () => IpnSettings | null, queryClient: QueryClient) =>
  secretLogic((requestId) => saveIpnSettings({ ...ipnSettingsFields(ipnSettingsValues(current())), regenerateSecret: true, requestId }), merchantKeys.ipnSettings(), queryClient);
export type SecretLogic = ReturnType<typeof ipnSecretLogic>;
export type SecretActor = ActorRefFrom<SecretLogic>;

/** What a settings save answered: the settings as kept, and a secret when the service issued one. */
export interface SettingsSaved<S> {
  settings: S | null;
  secret: string | null;
}

/** The PBN setting as the form's values (none saved: off). */
export const pbnSettingsValues = (settings: PbnSettings | null | undefined): FormValues => ({ statusId: String(settings?.statusId ?? STATUS_OFF) });

/** The form's values as pbnSettingsUpdate's statusId. */
export const pbnStatusOf = (values: FormValues): 1 | 2 => (values.statusId === String(STATUS_ON) ? 2 : 1);

/** The PBN setting form with its call (pbnSettingsUpdate, no new secret asked, the submit's requestId); it ends with the reply (the setting, a secret issued when it was turned on with none). */
export const pbnSettingsFormLogic = pbnSettingsFormMachine.provide({
  actors: {
    submit: fromPromise(({ input }) => savePbnSettings({ statusId: pbnStatusOf(input.values), regenerateSecret: false, requestId: input.requestId ?? '' })),
  },
});
export type PbnSettingsFormLogic = typeof pbnSettingsFormLogic;

/** A new PBN secret (pbnSettingsUpdate with the status as it is and regenerateSecret). */
export const pbnSecretLogic = (current: () => PbnSettings | null, queryClient: QueryClient): SecretLogic =>
  secretLogic((requestId) => savePbnSettings({ statusId: pbnStatusOf(pbnSettingsValues(current())), regenerateSecret: true, requestId }), merchantKeys.pbnSettings(), queryClient);
