import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ChosenFile } from '@machines/merchant/logo-upload.machine';
import { LOGO_TYPES } from '@machines/merchant/merchant.rules';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, Checkbox, FileDrop, FormAlert, TextField } from '@/shared/ui';
import type { LogoUploadLogic } from '../model/logo-actors';
import styles from './merchant-logos.module.css';

export interface LogoUploadFormProps {
  /** The upload statechart with its calls. */
  logic: LogoUploadLogic;
  /** The first logo is the default whatever is chosen: the box is then checked and fixed. */
  first: boolean;
  onUploaded: (logoId: number | null) => void;
  onCancel: () => void;
}

const chosen = (file: File): ChosenFile => ({ name: file.name, type: file.type, size: file.size, blob: file });

/**
 * A new business logo (001 s3 logo: name, isDefault, file): its name, the image (PNG or JPEG, at
 * most 1 MB, checked by its first bytes before anything is sent) and whether payers see it by
 * default; the logo upload statechart keeps all of it through a failure. A refused submit moves the
 * focus to the first problem.
 */
export function LogoUploadForm({ logic, first, onUploaded, onCancel }: LogoUploadFormProps) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const actor = useActorRef(logic.provide({ actions: { uploaded: ({ context }) => onUploaded(context.logoId) } }), { ...inspectOptions(), input: { isDefault: first } });
  const name = useSelector(actor, (s) => s.context.name);
  const isDefault = useSelector(actor, (s) => s.context.isDefault);
  const file = useSelector(actor, (s) => s.context.file);
  const errors = useSelector(actor, (s) => s.context.errors);
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const form = useFocusOnRejectedSubmit(attempts);
  return (
    <form
      ref={form}
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <TextField label={t`Name`} value={name} onChange={(value) => actor.send({ type: 'CHANGE_NAME', value })} errorMessage={uiMessageText(i18n, errors.name)} isRequired isDisabled={busy} autoComplete="off" />
      <FileDrop
        id={`${ids}-file`}
        label={t`Image (PNG or JPEG, at most 1 MB)`}
        accept={LOGO_TYPES.join(',')}
        isDisabled={busy}
        fileName={file?.name}
        onFile={(picked) => actor.send({ type: 'CHOOSE', file: chosen(picked) })}
        errorMessage={uiMessageText(i18n, errors.file)}
      />
      <Checkbox isSelected={first || isDefault} isDisabled={first || busy} onChange={(value) => actor.send({ type: 'SET_DEFAULT', value })}>
        {first ? t`Your first logo is the default` : t`Make it the default`}
      </Checkbox>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <p role="status" className={styles.hint}>
        {busy ? t`Uploading the logo…` : ''}
      </p>
      <div className={styles.buttons}>
        <Button type="submit" isPending={busy}>
          {t`Upload`}
        </Button>
        <Button
          variant="secondary"
          isDisabled={busy}
          onPress={() => {
            actor.send({ type: 'CANCEL' });
            onCancel();
          }}
        >
          {t`Cancel`}
        </Button>
      </div>
    </form>
  );
}
