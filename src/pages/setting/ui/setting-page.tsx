import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  approveMethodsQuery,
  authProfileQuery,
  DeviceTable,
  linkedDevicesQuery,
  registeredDevicesQuery,
  useApproveDevice,
  useDeviceNews,
  useRemoveDevice,
  useUnlinkDevice,
  type Device,
} from '@/entities/device';
import { PasswordChangeForm } from '@/features/change-password';
import { AllowedIpSection } from '@/features/edit-allowed-ips';
import { TwoStepSection } from '@/features/change-two-step';
import { LinkDeviceButton } from '@/features/link-device';
import { RegisterDeviceForm } from '@/features/register-device';
import { usePageTitle } from '@/shared/lib';
import { Button, ConfirmButton, EmptyState, MenuButton, QueryState } from '@/shared/ui';
import styles from './setting-page.module.css';

/**
 * /setting, security and devices (spec 001 s2, s7 Settings; 000 s5, s7; issue 49):
 * - two-step verification (the mode, changed with a code by SMS after confirming it is you);
 * - the password, changed with its approval code;
 * - sign-in approval from the auth profile (scp none or push);
 * - linked devices of the device API, with removal, and "link a new phone" (a QR code);
 * - the auth service's device registry: approve by a chosen method, remove, register;
 * - the allowed IP list (issue 50): the mode, the entries, add and delete, with the lock-out guard.
 * Lists keep their data when a refetch fails; failed actions open the error popup (app rule).
 */
export function SettingPage() {
  const { t } = useLingui();
  usePageTitle(t`Security and devices`);
  // A phone linked meanwhile (the QR code of "link a new phone" opened): the lists read again.
  useDeviceNews();
  return (
    <div className={styles.page}>
      <h1>
        <Trans>Security and devices</Trans>
      </h1>
      <TwoStepSection />
      <PasswordChangeForm />
      <AllowedIpSection />
      <SignInApproval />
      <LinkedDevices />
      <RegisteredDevices />
      <MoreSettings />
    </div>
  );
}

/** The other security and account pages (001 s2), one link each. */
function MoreSettings() {
  const { t } = useLingui();
  return (
    <nav aria-labelledby="more-settings-title" className={styles.section}>
      <h2 id="more-settings-title">{t`More settings`}</h2>
      <ul className={styles.links}>
        <li>
          <Link to="/payout-blacklist">{t`Payout black list`}</Link>
        </li>
        <li>
          <Link to="/login-history">{t`Login history`}</Link>
        </li>
        <li>
          <Link to="/profile/notifications">{t`Notification settings`}</Link>
        </li>
        <li>
          <Link to="/legal">{t`Legal information and agreements`}</Link>
        </li>
      </ul>
    </nav>
  );
}

function SignInApproval() {
  const { t } = useLingui();
  const profile = useQuery(authProfileQuery());
  return (
    <section aria-labelledby="approval-title" className={styles.section}>
      <h2 id="approval-title">{t`Sign-in approval`}</h2>
      <QueryState query={profile} title={t`Could not load your security settings`} />
      {profile.data?.scp === 'push' ? <p>{t`New sign-ins are approved with a push notification on your linked phone.`}</p> : null}
      {profile.data?.scp === 'none' ? (
        <p>
          {t`New sign-ins are not approved on a phone yet.`} <Link to="/scp-mobile">{t`Get the mobile app`}</Link>
        </p>
      ) : null}
    </section>
  );
}

/** "Remove" after a confirmation; the button shows progress for its own device only. */
function RemoveDeviceButton({ device, message, removal }: { device: Device; message: string; removal: ReturnType<typeof useRemoveDevice | typeof useUnlinkDevice> }) {
  const { t } = useLingui();
  const deviceName = device.name;
  return (
    <ConfirmButton
      label={t`Remove ${deviceName}`}
      title={t`Remove this device?`}
      message={message}
      confirmLabel={t`Remove device`}
      isPending={removal.isPending && removal.variables?.id === device.id}
      onConfirm={() => removal.mutate(device)}
    >
      {t`Remove`}
    </ConfirmButton>
  );
}

function LinkedDevices() {
  const { t } = useLingui();
  const linked = useQuery(linkedDevicesQuery());
  const removal = useUnlinkDevice();
  return (
    <section aria-labelledby="linked-title" className={styles.section}>
      <h2 id="linked-title">{t`Linked devices`}</h2>
      <p className={styles.hint}>{t`Phones with the mobile app that approve your sign-ins and payments.`}</p>
      <div>
        <LinkDeviceButton />
      </div>
      <QueryState query={linked} title={t`Could not load your linked devices`} />
      {linked.data ? (
        <DeviceTable
          label={t`Linked devices`}
          devices={linked.data}
          empty={<EmptyState title={t`No linked devices`} />}
          actions={(device) => {
            const deviceName = device.name;
            return (
              <RemoveDeviceButton device={device} removal={removal} message={t`${deviceName} will no longer approve your sign-ins and payments.`} />
            );
          }}
        />
      ) : null}
    </section>
  );
}

function RegisteredDevices() {
  const { t } = useLingui();
  const devices = useQuery(registeredDevicesQuery());
  const methods = useQuery(approveMethodsQuery());
  const removal = useRemoveDevice();
  const approve = useApproveDevice();
  return (
    <section aria-labelledby="registered-title" className={styles.section}>
      <h2 id="registered-title">{t`Registered devices`}</h2>
      <QueryState query={devices} title={t`Could not load your devices`} />
      {devices.data ? (
        <DeviceTable
          label={t`Registered devices`}
          devices={devices.data}
          empty={<EmptyState title={t`No registered devices`} />}
          extra={[{ id: 'status', title: t`Status`, render: (d) => (d.approved ? t`Approved` : t`Waiting for approval`) }]}
          actions={(device) => {
            const deviceName = device.name;
            return (
              <div className={styles.actions}>
                {!device.approved && methods.data?.length ? (
                  <MenuButton
                    label={t`Approve`}
                    aria-label={t`Approve ${deviceName}`}
                    items={methods.data.map((m) => ({ id: m.id, label: m.name }))}
                    isPending={approve.isPending && approve.variables?.device.id === device.id}
                    onAction={(methodId) => approve.mutate({ device, methodId })}
                  />
                ) : !device.approved && methods.data ? (
                  // No method to choose (000 s4): approved as it is.
                  <Button variant="secondary" aria-label={t`Approve ${deviceName}`} isPending={approve.isPending && approve.variables?.device.id === device.id} onPress={() => approve.mutate({ device })}>
                    {t`Approve`}
                  </Button>
                ) : null}
                <RemoveDeviceButton device={device} removal={removal} message={t`${deviceName} will be removed from your registered devices.`} />
              </div>
            );
          }}
        />
      ) : null}
      <RegisterDeviceForm />
    </section>
  );
}

/** Loading and first-load failure of a list. A failed refetch keeps the rows (and shows nothing here). */
