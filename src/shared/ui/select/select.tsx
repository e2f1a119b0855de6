import { ChevronIcon } from '../icons/icons';
import { controlProps, FieldFrame } from '../field/field-parts';
import styles from '../field/field.module.css';

export interface SelectOption {
  id: string;
  label: string;
  /** Shown (a value held) but not choosable. */
  disabled?: boolean;
}

export interface SelectProps {
  label: string;
  options: readonly SelectOption[];
  selectedKey?: string | null;
  onSelectionChange?: (key: string) => void;
  placeholder?: string;
  description?: string;
  errorMessage?: string | null | undefined;
  isDisabled?: boolean;
  isRequired?: boolean;
  /** The placeholder is a choice too ("Any type" in a filter), not only a prompt. */
  placeholderSelectable?: boolean;
  /** Options in labelled groups (`<optgroup>`), after the ungrouped `options`. */
  groups?: readonly { label: string; options: readonly SelectOption[] }[];
}

/**
 * A labelled single choice: the browser's own `<select>` (type-ahead, the phone's native picker,
 * screen-reader support and no overlay code to download), styled like the other fields.
 * Until something is chosen the placeholder shows as a disabled first option.
 */
export function Select({ label, options, selectedKey, onSelectionChange, placeholder, description, errorMessage, isDisabled, isRequired, placeholderSelectable = false, groups = [] }: SelectProps) {
  return (
    <FieldFrame label={label} description={description} errorMessage={errorMessage}>
      {(ids) => (
        <div className={styles.selectRow}>
          <select
            {...controlProps(ids, { errorMessage, isRequired, isDisabled, onChange: onSelectionChange })}
            className={`${styles.input} ${styles.select}`}
            {...(selectedKey !== undefined ? { value: selectedKey ?? '' } : { defaultValue: '' })}
          >
            <option value="" disabled={!placeholderSelectable}>
              {placeholder ?? ''}
            </option>
            {options.map((option) => (
              <option key={option.id} value={option.id} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
            {groups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <span className={styles.selectChevron} aria-hidden="true">
            <ChevronIcon />
          </span>
        </div>
      )}
    </FieldFrame>
  );
}
