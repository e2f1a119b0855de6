import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { taskMachine } from '@machines/shared/task.machine';
import { adminDocumentsQuery, adminKeys, fetchAdminDocumentFile, type AdminDocument } from '@/entities/admin';
import { asUiMessage } from '@/shared/api';
import { formatDateTime } from '@/shared/lib';
import { inspectOptions, saveFile, useDisclosure, useMobileApp, useNotificationsActor } from '@/shared/model';
import { Button, EmptyState, QueryState, TaskButton, type QueryLike } from '@/shared/ui';
import { adminDocumentLogicsFor, type AdminDocumentLogics } from '../model/admin-document-actors';
import { AdminDocumentAssignDialog } from './admin-document-assign-dialog';
import { AdminDocumentRemoveDialog } from './admin-document-remove-dialog';
import styles from './admin-documents.module.css';

export interface AdminDocumentsProps {
  /** The customer acted for (whose file this is). */
  customerId: number;
  customerName: string;
  /** The assign and remove statecharts with their calls (stories give fakes); the app's for `customerId` otherwise. */
  logics?: AdminDocumentLogics;
}

/**
 * The admin documents of the customer an admin acts for (issue 52; spec 002 s7 Business: admin
 * document list, assign, remove): the files on the customer's file, newest first, each with its
 * name, file, size and when and by whom it was put there, downloadable; "Add a document" (the
 * assign statechart's popup) and each document's removal, confirmed first and sent once (the
 * confirmed-change statechart). After a change the list is read again. Keyed by the customer by
 * its page, so another customer is another list, another attempt.
 */
export function AdminDocuments({ customerId, customerName, logics }: AdminDocumentsProps) {
  return <AdminDocumentsView customerId={customerId} customerName={customerName} query={useQuery(adminDocumentsQuery(customerId))} {...(logics ? { logics } : {})} />;
}

export type AdminDocumentsQuery = QueryLike & { data?: AdminDocument[] | undefined };

/** The section with its read injected (stories: loading, empty, error, filled). */
export function AdminDocumentsView({ customerId, customerName, query, logics: given }: AdminDocumentsProps & { query: AdminDocumentsQuery }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const notifications = useNotificationsActor();
  const [logics] = useState(() => given ?? adminDocumentLogicsFor(customerId));
  const adding = useDisclosure();
  const addButton = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const documents = query.data;
  const known = useRef<readonly AdminDocument[]>([]);
  known.current = documents ?? known.current;
  const nameOf = (documentId: number) => known.current.find((document) => document.id === documentId)?.name ?? '';
  /** The document just removed: once the list read again no longer has it (its button gone), focus goes to "Add a document" (WCAG 2.4.3). */
  const removedId = useRef<number | null>(null);
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: adminKeys.documents(customerId) });
  const remove = useActorRef(
    logics.remove.provide({
      actions: {
        changed: (_, { subject }) => {
          const name = nameOf(Number(subject));
          removedId.current = Number(subject);
          readAgain();
          notifications.send({ type: 'NOTIFY', notification: { id: `admin-document-removed-${subject}`, tone: 'success', title: t`The document ${name} has been removed.` } });
        },
      },
    }),
    inspectOptions(),
  );
  const listedNow = (documents ?? []).map((document) => document.id).join(',');
  useEffect(() => {
    const gone = removedId.current;
    if (gone === null || listedNow.split(',').includes(String(gone))) return;
    removedId.current = null;
    const focused = document.activeElement;
    if (!focused || focused === document.body) addButton.current?.focus();
  }, [listedNow]);
  const assigned = (kept: AdminDocument | null, name: string) => {
    adding.close();
    readAgain();
    notifications.send({ type: 'NOTIFY', notification: { id: `admin-document-added-${kept?.id ?? Date.now()}`, tone: 'success', title: t`The document ${name} has been added.` } });
  };
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <div className={styles.head}>
        {/* Focusable from script: the page moves focus here after switching to this customer. */}
        <h2 id={`${ids}-title`} className={styles.title} tabIndex={-1}>
          {t`Documents of ${customerName}`}
        </h2>
        {documents ? (
          <Button ref={addButton} aria-haspopup="dialog" onPress={adding.toggle}>
            {t`Add a document`}
          </Button>
        ) : null}
      </div>
      <QueryState query={query} title={t`The documents could not be loaded`} />
      {documents ? (
        documents.length === 0 ? (
          <EmptyState title={t`No documents on this customer's file`} message={t`Documents you add are listed here.`} />
        ) : (
          <ul className={styles.list} aria-label={t`Documents`}>
            {documents.map((document) => (
              <DocumentItem key={document.id} document={document} onRemove={() => remove.send({ type: 'REQUEST', subject: String(document.id) })} />
            ))}
          </ul>
        )
      ) : null}
      {adding.open ? <AdminDocumentAssignDialog customerName={customerName} logic={logics.assign} onAssigned={assigned} onClose={adding.close} /> : null}
      <AdminDocumentRemoveDialog actor={remove} nameOf={nameOf} customerName={customerName} />
    </section>
  );
}

/** A size in the language's own units (decimal, as the 10 MB limit counts: 1 kB is 1,000 bytes). */
function formatSize(bytes: number, locale: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : bytes >= 1_000 ? [bytes / 1_000, 'kilobyte'] : [bytes, 'byte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** One document: its name, file and size, when and by whom it was added; Download and Remove, each named with the document. */
function DocumentItem({ document, onRemove }: { document: AdminDocument; onRemove: () => void }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const mobileApp = useMobileApp();
  const [download] = useState(() =>
    taskMachine.provide({
      actors: {
        run: fromPromise(() =>
          asUiMessage(async () => {
            const { blob, fileName } = await fetchAdminDocumentFile(document);
            await saveFile(blob, fileName, mobileApp);
          }),
        ),
      },
    }),
  );
  const added = formatDateTime(document.assignedAt, i18n.locale);
  const by = document.assignedBy?.trim();
  const size = formatSize(document.size, i18n.locale);
  return (
    <li className={styles.item}>
      <div className={styles.about}>
        <p id={`${ids}-name`} className={styles.name}>
          {document.name}
        </p>
        <p className={styles.meta}>
          <span className={styles.fileName}>{document.fileName}</span> · {size}
        </p>
        <p className={styles.meta}>
          <time dateTime={document.assignedAt}>{by ? t`Added on ${added} by ${by}` : t`Added on ${added}`}</time>
        </p>
      </div>
      <div className={styles.actions}>
        {/* Each named by its word and the document's name ("Remove Service agreement"): the name starts with what is seen, in every language. */}
        <TaskButton logic={download} labelledBy={`${ids}-download ${ids}-name`}>
          <span id={`${ids}-download`}>{t`Download`}</span>
        </TaskButton>
        <Button variant="secondary" aria-haspopup="dialog" aria-labelledby={`${ids}-remove ${ids}-name`} onPress={onRemove}>
          <span id={`${ids}-remove`}>{t`Remove`}</span>
        </Button>
      </div>
    </li>
  );
}
