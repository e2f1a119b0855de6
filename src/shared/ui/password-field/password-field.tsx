import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { EyeIcon, EyeOffIcon } from '../icons/icons';
import { FieldFrame } from '../field/field-parts';
import type { TextFieldProps } from '../text-field/text-field';
import styles from '../field/field.module.css';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** Password input with a show/hide toggle. (Visibility is presentation, not flow state.) */
export function PasswordField({ label, description, errorMessage, onChange, isRequired, isDisabled, isReadOnly, isInvalid, autoComplete, ...input }: PasswordFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} description={description} errorMessage={errorMessage}>
      {({ inputId, describedBy }) => (
        <div className={styles.inputRow}>
          <input
            {...input}
            id={inputId}
            type={visible ? 'text' : 'password'}
            autoComplete={autoComplete ?? 'current-password'}
            className={`${styles.input} ${styles.withAdornment}`}
            aria-describedby={describedBy}
            aria-invalid={Boolean(errorMessage) || isInvalid || undefined}
            aria-required={isRequired || undefined}
            disabled={isDisabled}
            readOnly={isReadOnly}
            onChange={(event) => onChange?.(event.target.value)}
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
