import { useEffect, useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { SupportMessageMachineLogic } from '../model/logic';
import type { AttachmentLimits, TicketFieldRule } from '@machines/support/support-message.rules';
import { formatCount, uiMessageText } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, FormAlert, Select, TextArea, TextField } from '@/shared/ui';
import styles from './support-messages.module.css';

export interface MessageFormField extends TicketFieldRule {
  displayLabel: string;
  /** A picklist's choices as shown (by value); the value itself when absent. */
  choices?: Readonly<Record<string, string>>;
}

export interface MessageFormProps {
  title: string;
  submitLabel: string;
  fields: readonly MessageFormField[];
  limits: AttachmentLimits;
  /** The message statechart with its calls (a ticket's create or a reply), made once by the owner. */
  logic: SupportMessageMachineLogic;
  /** A reply: emptied once sent for the next one (onDone hears each). */
  repeatable?: boolean;
  onDone: (made: unknown) => void;
}

/**
 * A support message's form (issue 60): its fields (from the help desk's ticketsFields, or the
 * reply's text), attachments chosen from the device (each refused one said by name), uploaded in
 * turn with their progress, then sent once. Nothing is taken while it is busy; a failure keeps
 * everything typed and attached.
 */
export function MessageForm({ title, submitLabel, fields, limits, logic, repeatable = false, onDone }: MessageFormProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const fileInputId = useId();
  const actor = useActorRef(logic, { input: { fields, limits, repeatable }, ...inspectOptions() });
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const files = useSelector(actor, (s) => s.context.files);
  const notes = useSelector(actor, (s) => s.context.fileNotes);
  const error = useSelector(actor, (s) => uiMessageText(i18n, s.context.error));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  // The owner hears when a message was made: a ticket's end, or each reply (subscriptions, not flow state).
  useEffect(() => {
    const done = actor.subscribe((snapshot) => {
      if (snapshot.status === 'done') onDone(snapshot.output);
    });
    const sent = actor.on('sent', (event) => onDone(event.made));
    return () => {
      done.unsubscribe();
      sent.unsubscribe();
    };
  }, [actor, onDone]);
  const count = limits.maxCount;
  const megabytes = formatCount(Math.floor(limits.maxSize / (1024 * 1024)), i18n.locale);
  return (
    <form
      className={styles.form}
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <h3 id={headingId} className={styles.formTitle}>
        {title}
      </h3>
      {fields.map((field) => {
        const common = {
          label: field.displayLabel,
          isRequired: field.isMandatory,
          isDisabled: busy,
          errorMessage: uiMessageText(i18n, errors[field.apiName]),
        };
        const value = values[field.apiName] ?? '';
        const change = (next: string) => actor.send({ type: 'CHANGE', name: field.apiName, value: next });
        if (field.type === 'Textarea') return <TextArea key={field.apiName} {...common} rows={5} value={value} onChange={change} />;
        if (field.type === 'Picklist')
          return <Select key={field.apiName} {...common} placeholder={t`Choose`} placeholderSelectable={!field.isMandatory} options={field.allowedValues.map((id) => ({ id, label: field.choices?.[id] ?? id }))} selectedKey={value || null} onSelectionChange={change} />;
        return <TextField key={field.apiName} {...common} type={field.type === 'Email' ? 'email' : field.type === 'Phone' ? 'tel' : 'text'} value={value} onChange={change} />;
      })}
      <div className={styles.files}>
        <label htmlFor={fileInputId} className={styles.fileLabel}>
          {t`Attach files`}
        </label>
        <p className={styles.muted}>{t`Up to ${count} files, each up to ${megabytes} MB: PDF, JPEG, PNG or text.`}</p>
        <input
          id={fileInputId}
          type="file"
          multiple
          disabled={busy}
          accept={limits.types.join(',')}
          onChange={(event) => {
            const chosen = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = '';
            actor.send({ type: 'ADD_FILES', files: chosen.map((file) => ({ name: file.name, size: file.size, type: file.type, file })) });
          }}
        />
        {notes.length > 0 ? (
          <div role="alert">
            <ul className={styles.notes}>
              {notes.map((note, index) => (
                <li key={index}>{uiMessageText(i18n, note)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {files.length > 0 ? (
          <ul className={styles.fileList} aria-label={t`Attached files`}>
            {files.map((file) => {
              const name = file.name;
              const reason = uiMessageText(i18n, file.problem);
              return (
                <li key={file.key} className={styles.file}>
                  <span className={styles.fileName}>{name}</span>
                  {file.status === 'uploading' ? <progress max={100} value={file.progress} aria-label={t`Uploading ${name}`} /> : null}
                  {file.status === 'failed' ? <span className={styles.failed}>{reason ? t`Not uploaded: ${reason}` : t`Not uploaded`}</span> : null}
                  <Button variant="secondary" isDisabled={busy} aria-label={t`Remove ${name}`} onPress={() => actor.send({ type: 'REMOVE_FILE', key: file.key })}>
                    {t`Remove`}
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <p className={styles.row}>
        <Button type="submit" isPending={busy}>
          {submitLabel}
        </Button>
      </p>
    </form>
  );
}
