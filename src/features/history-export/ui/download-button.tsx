import { useState } from 'react';
import { useMobileApp } from '@/shared/model';
import { TaskButton } from '@/shared/ui';
import { documentLogic, type DocumentRequest } from '../model/export-actors';

/**
 * A button that fetches a generated document (a statement, a transaction's or an account's confirmation) and hands
 * it over as a file: pending while it works, pressed again it does nothing until done, a failure
 * is said next to it and the next press tries again.
 */
export function DownloadButton({
  document,
  children,
  logic,
  labelledBy,
  retryLabel,
}: {
  document: DocumentRequest;
  children: React.ReactNode;
  logic?: ReturnType<typeof documentLogic>;
  /** Ids of the elements that name the button (its word and whose document it is). */
  labelledBy?: string;
  /** What the button says after a failure ("Try again"). */
  retryLabel?: React.ReactNode;
}) {
  const mobileApp = useMobileApp();
  const [task] = useState(() => logic ?? documentLogic(document, mobileApp));
  return (
    <TaskButton logic={task} {...(labelledBy ? { labelledBy } : {})} {...(retryLabel ? { retryLabel } : {})}>
      {children}
    </TaskButton>
  );
}
