import { FieldError, Label, Radio, RadioGroup as AriaRadioGroup, Text } from 'react-aria-components';
import styles from '../field/field.module.css';

export interface RadioGroupProps {
  label: string;
  options: readonly { id: string; label: string }[];
  value?: string | null;
  onChange?: (value: string) => void;
  description?: string;
  errorMessage?: string | null | undefined;
  isDisabled?: boolean;
}

export function RadioGroup({ label, options, value, onChange, description, errorMessage, isDisabled }: RadioGroupProps) {
  return (
    <AriaRadioGroup className={styles.field} {...(value !== undefined ? { value } : {})} onChange={onChange} isInvalid={Boolean(errorMessage)} isDisabled={isDisabled}>
      <Label className={styles.label}>{label}</Label>
      {options.map((o) => (
        <Radio key={o.id} value={o.id} className={styles.check}>
          <span className={`${styles.box} ${styles.radioDot}`} aria-hidden="true" />
          {o.label}
        </Radio>
      ))}
      {description ? <Text slot="description" className={styles.description}>{description}</Text> : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaRadioGroup>
  );
}
