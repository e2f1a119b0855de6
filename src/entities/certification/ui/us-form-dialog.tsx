import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { CertificationForm } from '@machines/certification/tax.rules';
import { uiMessageText, useFocusOnRejectedSubmit } from '@/shared/lib';
import { inspectOptions, useNotificationsActor } from '@/shared/model';
import { Button, Dialog, FileDrop, FormAlert, TextField } from '@/shared/ui';
import type { UsFormUploadLogic } from '../model/us-form-actors';
import { US_FORM_TEXTS } from './us-form-texts';
import styles from './us-form.module.css';

/** The official blank forms (002 s9 "Request W Form" when one is opened). */
const BLANK_FORMS: Partial<Record<CertificationForm, string>> = {
  w9: 'https://www.irs.gov/pub/irs-pdf/fw9.pdf',
  w8ben: 'https://www.irs.gov/pub/irs-pdf/fw8ben.pdf',
  w8bene: 'https://www.irs.gov/pub/irs-pdf/fw8bene.pdf',
};

export interface UsFormDialogProps {
  form: CertificationForm;
  /** The name to prefill as signed. */
  signedName?: string;
  onClose: () => void;
  /** The form was taken (under review now). */
  onSent: (form: CertificationForm) => void;
  /** Requesting the blank form (002 s9 "Request W Form"). */
  onRequestForm?: () => void;
  /** The upload with the app's calls for this customer (usFormUploadLogicFor), or a story's fake. */
  logic: UsFormUploadLogic;
}

/**
 * A US form the certification asks for, given (002 s5, s7): a W-9, W-8BEN or W-8BEN-E signed
 * (the blank form from the IRS, the name as signed, the date, the signed file) or the certificate
 * of loss of US nationality (the file, its date of issue if known). The statechart checks it
 * before sending and keeps everything through a refusal.
 */
export function UsFormDialog({ form, signedName = '', onClose, onSent, onRequestForm, logic }: UsFormDialogProps) {
  const { t, i18n } = useLingui();
  const notifications = useNotificationsActor();
  const fileId = useId();
  const actor = useActorRef(
    logic.provide({
      actions: {
        sent: () => {
          notifications.send({ type: 'NOTIFY', notification: { id: `us-form-${form}-${Date.now()}`, tone: 'success', title: t`Thank you. The form is under review.` } });
          onSent(form);
          onClose();
        },
      },
    }),
    { input: { kind: form, today: new Date().toISOString().slice(0, 10), signedName }, ...inspectOptions() },
  );
  const values = useSelector(actor, (s) => s.context.values);
  const file = useSelector(actor, (s) => s.context.file);
  const errors = useSelector(actor, (s) => s.context.errors);
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const ref = useFocusOnRejectedSubmit(attempts);
  const error = (field: string) => uiMessageText(i18n, errors[field]);
  const change = (field: 'signedName' | 'signedDate' | 'issuedDate') => (value: string) => actor.send({ type: 'CHANGE', field, value });
  const blank = BLANK_FORMS[form];
  const name = i18n._(US_FORM_TEXTS[form]);
  return (
    <Dialog isOpen onClose={onClose} title={name}>
      <form
        ref={ref}
        noValidate
        className={styles.dialogForm}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'SUBMIT' });
        }}
      >
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        {blank ? (
          <p>
            <a className={styles.link} href={blank} target="_blank" rel="noopener noreferrer" onClick={onRequestForm}>
              {t`Get the blank form from the IRS (opens in a new tab)`}
            </a>
          </p>
        ) : null}
        {form === 'lossOfNationality' ? (
          <TextField label={t`Date of issue (if you know it)`} type="date" value={values.issuedDate} onChange={change('issuedDate')} errorMessage={error('issuedDate')} isReadOnly={busy} />
        ) : (
          <>
            <TextField label={t`Your name as signed`} value={values.signedName} onChange={change('signedName')} errorMessage={error('signedName')} isRequired isReadOnly={busy} maxLength={100} />
            <TextField label={t`Date signed`} type="date" value={values.signedDate} onChange={change('signedDate')} errorMessage={error('signedDate')} isRequired isReadOnly={busy} />
          </>
        )}
        <FileDrop
          id={fileId}
          label={form === 'lossOfNationality' ? t`The certificate` : t`The signed form`}
          accept="application/pdf,image/jpeg,image/png"
          isDisabled={busy}
          fileName={file?.name}
          onFile={(chosen) => actor.send({ type: 'CHOOSE', file: chosen })}
        >
          <p className={styles.hint}>{t`PDF, JPEG or PNG, up to 10 MB.`}</p>
          {error('file') ? (
            <p className={styles.error} role="alert">
              {error('file')}
            </p>
          ) : null}
        </FileDrop>
        <div className={styles.buttons}>
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>
            {t`Cancel`}
          </Button>
          <Button type="submit" isPending={busy}>
            {t`Send`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
