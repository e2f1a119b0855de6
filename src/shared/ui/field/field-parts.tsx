import { useId, type ChangeEvent, type ReactNode } from 'react';
import styles from './field.module.css';

export interface FieldIds {
  inputId: string;
  /** `aria-describedby` for the input: the description and, when shown, the error. */
  describedBy: string | undefined;
}

/**
 * A labelled field without react-aria (the first screen's inputs): the label, the control the
 * caller renders with `ids`, the description and the translated error, linked by id.
 */
export function FieldFrame({
  label,
  description,
  errorMessage,
  children,
}: {
  label: string;
  description?: string | undefined;
  errorMessage?: string | null | undefined;
  children: (ids: FieldIds) => ReactNode;
}) {
  const id = useId();
  const inputId = `${id}-input`;
  const descriptionId = description ? `${id}-description` : null;
  const errorId = errorMessage ? `${id}-error` : null;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      {children({ inputId, describedBy })}
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

export interface ControlState {
  errorMessage?: string | null | undefined;
  isInvalid?: boolean | undefined;
  isRequired?: boolean | undefined;
  isDisabled?: boolean | undefined;
  isReadOnly?: boolean | undefined;
  onChange?: ((value: string) => void) | undefined;
}

/** The attributes every native control of a `FieldFrame` carries: its id, description, validity, state and change. */
export function controlProps(ids: FieldIds, state: ControlState) {
  return {
    id: ids.inputId,
    'aria-describedby': ids.describedBy,
    'aria-invalid': Boolean(state.errorMessage) || state.isInvalid || undefined,
    'aria-required': state.isRequired || undefined,
    disabled: state.isDisabled,
    readOnly: state.isReadOnly,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => state.onChange?.(event.target.value),
  };
}
