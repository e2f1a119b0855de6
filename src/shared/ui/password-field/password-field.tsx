import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { EyeIcon, EyeOffIcon } from '../icons/icons';
import { controlProps, FieldFrame } from '../field/field-parts';
import type { TextFieldProps } from '../text-field/text-field';
import styles from '../field/field.module.css';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** Password input with a show/hide toggle. (Visibility is presentation, not flow state.) */
export function PasswordField({ label, description, errorMessage, onChange, isRequired, isDisabled, isReadOnly, isInvalid, autoComplete, ...input }: PasswordFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} description={description} errorMessage={errorMessage}>
      {(ids) => (
        <div className={styles.inputRow}>
          <input
            {...input}
            {...controlProps(ids, { errorMessage, isInvalid, isRequired, isDisabled, isReadOnly, onChange })}
            type={visible ? 'text' : 'password'}
            autoComplete={autoComplete ?? 'current-password'}
            className={`${styles.input} ${styles.withAdornment}`}
          />
          <button
            type="button"
            className={styles.iconButton}
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? t`Hide password` : t`Show password`}
            aria-pressed={visible}
            disabled={isDisabled}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    </FieldFrame>
  );
}
