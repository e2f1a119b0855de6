import { useEffect, useId, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { DocumentUploadProblem, DocumentPart } from '@machines/verification/verification.rules';
import { documentUploadProblems, partsNeeded } from '@machines/verification/verification.rules';
import { documentTypesQuery, useRefreshVerification } from '@/entities/verification';
import type { Language } from '@/shared/config';
import { uiMessageText } from '@/shared/lib';
import { inspectOptions, useNotificationsActor, useSelection } from '@/shared/model';
import { Button, Dialog, FileCheckProgress, FileDrop, FormAlert, QueryState, Select } from '@/shared/ui';
import { documentUploadLogic } from '../model/upload-actors';
import styles from './upload-document.module.css';

/** What the uploaded document answers (an address, a limit requirement, duplicate documents). */
export interface DocumentUploadTarget {
  addressId?: number;
  limitReasonActionTypeId?: number;
  duplicate?: boolean;
}

export interface DocumentUploadDialogProps {
  title: string;
  /** The document category (1 identity … 12 residence permit: DOCUMENT_CATEGORIES). */
  categoryId: number;
  /** The document type; without it the customer chooses one of the category's types. */
  documentTypeId?: number;
  target?: DocumentUploadTarget;
  /** The customer's country (type 88 needs the registration stamp in RU and UA). */
  countryCode: string | null;
  onClose: () => void;
  /** After a successful upload, with the document's id (before the dialog closes). */
  onUploaded?: (documentId: number) => void;
  /** Injectable for stories and tests (a fake upload). */
  logic?: typeof documentUploadLogic;
  /** For stories and tests: files chosen (sent as CHOOSE) when the upload form starts. */
  initialFiles?: Partial<Record<DocumentPart, File>>;
}

const ACCEPT = 'application/pdf,image/jpeg,image/png';
const PARTS: readonly DocumentPart[] = ['front', 'back', 'stamp'];

/**
 * A verification document uploaded (spec 002 s3): the type chosen from the category's
 * types (unless given), one file box per part the type needs, the files checked before anything is
 * sent, the upload's progress with Cancel, a failure that keeps the files chosen. When the
 * document is sent the verification status is read again, a notice says so and the dialog closes.
 */
export function DocumentUploadDialog({ title, onClose, documentTypeId, ...rest }: DocumentUploadDialogProps) {
  return (
    <Dialog isOpen onClose={onClose} title={title}>
      {documentTypeId !== undefined ? (
        <UploadForm key={documentTypeId} documentTypeId={documentTypeId} onClose={onClose} {...rest} />
      ) : (
        <TypeChoice onClose={onClose} {...rest} />
      )}
    </Dialog>
  );
}

type FormProps = Omit<DocumentUploadDialogProps, 'title' | 'documentTypeId'>;

/** The category's document types (documentTypes, in the active language): one chosen, then its form. */
function TypeChoice({ onClose, ...rest }: FormProps) {
  const { t, i18n } = useLingui();
  const language = i18n.locale as Language;
  const query = useQuery(documentTypesQuery(language));
  const selection = useSelection();
  if (!query.data) return <QueryState query={query} title={t`The document types could not be loaded`} />;
  const types = query.data.find((category) => category.id === String(rest.categoryId))?.customerDocumentTypes ?? [];
  const only = types.length === 1 ? Number(types[0]!.id) : null;
  const chosen = selection.selected ?? only;
  return (
    <div className={styles.stack}>
      {types.length === 0 ? (
        <p className={styles.hint}>{t`No document of this kind can be sent here. Contact support.`}</p>
      ) : (
        <Select
          label={t`Document type`}
          placeholder={t`Choose…`}
          options={types.map((type) => ({ id: type.id, label: type.name }))}
          selectedKey={chosen === null ? null : String(chosen)}
          onSelectionChange={(key) => selection.select(Number(key))}
          isRequired
        />
      )}
      {chosen !== null ? (
        <UploadForm key={chosen} documentTypeId={chosen} onClose={onClose} {...rest} />
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" onPress={onClose}>
            {t`Cancel`}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The files of one document type, on the document-upload statechart. */
function UploadForm({
  categoryId,
  documentTypeId,
  target,
  countryCode,
  onClose,
  onUploaded,
  logic = documentUploadLogic,
  initialFiles,
}: FormProps & { documentTypeId: number }) {
  const { t, i18n } = useLingui();
  const refresh = useRefreshVerification();
  const notifications = useNotificationsActor();
  const baseId = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  const actor = useActorRef(
    logic.provide({
      actions: {
        uploaded: (_, { documentId }) => {
          refresh();
          notifications.send({ type: 'NOTIFY', notification: { id: `document-uploaded-${documentId}`, tone: 'success', title: t`Your document was sent. We will check it soon.` } });
          onUploaded?.(documentId);
          onClose();
        },
      },
    }),
    { input: { categoryId, documentTypeId, countryCode, ...(target ? { target } : {}) }, ...inspectOptions() },
  );
  const files = useSelector(actor, (s) => s.context.files);
  const shown = useSelector(actor, (s) => s.context.shown);
  const progress = useSelector(actor, (s) => s.context.progress);
  const failure = useSelector(actor, (s) => s.context.failure);
  const uploading = useSelector(actor, (s) => s.hasTag('uploading'));

  // Files handed in by a story or a test: chosen once when the form starts.
  useEffect(() => {
    if (!initialFiles) return;
    for (const part of PARTS) {
      const file = initialFiles[part];
      if (file) actor.send({ type: 'CHOOSE', part, file });
    }
    // Only at start (per actor): later changes of the prop are not choices.
  }, [actor]);

  const parts = partsNeeded(documentTypeId, countryCode);
  const problems = shown ? documentUploadProblems(documentTypeId, countryCode, files) : {};
  const hintId = `${baseId}-hint`;
  const inputId = (part: DocumentPart) => `${baseId}-${part}`;
  const withStamp = parts.includes('stamp');
  const labels: Record<DocumentPart, string> = {
    front: withStamp ? t`Passport page with your photo` : t`Front of the document`,
    back: t`Back of the document`,
    stamp: t`Page with the registration stamp`,
  };
  const removeLabels: Record<DocumentPart, string> = {
    front: withStamp ? t`Remove the photo page` : t`Remove the front`,
    back: t`Remove the back`,
    stamp: t`Remove the stamp page`,
  };
  const problemTexts: Record<DocumentUploadProblem, string> = {
    frontMissing: t`Choose the front of the document.`,
    backMissing: t`Choose the back of the document.`,
    stampMissing: t`Choose the page with the registration stamp.`,
    fileType: t`This file is not a PDF, JPEG or PNG.`,
    fileSize: t`This file is larger than 10 MB.`,
    empty: t`This file is empty.`,
  };

  return (
    <form
      noValidate
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'SUBMIT' });
        const snapshot = actor.getSnapshot();
        if (!snapshot.hasTag('choosing')) return;
        // Refused before sending: focus goes to the first part to fix.
        const found = documentUploadProblems(documentTypeId, countryCode, snapshot.context.files);
        const first = parts.find((part) => found[part]);
        if (first) document.getElementById(inputId(first))?.focus();
      }}
    >
      {failure ? <FormAlert>{uiMessageText(i18n, failure)}</FormAlert> : null}
      <p id={hintId} className={styles.hint}>
        {t`PDF, JPEG or PNG, up to 10 MB each.`}
      </p>
      {parts.map((part) => (
        <PartBox
          key={part}
          id={inputId(part)}
          label={labels[part]}
          hintId={hintId}
          fileName={files[part]?.name}
          problem={problems[part] ? problemTexts[problems[part]] : null}
          isDisabled={uploading}
          removeLabel={removeLabels[part]}
          onFile={(file) => actor.send({ type: 'CHOOSE', part, file })}
          onRemove={() => actor.send({ type: 'REMOVE', part })}
        />
      ))}
      {uploading ? (
        <FileCheckProgress
          id={`${baseId}-progress`}
          label={t`Sending the document: ${progress} %`}
          share={progress / 100}
          cancelLabel={t`Cancel`}
          onCancel={() => {
            actor.send({ type: 'CANCEL' });
            submitRef.current?.focus();
          }}
        />
      ) : null}
      <div className={styles.actions}>
        {uploading ? null : (
          <Button variant="secondary" onPress={onClose}>
            {t`Cancel`}
          </Button>
        )}
        <Button ref={submitRef} type="submit" isPending={uploading}>
          {t`Send document`}
        </Button>
      </div>
    </form>
  );
}

/**
 * One part's file box: the chosen file's name, Remove, and after a refused Send what is wrong
 * (the input is marked invalid and described by it; FileDrop renders the input itself).
 */
function PartBox({
  id,
  label,
  hintId,
  fileName,
  problem,
  isDisabled,
  removeLabel,
  onFile,
  onRemove,
}: {
  id: string;
  label: string;
  hintId: string;
  fileName: string | undefined;
  problem: string | null;
  isDisabled: boolean;
  removeLabel: string;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const problemId = `${id}-problem`;
  useEffect(() => {
    const input = box.current?.querySelector('input[type="file"]');
    if (!input) return;
    input.setAttribute('aria-describedby', problem ? `${problemId} ${hintId}` : hintId);
    if (problem) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }, [problem, problemId, hintId]);
  return (
    <div ref={box} className={styles.part}>
      <FileDrop id={id} label={label} accept={ACCEPT} isDisabled={isDisabled} fileName={fileName} onFile={onFile}>
        {fileName && !isDisabled ? (
          <div>
            <Button variant="secondary" onPress={onRemove}>
              {removeLabel}
            </Button>
          </div>
        ) : null}
        {problem ? (
          <p id={problemId} className={styles.problem}>
            {problem}
          </p>
        ) : null}
      </FileDrop>
    </div>
  );
}
