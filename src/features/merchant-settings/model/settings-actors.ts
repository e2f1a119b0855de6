import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { ipnSettingsFormMachine } from '@machines/merchant/merchant-forms';
import { INSECURE_HOSTS_FACT } from '@machines/merchant/merchant-messages';
import { ipnSettingsOrDefaults, NOTIFY_EVERY_STATUS, STATUS_ON } from '@machines/merchant/merchant.rules';
import { secretRevealMachine } from '@machines/merchant/secret-reveal.machine';
import type { FormValues } from '@machines/shared/form.machine';
import { formFailureMessage } from '@machines/shared/ui-message';
import { merchantKeys, saveIpnSettings, type IpnSettings } from '@/entities/merchant';
import { IS_SANDBOX_BUILD } from '@/shared/config';

/** Hosts a notify address may use http on: the sandbox's own, in a sandbox build only (the sandbox checks again). */
export const insecureHosts = (): readonly string[] => (IS_SANDBOX_BUILD ? ['127.0.0.1', 'localhost'] : []);

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

/** The IPN settings form with its call (ipnSettingsUpdate, no new secret, with the submit's requestId); it ends with the settings as saved. */
export const ipnSettingsFormLogic = ipnSettingsFormMachine.provide({
  actors: {
    submit: fromPromise(async ({ input }) => (await saveIpnSettings({ ...ipnSettingsFields(input.values), regenerateSecret: false, requestId: input.requestId ?? '' })).settings),
  },
});
export type IpnSettingsFormLogic = typeof ipnSettingsFormLogic;

/**
 * A new IPN signing secret (the settings saved as they are, with the regeneration flag), shown once:
 * the secretReveal statechart with its call; the settings are read again once it is issued (their
 * last four characters change).
 */
export function ipnSecretLogic(current: () => IpnSettings | null, queryClient: QueryClient) {
  return secretRevealMachine.provide({
    actors: {
      regenerate: fromPromise(async ({ input }) => {
        try {
          const saved = await saveIpnSettings({ ...ipnSettingsFields(ipnSettingsValues(current())), regenerateSecret: true, requestId: input.requestId });
          if (!saved.secret) throw new Error('ipnSettingsUpdate: no secret in the reply');
          return saved.secret;
        } catch (error) {
          throw formFailureMessage(error);
        }
      }),
    },
    actions: {
      regenerated: () => void queryClient.invalidateQueries({ queryKey: merchantKeys.ipnSettings() }),
    },
  });
}
export type SecretLogic = ReturnType<typeof ipnSecretLogic>;
