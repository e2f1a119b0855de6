import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { STATUS_ON } from '@machines/merchant/merchant.rules';
import type { FormValues } from '@machines/shared/form.machine';
import { merchantKeys, pbnSettingsQuery, type PbnSettings } from '@/entities/merchant';
import { inspectOptions } from '@/shared/model';
import { Button, FormAlert, QueryState, RadioGroup, type QueryLike } from '@/shared/ui';
import { pbnSecretLogic, pbnSettingsFormLogic, pbnSettingsValues, type PbnSettingsFormLogic, type SecretActor, type SecretLogic } from '../model/settings-actors';
import { useSettingsForm } from '../model/use-settings-form';
import { SecretPanel } from './secret-panel';
import styles from './merchant-settings.module.css';

export type PbnSettingsRead = QueryLike & { data?: PbnSettings | null | undefined };

export interface PbnSettingsPanelProps {
  /** The user may change the setting (full merchant access); else it is shown. */
  canManage: boolean;
  /** Storybook: the form's and the secret's statecharts with fake calls. */
  formLogic?: PbnSettingsFormLogic;
  secretLogic?: SecretLogic;
}

/** /merchant/buttons/pbn_settings (001 s3 PBN setting: statusId, secret): the setting read, then shown or edited. */
export function PbnSettingsPanel(props: PbnSettingsPanelProps) {
  return <PbnSettingsView {...props} read={useQuery(pbnSettingsQuery())} />;
}

/**
 * Payment button notifications on or off (off until something is saved) and the secret that signs
 * them, shown once when issued. A user with full access changes them (the form statechart, saved
 * once per intent); others read them.
 */
export function PbnSettingsView({ read, canManage, formLogic, secretLogic }: PbnSettingsPanelProps & { read: PbnSettingsRead }) {
  const { t } = useLingui();
  const ids = useId();
  const queryClient = useQueryClient();
  const settings = read.data ?? null;
  // The secret's statechart lives as long as the page: the form hands it a secret a save issued.
  const secret = useActorRef(secretLogic ?? pbnSecretLogic(() => queryClient.getQueryData(pbnSettingsQuery().queryKey) ?? null, queryClient), inspectOptions());
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`} className={styles.title}>
        {t`PBN settings`}
      </h1>
      <p className={styles.hint}>{t`For each payment made through your payment buttons, a notification can be sent to you.`}</p>
      <QueryState query={read} title={t`The PBN settings could not be loaded`} />
      {read.data !== undefined ? (
        <>
          {canManage ? (
            <PbnSettingsEditor key={settings?.updatedAt ?? 'defaults'} initial={pbnSettingsValues(settings)} logic={formLogic ?? pbnSettingsFormLogic} unsaved={settings === null} secret={secret} />
          ) : (
            <dl className={styles.list}>
              <div>
                <dt>{t`Payment button notifications`}</dt>
                <dd>{settings?.statusId === STATUS_ON ? t`On` : t`Off`}</dd>
              </div>
            </dl>
          )}
          <SecretPanel lastFour={settings?.secretLastFour ?? null} canManage={canManage} actor={secret} />
        </>
      ) : null}
    </section>
  );
}

function PbnSettingsEditor({ initial, logic, unsaved, secret }: { initial: FormValues; logic: PbnSettingsFormLogic; unsaved: boolean; secret: SecretActor }) {
  const { t } = useLingui();
  const form = useSettingsForm(logic, initial, merchantKeys.pbnSettings(), secret, t`PBN settings saved`);
  const status = form.field('statusId');
  return (
    <form {...form.formProps} className={styles.form}>
      {unsaved ? <p className={styles.hint}>{t`Nothing is saved yet: notifications are off.`}</p> : null}
      <RadioGroup
        label={t`Payment button notifications`}
        options={[
          { id: '1', label: t`Off` },
          { id: String(STATUS_ON), label: t`On` },
        ]}
        value={status.value}
        onChange={status.onChange}
        errorMessage={status.errorMessage}
      />
      {form.formErrorText ? <FormAlert>{form.formErrorText}</FormAlert> : null}
      <div className={styles.buttons}>
        <Button type="submit" isPending={form.busy}>
          {t`Save`}
        </Button>
      </div>
    </form>
  );
}
