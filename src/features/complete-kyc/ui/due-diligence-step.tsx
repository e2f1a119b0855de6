import { useEffect, useId, useRef, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { dueDiligenceFileProblem } from '@machines/verification/kyc.machine';
import { dueDiligenceDocumentsNeeded, type DueDiligenceDocument } from '@machines/verification/kyc.rules';
import { DOCUMENT_STATUS } from '@machines/verification/verification.rules';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { Button, FileCheckProgress, FileDrop, FormAlert } from '@/shared/ui';
import type { KycActor } from './kyc-parts';
import { StepButtons } from './step-buttons';
import styles from './complete-kyc.module.css';

const ACCEPT = 'application/pdf,image/jpeg,image/png';
const REFUSED: readonly number[] = [DOCUMENT_STATUS.rejected, DOCUMENT_STATUS.nameMismatch];

/**
 * Due diligence (spec 002 s4 levels 1 and 4; customerJumioDocumentCreate with isDueDiligence): the
 * documents the level asks for. Each one still to give has its file box (checked before anything
 * is sent: a PDF, JPEG or PNG up to 10 MB); those given say they wait for review or are accepted.
 * Continue sends the files one after another with their progress (Cancel stops; a failure keeps
 * the files).
 */
export function DueDiligenceStep({ actor }: { actor: KycActor }) {
  const { t, i18n } = useLingui();
  const documents = useSelector(actor, (s) => s.context.documents);
  const files = useSelector(actor, (s) => s.context.files);
  const shown = useSelector(actor, (s) => s.context.shown);
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const failure = useSelector(actor, (s) => s.context.failure);
  const uploading = useSelector(actor, (s) => (s.hasTag('uploading') ? s.context.uploading : null));
  const progress = useSelector(actor, (s) => s.context.progress);
  const formRef = useFocusOnRejectedSubmit(attempts);
  const baseId = useId();
  const hintId = `${baseId}-hint`;
  const required = documents.filter((doc) => doc.required);
  const needed = new Set(dueDiligenceDocumentsNeeded(documents).map((doc) => doc.documentTypeId));
  const sending = required.find((doc) => doc.documentTypeId === uploading);
  const failureText = uiMessageText(i18n, failure);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };
  const sendingName = sending?.name ?? '';
  return (
    <form ref={formRef} noValidate onSubmit={submit} className={styles.form} aria-busy={uploading !== null || undefined}>
      <p className={styles.intro}>{t`We need documents that show where your money comes from.`}</p>
      <p id={hintId} className={styles.hint}>
        {t`PDF, JPEG or PNG, up to 10 MB each.`}
      </p>
      {required.length === 0 ? <p className={styles.hint}>{t`No document is needed here.`}</p> : null}
      <ul className={styles.documents}>
        {required.map((doc) => (
          <li key={doc.documentTypeId} className={styles.document}>
            {needed.has(doc.documentTypeId) ? (
              <DocumentBox
                id={`${baseId}-${doc.documentTypeId}`}
                doc={doc}
                hintId={hintId}
                fileName={files[doc.documentTypeId]?.name}
                problem={shown ? dueDiligenceFileProblem(files[doc.documentTypeId]) : null}
                isDisabled={uploading !== null}
                onFile={(file) => actor.send({ type: 'CHOOSE_FILE', documentTypeId: doc.documentTypeId, file })}
                onRemove={() => actor.send({ type: 'REMOVE_FILE', documentTypeId: doc.documentTypeId })}
              />
            ) : (
              <div className={styles.given}>
                <span className={styles.givenName}>{doc.name}</span>
                <span className={styles.givenStatus}>{doc.statusId === DOCUMENT_STATUS.confirmed ? t`Accepted` : t`Sent, waiting for review`}</span>
              </div>
            )}
          </li>
        ))}
      </ul>
      {sending ? (
        <FileCheckProgress id={`${baseId}-progress`} label={t`Sending ${sendingName}: ${progress} %`} share={progress / 100} cancelLabel={t`Cancel`} onCancel={() => actor.send({ type: 'CANCEL' })} />
      ) : null}
      {failureText ? <FormAlert>{failureText}</FormAlert> : null}
      <StepButtons actor={actor} />
    </form>
  );
}

/** One document still to give: its file box, the file chosen with Remove, what is wrong with it after a refused Continue. */
function DocumentBox({
  id,
  doc,
  hintId,
  fileName,
  problem,
  isDisabled,
  onFile,
  onRemove,
}: {
  id: string;
  doc: DueDiligenceDocument;
  hintId: string;
  fileName: string | undefined;
  problem: MessageDescriptor | null;
  isDisabled: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const problemId = `${id}-problem`;
  const refusedId = `${id}-refused`;
  const refused = doc.statusId !== null && REFUSED.includes(doc.statusId);
  // FileDrop renders the input itself: it is marked invalid and described here.
  useEffect(() => {
    const input = box.current?.querySelector('input[type="file"]');
    if (!input) return;
    input.setAttribute('aria-describedby', [problem ? problemId : null, refused ? refusedId : null, hintId].filter(Boolean).join(' '));
    if (problem) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }, [problem, problemId, refused, refusedId, hintId]);
  const name = doc.name;
  return (
    <div ref={box}>
      <FileDrop id={id} label={doc.name} accept={ACCEPT} isDisabled={isDisabled} fileName={fileName} onFile={onFile}>
        {refused ? (
          <p id={refusedId} className={styles.refused}>
            {t`The last document was refused. Please send another.`}
          </p>
        ) : null}
        {fileName && !isDisabled ? (
          <div>
            <Button variant="secondary" aria-label={t`Remove the file for ${name}`} onPress={onRemove}>
              {t`Remove`}
            </Button>
          </div>
        ) : null}
        {problem ? (
          <p id={problemId} className={styles.problem}>
            {i18n._(problem)}
          </p>
        ) : null}
      </FileDrop>
    </div>
  );
}
