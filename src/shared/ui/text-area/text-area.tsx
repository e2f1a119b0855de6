import { controlProps, FieldFrame } from '../field/field-parts';
import styles from '../field/field.module.css';

export interface TextAreaProps {
  label: string;
  description?: string;
  errorMessage?: string | null | undefined;
  value?: string;
  onChange?: (value: string) => void;
  rows?: number;
  placeholder?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
}

/** A labelled multi-line text (pasted lists): the same frame, description and error wiring as a text field. */
export function TextArea({ label, description, errorMessage, onChange, isRequired, isDisabled, rows = 6, ...rest }: TextAreaProps) {
  return (
    <FieldFrame label={label} description={description} errorMessage={errorMessage}>
      {(ids) => <textarea {...rest} rows={rows} spellCheck={false} {...controlProps(ids, { errorMessage, isRequired, isDisabled, onChange })} className={`${styles.input} ${styles.textarea}`} />}
    </FieldFrame>
  );
}
