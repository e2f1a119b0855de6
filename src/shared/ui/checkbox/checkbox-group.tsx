import { FieldNotes, useFieldNotes } from '../field/field-parts';
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

/**
 * Several of a closed set (a filter's types): one labelled group of native checkboxes, one tab
 * stop each. While the group is refused each checkbox is marked invalid, so the form's focus on a
 * rejected submit lands on the first one.
 */
export function CheckboxGroup({ label, options, value, onChange, description, errorMessage }: CheckboxGroupProps) {
  const notes = useFieldNotes(description, errorMessage);
  const labelId = `${notes.id}-label`;
  const toggle = (id: string, on: boolean) => onChange(options.map((o) => o.id).filter((o) => (o === id ? on : value.includes(o))));
  return (
    <div role="group" className={styles.field} aria-labelledby={labelId} aria-describedby={notes.describedBy}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <div className={styles.checks}>
        {options.map((o) => (
          <Checkbox key={o.id} value={o.id} isSelected={value.includes(o.id)} isInvalid={Boolean(errorMessage)} onChange={(on) => toggle(o.id, on)}>
            {o.label}
          </Checkbox>
        ))}
      </div>
      <FieldNotes descriptionId={notes.descriptionId} errorId={notes.errorId} description={description} errorMessage={errorMessage} />
    </div>
  );
}
