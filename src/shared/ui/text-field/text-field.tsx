import type { InputHTMLAttributes } from 'react';
import { controlProps, FieldFrame } from '../field/field-parts';
import styles from '../field/field.module.css';

type NativeInputProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'autoFocus' | 'inputMode' | 'maxLength' | 'name' | 'placeholder' | 'defaultValue' | 'spellCheck' | 'onBlur'>;

export interface TextFieldProps extends NativeInputProps {
  label: string;
  description?: string;
  /** A translated error; when set the field is invalid and says why. */
  errorMessage?: string | null | undefined;
  value?: string;
  onChange?: (value: string) => void;
  isRequired?: boolean;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  isInvalid?: boolean;
}

/** A labelled text input. The value stays what the user typed across errors. */
export function TextField({ label, description, errorMessage, onChange, isRequired, isDisabled, isReadOnly, isInvalid, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} description={description} errorMessage={errorMessage}>
      {(ids) => <input {...input} {...controlProps(ids, { errorMessage, isInvalid, isRequired, isDisabled, isReadOnly, onChange })} className={styles.input} />}
    </FieldFrame>
  );
}
