import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { ipnSettingsOrDefaults, NOTIFY_EVERY_STATUS, STATUS_ON } from '@machines/merchant/merchant.rules';
import type { FormValues } from '@machines/shared/form.machine';
import { ipnSettingsQuery, merchantKeys, type IpnSettings } from '@/entities/merchant';
import { inspectOptions } from '@/shared/model';
import { Button, FormAlert, QueryState, RadioGroup, TextField, type QueryLike } from '@/shared/ui';
import { ipnSecretLogic, ipnSettingsFormLogic, ipnSettingsValues, type IpnSettingsFormLogic, type SecretActor, type SecretLogic } from '../model/settings-actors';
import { useSettingsForm } from '../model/use-settings-form';
import { SecretPanel } from './secret-panel';
import styles from './merchant-settings.module.css';

export type IpnSettingsRead = QueryLike & { data?: IpnSettings | null | undefined };

export interface IpnSettingsPanelProps {
  /** The user may change the settings (full merchant access); else they are shown. */
  canManage: boolean;
  /** Storybook: the form's and the secret's statecharts with fake calls. */
  formLogic?: IpnSettingsFormLogic;
  secretLogic?: SecretLogic;
}

/** /merchant/ipn/settings (001 s3 IPN settings; s9 the defaults): the settings read, then shown or edited. */
export function IpnSettingsPanel(props: IpnSettingsPanelProps) {
  return <IpnSettingsView {...props} read={useQuery(ipnSettingsQuery())} />;
}

/**
 * Where notifications go and which ones (the defaults of 001 s9 until something is saved: off,
 * completed payments only), and the signing secret. A user with full access edits them (the form
 * statechart: checked first, saved once per intent, nothing typed lost); after a save the form
 * starts again from what was kept. Others read them.
 */
export function IpnSettingsView({ read, canManage, formLogic, secretLogic }: IpnSettingsPanelProps & { read: IpnSettingsRead }) {
  const { t } = useLingui();
  const ids = useId();
  const queryClient = useQueryClient();
  const settings = read.data ?? null;
  // The secret's statechart lives as long as the page: the form hands it a secret a save issued.
  const secret = useActorRef(secretLogic ?? ipnSecretLogic(() => queryClient.getQueryData(ipnSettingsQuery().queryKey) ?? null, queryClient), inspectOptions());
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`} className={styles.title}>
        {t`IPN settings`}
      </h1>
      <p className={styles.hint}>{t`For each payment you receive, a notification can be posted to your server.`}</p>
      <QueryState query={read} title={t`The IPN settings could not be loaded`} />
      {read.data !== undefined ? (
        <>
          {canManage ? (
            <IpnSettingsEditor key={settings?.updatedAt ?? 'defaults'} initial={ipnSettingsValues(settings)} logic={formLogic ?? ipnSettingsFormLogic} unsaved={settings === null} secret={secret} />
          ) : (
            <IpnSettingsList settings={settings} />
          )}
          <SecretPanel lastFour={settings?.secretLastFour ?? null} canManage={canManage} actor={secret} />
        </>
      ) : null}
    </section>
  );
}

function IpnSettingsEditor({ initial, logic, unsaved, secret }: { initial: FormValues; logic: IpnSettingsFormLogic; unsaved: boolean; secret: SecretActor }) {
  const { t } = useLingui();
  const form = useSettingsForm(logic, initial, merchantKeys.ipnSettings(), secret, t`IPN settings saved`);
  const status = form.field('statusId');
  const notify = form.field('notifyStatusId');
  const url = form.field('notifyUrl');
  return (
    <form {...form.formProps} className={styles.form}>
      {unsaved ? <p className={styles.hint}>{t`Nothing is saved yet: these are the defaults.`}</p> : null}
      <RadioGroup
        label={t`Notifications`}
        options={[
          { id: '1', label: t`Off` },
          { id: String(STATUS_ON), label: t`On` },
        ]}
        value={status.value}
        onChange={status.onChange}
        errorMessage={status.errorMessage}
      />
      <RadioGroup
        label={t`Which payments`}
        options={[
          { id: '1', label: t`Completed payments only` },
          { id: String(NOTIFY_EVERY_STATUS), label: t`Every status a payment takes` },
        ]}
        value={notify.value}
        onChange={notify.onChange}
        errorMessage={notify.errorMessage}
      />
      <TextField
        label={t`Notify address`}
        description={t`An https address of your server, for example https://shop.example/ipn.`}
        type="url"
        inputMode="url"
        autoComplete="url"
        value={url.value}
        onChange={url.onChange}
        errorMessage={url.errorMessage}
        isRequired={status.value === String(STATUS_ON)}
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

/** The settings for a user who reads them. Server text is rendered as text. */
function IpnSettingsList({ settings }: { settings: IpnSettings | null }) {
  const { t } = useLingui();
  const shown = ipnSettingsOrDefaults(settings);
  return (
    <dl className={styles.list}>
      <div>
        <dt>{t`Notifications`}</dt>
        <dd>{shown.statusId === STATUS_ON ? t`On` : t`Off`}</dd>
      </div>
      <div>
        <dt>{t`Which payments`}</dt>
        <dd>{shown.notifyStatusId === NOTIFY_EVERY_STATUS ? t`Every status a payment takes` : t`Completed payments only`}</dd>
      </div>
      <div>
        <dt>{t`Notify address`}</dt>
        <dd>{shown.notifyUrl ?? t`None`}</dd>
      </div>
    </dl>
  );
}
