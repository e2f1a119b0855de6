import { useId } from 'react';
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
 * One choice of a few, in plain HTML (issue 16: no react-aria on the pages that only need this):
 * the browser's own radio buttons sharing a name, so Tab enters the group at the chosen one and
 * the arrow keys move the choice. The group is a `radiogroup` named by its label, described by
 * the description and the error.
 */
export function RadioGroup({ label, options, value, onChange, description, errorMessage, isDisabled }: RadioGroupProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : null;
  const errorId = errorMessage ? `${id}-error` : null;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div
      role="radiogroup"
      className={styles.field}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
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
      {descriptionId ? (
        <span id={descriptionId} className={styles.description}>
          {description}
        </span>
      ) : null}
      {errorId ? (
        <span id={errorId} className={styles.error}>
          {errorMessage}
        </span>
      ) : null}
    </div>
  );
}
