import { useState } from 'react';
import { Button, FieldError, Group, Input, Label, Text, TextField as AriaTextField, type TextFieldProps as AriaProps } from 'react-aria-components';
import { useLingui } from '@lingui/react/macro';
import { EyeIcon, EyeOffIcon } from '../icons/icons';
import styles from '../field/field.module.css';

export interface PasswordFieldProps extends Omit<AriaProps, 'className' | 'children' | 'type'> {
  label: string;
  description?: string;
  errorMessage?: string | null | undefined;
}

/** Password input with a show/hide toggle. (Visibility is presentation, not flow state.) */
export function PasswordField({ label, description, errorMessage, ...rest }: PasswordFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <AriaTextField validationBehavior="aria" {...rest} type={visible ? 'text' : 'password'} isInvalid={Boolean(errorMessage) || rest.isInvalid} className={styles.field}>
      <Label className={styles.label}>{label}</Label>
      <Group className={styles.inputRow}>
        <Input className={`${styles.input} ${styles.withAdornment}`} autoComplete={rest.autoComplete ?? 'current-password'} />
        <Button className={styles.iconButton} onPress={() => setVisible((v) => !v)} aria-label={visible ? t`Hide password` : t`Show password`} aria-pressed={visible}>
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </Button>
      </Group>
      {description ? <Text slot="description" className={styles.description}>{description}</Text> : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
