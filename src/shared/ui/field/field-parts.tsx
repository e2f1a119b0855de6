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
  const notes = useFieldNotes(description, errorMessage);
  const inputId = `${notes.id}-input`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      {children({ inputId, describedBy: notes.describedBy })}
      <FieldNotes descriptionId={notes.descriptionId} errorId={notes.errorId} description={description} errorMessage={errorMessage} />
    </div>
  );
}

/** Ids for a field's description and error (when there is one), and `aria-describedby` naming them. */
export function useFieldNotes(description: string | undefined, errorMessage: string | null | undefined) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : null;
  const errorId = errorMessage ? `${id}-error` : null;
  return { id, descriptionId, errorId, describedBy: [descriptionId, errorId].filter(Boolean).join(' ') || undefined };
}

/** A field's description and translated error under its control, with the ids `useFieldNotes` gave. */
export function FieldNotes({
  descriptionId,
  errorId,
  description,
  errorMessage,
}: {
  descriptionId: string | null;
  errorId: string | null;
  description?: string | undefined;
  errorMessage?: string | null | undefined;
}) {
  return (
    <>
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
    </>
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
