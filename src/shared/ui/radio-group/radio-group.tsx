import { FieldNotes, useFieldNotes } from '../field/field-parts';
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

/**
 * One choice of a few, in plain HTML (no react-aria on the pages that only need this):
 * the browser's own radio buttons sharing a name, so Tab enters the group at the chosen one and
 * the arrow keys move the choice. The group is a `radiogroup` named by its label, described by
 * the description and the error.
 */
export function RadioGroup({ label, options, value, onChange, description, errorMessage, isDisabled }: RadioGroupProps) {
  const notes = useFieldNotes(description, errorMessage);
  const id = notes.id;
  const labelId = `${id}-label`;
  return (
    <div
      role="radiogroup"
      className={styles.field}
      aria-labelledby={labelId}
      aria-describedby={notes.describedBy}
      aria-invalid={errorMessage ? true : undefined}
      aria-disabled={isDisabled || undefined}
    >
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      {options.map((o) => (
        <label key={o.id} className={styles.check}>
          <input
            type="radio"
            className={styles.nativeCheck}
            name={id}
            value={o.id}
            {...(value !== undefined ? { checked: value === o.id } : {})}
            onChange={() => onChange?.(o.id)}
            disabled={isDisabled}
          />
          <span className={`${styles.box} ${styles.radioDot}`} aria-hidden="true" />
          {o.label}
        </label>
      ))}
      <FieldNotes descriptionId={notes.descriptionId} errorId={notes.errorId} description={description} errorMessage={errorMessage} />
    </div>
  );
}
