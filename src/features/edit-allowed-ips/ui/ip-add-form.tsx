import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { Button, FormAlert, TextField } from '@/shared/ui';
import type { ipAddFormLogic } from '../model/ip-list-actors';
import styles from './allowed-ips.module.css';

/**
 * The add-IP-to-whitelist popup's form (spec 001 s2): one address, or a range with its last
 * address. The statechart keeps what was typed through a refusal; the first invalid field takes
 * focus after a rejected submit. When the service asks for a proof, the popup shows "Confirm it is
 * you" in its place (allowed-ip-section.tsx), and the form again after.
 */
export function IpAddForm({ actor, onCancel }: { actor: ActorRefFrom<typeof ipAddFormLogic>; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const ip = useSelector(actor, (s) => s.context.values.ip ?? '');
  const toIp = useSelector(actor, (s) => s.context.values.toIp ?? '');
  const ipError = useSelector(actor, (s) => uiMessageText(i18n, s.context.errors.ip));
  const toIpError = useSelector(actor, (s) => uiMessageText(i18n, s.context.errors.toIp));
  const formError = useSelector(actor, (s) => uiMessageText(i18n, s.context.formError));
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const form = useFocusOnRejectedSubmit(attempts);
  return (
    <form
      ref={form}
      noValidate
      className={styles.form}
      aria-label={t`Add an IP address`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField
        label={t`IP address`}
        description={t`IPv4 or IPv6. For a range, this is its first address.`}
        value={ip}
        autoFocus
        spellCheck={false}
        autoComplete="off"
        maxLength={64}
        onChange={(value) => actor.send({ type: 'CHANGE', name: 'ip', value })}
        errorMessage={ipError}
        isReadOnly={busy}
        isRequired
      />
      <TextField
        label={t`Last address of the range (optional)`}
        description={t`Leave empty to allow one address.`}
        value={toIp}
        spellCheck={false}
        autoComplete="off"
        maxLength={64}
        onChange={(value) => actor.send({ type: 'CHANGE', name: 'toIp', value })}
        errorMessage={toIpError}
        isReadOnly={busy}
      />
      <div className={styles.buttons}>
        <Button type="submit" isPending={busy}>
          {t`Add`}
        </Button>
        <Button variant="secondary" onPress={onCancel}>
          {t`Cancel`}
        </Button>
      </div>
    </form>
  );
}
