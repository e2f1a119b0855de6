import type { ReactNode } from 'react';
import { Button } from '../button/button';
import styles from './file-drop.module.css';

/**
 * A file chosen with the picker or dropped on the box (mass files, global pay): the chosen file's
 * name below, and what else the screen says about it (`children`). The input is emptied after
 * each choice, so choosing the same (fixed) file again is heard. `errorMessage` (translated) marks
 * the input invalid and describes it, announced as an alert: a refused submit's focus lands on it.
 */
export function FileDrop({
  id,
  label,
  accept,
  isDisabled = false,
  fileName,
  onFile,
  errorMessage,
  children,
}: {
  id: string;
  label: string;
  accept: string;
  isDisabled?: boolean;
  fileName?: string | undefined;
  onFile: (file: File) => void;
  errorMessage?: string | null | undefined;
  children?: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div
      className={styles.drop}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        const file = event.dataTransfer.files[0];
        if (!isDisabled && file) onFile(file);
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={isDisabled}
        {...(errorMessage ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      {fileName ? <p className={styles.fileName}>{fileName}</p> : null}
      {children}
      {errorMessage ? (
        <p id={errorId} className={styles.error} role="alert">
          {errorMessage}
        </p>
      ) : null}
    </div>
  );
}

/** A check of a file under way: how far it has read (0 to 1), and Cancel. */
export function FileCheckProgress({ id, label, share, cancelLabel, onCancel }: { id: string; label: string; share: number; cancelLabel: string; onCancel: () => void }) {
  return (
    <div className={styles.progress}>
      <label htmlFor={id}>{label}</label>
      <progress id={id} max={100} value={Math.round(share * 100)} />
      <Button variant="secondary" onPress={onCancel}>
        {cancelLabel}
      </Button>
    </div>
  );
}
