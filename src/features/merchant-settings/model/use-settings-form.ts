import { useQueryClient } from '@tanstack/react-query';
import type { FormMachine, FormValues } from '@machines/shared/form.machine';
import { useFormMachine } from '@/shared/lib';
import { useNotificationsActor } from '@/shared/model';
import type { SecretActor, SettingsSaved } from './settings-actors';

/**
 * A merchant settings form (IPN, PBN) on its statechart, with what a save does: what the service
 * kept becomes the settings' read (a new form starts from it; read again to be sure), a secret it
 * issued with the save (turned on with none yet) goes to the secret's statechart, shown once, and
 * the save is said (`savedTitle`, translated).
 */
export function useSettingsForm(logic: FormMachine, initial: FormValues, settingsKey: readonly unknown[], secret: SecretActor, savedTitle: string) {
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  return useFormMachine(
    logic.provide({
      actions: {
        submitted: ({ context }) => {
          const saved = context.result as SettingsSaved<unknown>;
          if (saved.settings) queryClient.setQueryData(settingsKey, saved.settings);
          if (saved.secret) secret.send({ type: 'ISSUED', secret: saved.secret });
          void queryClient.invalidateQueries({ queryKey: settingsKey });
          notifications.send({ type: 'NOTIFY', notification: { id: `${String(settingsKey.at(-1))}-${Date.now()}`, tone: 'success', title: savedTitle } });
        },
      },
    }),
    { values: initial },
  );
}
