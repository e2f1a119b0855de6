import { CheckboxGroup as AriaCheckboxGroup, FieldError, Label, Text } from 'react-aria-components';
import { Checkbox } from './checkbox';
import styles from '../field/field.module.css';

export interface CheckboxGroupProps {
  label: string;
  options: readonly { id: string; label: string }[];
  /** The chosen ids, in the options' order. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  description?: string;
  errorMessage?: string | null | undefined;
}

/** Several of a closed set (a filter's types): one labelled group of checkboxes, one tab stop each. */
export function CheckboxGroup({ label, options, value, onChange, description, errorMessage }: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup
      className={styles.field}
      value={[...value]}
      onChange={(next) => onChange(options.map((o) => o.id).filter((id) => next.includes(id)))}
      isInvalid={Boolean(errorMessage)}
    >
      <Label className={styles.label}>{label}</Label>
      <div className={styles.checks}>
        {options.map((o) => (
          <Checkbox key={o.id} value={o.id}>
            {o.label}
          </Checkbox>
        ))}
      </div>
      {description ? <Text slot="description" className={styles.description}>{description}</Text> : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaCheckboxGroup>
  );
}
