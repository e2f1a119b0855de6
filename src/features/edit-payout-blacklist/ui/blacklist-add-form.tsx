import { useLingui } from '@lingui/react/macro';
import { BLOCK_TYPES } from '@machines/settings/blacklist.rules';
import type { BlacklistUser } from '@/entities/security';
import { useFormMachine } from '@/shared/lib';
import { Button, FormAlert, RadioGroup, TextField } from '@/shared/ui';
import { blacklistAddFormLogic, type BlacklistAddFormLogic } from '../model/blacklist-actors';
import { BLOCK_TYPE_TEXTS } from './block-type-texts';
import styles from './payout-blacklist.module.css';

export interface BlacklistAddFormProps {
  /** The customer's own e-mails and those on the list already: refused before anything is sent. */
  own: readonly string[];
  listed: readonly string[];
  /** The e-mail is on the list (as the service kept it). */
  onAdded: (email: string) => void;
  onCancel: () => void;
  logic?: BlacklistAddFormLogic;
}

/**
 * The "add to blacklist" popup's form (001 s2, s3 Blacklist user: email, blockType; s5 the e-mail
 * rule): the e-mail and what to block (all payouts by default). The statechart refuses an invalid
 * e-mail, the customer's own and one listed already before sending, keeps what was typed through
 * any refusal, and shows each error at its field; the first invalid field takes focus.
 */
export function BlacklistAddForm({ own, listed, onAdded, onCancel, logic = blacklistAddFormLogic }: BlacklistAddFormProps) {
  const { t, i18n } = useLingui();
  const form = useFormMachine(
    logic.provide({
      actions: {
        submitted: ({ context }) => {
          const kept = context.result as BlacklistUser | null;
          onAdded(kept?.email ?? (context.values.email ?? '').trim());
        },
      },
    }),
    { values: { email: '', blockType: 'all', own: own.join('\n'), listed: listed.join('\n') } },
  );
  const email = form.field('email');
  const blockType = form.field('blockType');
  return (
    <form {...form.formProps} className={styles.form} aria-label={t`Add to black list`}>
      {form.formErrorText ? <FormAlert>{form.formErrorText}</FormAlert> : null}
      <TextField
        label={t`E-mail`}
        type="email"
        autoComplete="off"
        spellCheck={false}
        autoFocus
        maxLength={254}
        {...email}
        isReadOnly={form.busy}
        isRequired
      />
      <RadioGroup
        label={t`What to block`}
        options={BLOCK_TYPES.map((id) => ({ id, label: i18n._(BLOCK_TYPE_TEXTS[id]) }))}
        value={blockType.value}
        onChange={blockType.onChange}
        errorMessage={blockType.errorMessage}
      />
      <div className={styles.buttons}>
        <Button type="submit" isPending={form.busy}>
          {t`Add`}
        </Button>
        <Button variant="secondary" onPress={onCancel}>
          {t`Cancel`}
        </Button>
      </div>
    </form>
  );
}
