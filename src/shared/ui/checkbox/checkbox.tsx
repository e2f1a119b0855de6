import { CheckIcon } from '../icons/icons';
import styles from '../field/field.module.css';

export interface CheckboxProps {
  children: React.ReactNode;
  /** Checked or not; without it the box keeps its own state (from `defaultSelected`). */
  isSelected?: boolean;
  defaultSelected?: boolean;
  onChange?: (isSelected: boolean) => void;
  isDisabled?: boolean;
  isRequired?: boolean;
  isInvalid?: boolean;
  name?: string;
  value?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
}

/**
 * A checkbox in plain HTML (no react-aria on the pages that only need this): the
 * browser's own `<input type="checkbox">` inside its label, so the label's text names it, a click
 * anywhere on it toggles it and Space does from the keyboard. The input is transparent over the
 * drawn box, which follows its checked, focused and disabled states in CSS.
 */
export function Checkbox({ children, isSelected, defaultSelected, onChange, isDisabled, isRequired, isInvalid, ...aria }: CheckboxProps) {
  return (
    <label className={styles.check}>
      <input
        type="checkbox"
        className={styles.nativeCheck}
        {...(isSelected !== undefined ? { checked: isSelected } : { defaultChecked: defaultSelected })}
        onChange={(event) => onChange?.(event.currentTarget.checked)}
        disabled={isDisabled}
        required={isRequired}
        aria-invalid={isInvalid || undefined}
        {...aria}
      />
      <span className={styles.box} aria-hidden="true">
        <CheckIcon size={14} />
      </span>
      {children}
    </label>
  );
}
