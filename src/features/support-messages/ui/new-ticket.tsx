import { useState } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { composerQuery, useSupportDesk, type ComposeSettings, type SupportTicket, type TicketField } from '@/entities/support-ticket';
import { uiMessageText } from '@/shared/lib';
import { ErrorState, Preloader } from '@/shared/ui';
import { createLogicFor, DEPARTMENT_FIELD, readTicketsAgain, sayable } from '../model/logic';
import { MessageForm, type MessageFormField } from './message-form';

/** The app's own words for the help desk's known fields (another field keeps the desk's label, as text). */
const FIELD_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  subject: msg`Subject`,
  description: msg`Your question`,
  category: msg`Topic`,
  phone: msg`Phone to call you back (optional)`,
};

/**
 * A new support ticket (issue 60; 002 s7 GET /ticketsFields, POST /composetickets, POST /tickets):
 * the help desk's fields in its order with the attachments' limits; made once; then opened.
 */
export function NewTicket({ onCreated }: { onCreated: (ticket: SupportTicket) => void }) {
  const { t, i18n } = useLingui();
  const desk = useSupportDesk();
  const composer = useQuery(composerQuery(desk));
  if (composer.isError && !composer.data) return <ErrorState title={t`The form could not be loaded`} message={uiMessageText(i18n, sayable(composer.error)) ?? ''} onRetry={() => void composer.refetch()} />;
  if (!composer.data) return <Preloader label={t`Loading`} />;
  return <NewTicketForm composer={composer.data} onCreated={onCreated} />;
}

function NewTicketForm({ composer, onCreated }: { composer: { fields: TicketField[]; settings: ComposeSettings }; onCreated: (ticket: SupportTicket) => void }) {
  const { t, i18n } = useLingui();
  const desk = useSupportDesk();
  const queryClient = useQueryClient();
  // The statechart's logic, made once for the form (its flow is its own).
  const departments = composer.settings.departments;
  const [logic] = useState(() => createLogicFor(desk, departments.length === 1 ? departments[0]!.id : null));
  const deskFields: MessageFormField[] = composer.fields.map((field) => ({ ...field, displayLabel: FIELD_LABELS[field.apiName] ? i18n._(FIELD_LABELS[field.apiName]!) : field.displayLabel }));
  // More than one department: the customer chooses where the question goes (its names are the desk's, as text).
  const fields: MessageFormField[] =
    departments.length > 1
      ? [{ ...DEPARTMENT_FIELD, allowedValues: departments.map((d) => d.id), choices: Object.fromEntries(departments.map((d) => [d.id, d.name])), displayLabel: t`Department` }, ...deskFields]
      : deskFields;
  return (
    <MessageForm
      title={t`New ticket`}
      submitLabel={t`Send to support`}
      fields={fields}
      limits={composer.settings.attachments}
      logic={logic}
      onDone={(made) => {
        readTicketsAgain(queryClient);
        onCreated(made as SupportTicket);
      }}
    />
  );
}
