import { FieldError, Input, Label, Text, TextField as AriaTextField, type TextFieldProps as AriaProps } from 'react-aria-components';
import styles from '../field/field.module.css';

export interface TextFieldProps extends Omit<AriaProps, 'className' | 'children'> {
  label: string;
  description?: string;
  /** A translated error; when set the field is invalid and says why. */
  errorMessage?: string | null | undefined;
}

/** A labelled text input. The value stays what the user typed across errors. */
export function TextField({ label, description, errorMessage, ...rest }: TextFieldProps) {
  return (
    <AriaTextField validationBehavior="aria" {...rest} isInvalid={Boolean(errorMessage) || rest.isInvalid} className={styles.field}>
      <Label className={styles.label}>{label}</Label>
      <Input className={styles.input} />
      {description ? <Text slot="description" className={styles.description}>{description}</Text> : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
