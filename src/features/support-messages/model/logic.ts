import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { isDeskAborted } from '@machines/support/support-desk.machine';
import { supportMessageMachine, type AttachedFile, type SupportMessageSend } from '@machines/support/support-message.machine';
import { CONVERSATION_LIMIT } from '@machines/support/ticket-status.rules';
import type { TicketFieldRule } from '@machines/support/support-message.rules';
import { ticketReadMachine, type TicketReadResult } from '@machines/support/ticket-read.machine';
import { deskCall, helpdeskConversations, helpdeskCreate, helpdeskMarkRead, helpdeskReply, helpdeskTicket, helpdeskUpload, supportKeys, type SupportDeskActor } from '@/entities/support-ticket';
import { track } from '@/shared/analytics';
import { toFormFailure, toUiMessage } from '@/shared/api';
import type { UiMessage } from '@machines/shared/ui-message';

const isSaid = (error: unknown): error is UiMessage => typeof error === 'object' && error !== null && !(error instanceof Error) && ('descriptor' in error || 'text' in error);

/**
 * A refusal as the statecharts and views show it: the desk's own drop (429, a lost session) with its
 * words, else the service's; one already said stays as it is (a query's error is said once in its
 * queryFn and shown as such).
 */
export const sayable = (error: unknown): UiMessage => (isDeskAborted(error) ? error.message : isSaid(error) ? error : toUiMessage(error));
const formFailureOf = (error: unknown) => (isDeskAborted(error) ? { message: error.message } : toFormFailure(error));

/** The lists and the navigation's counts read again (a ticket read, made or answered). */
export const readTicketsAgain = (queryClient: QueryClient) => {
  for (const queryKey of [supportKeys.tickets(), supportKeys.stats()]) void queryClient.invalidateQueries({ queryKey });
};

/** One ticket opened (issue 60): read with its conversations through the desk, then marked read. */
export function ticketReadLogicFor(desk: Pick<SupportDeskActor, 'send'>, id: string, queryClient: QueryClient) {
  return ticketReadMachine.provide({
    actors: {
      read: fromPromise<TicketReadResult, void>(async () => {
        try {
          const [ticket, conversations] = await Promise.all([
            deskCall(desk, 'ticket', (jwt) => helpdeskTicket(jwt, id)),
            deskCall(desk, 'conversations', (jwt) => helpdeskConversations(jwt, id, CONVERSATION_LIMIT)),
          ]);
          track('Support ticket open');
          return { ticket, conversations: conversations.data, count: conversations.count };
        } catch (error) {
          throw sayable(error);
        }
      }),
      markRead: fromPromise<void, void>(async () => {
        await deskCall(desk, 'read', (jwt) => helpdeskMarkRead(jwt, id, new Date().toISOString()));
      }),
    },
    actions: { marked: () => readTicketsAgain(queryClient) },
  });
}

/** The upload of one attached file through the desk, its progress reported. */
const uploadActor = (desk: Pick<SupportDeskActor, 'send'>) =>
  fromPromise<string, { file: AttachedFile; report: (percent: number) => void }>(async ({ input }) => {
    try {
      return await deskCall(desk, 'upload', (jwt) => helpdeskUpload(jwt, input.file.file as Blob & { name?: string }, input.report));
    } catch (error) {
      throw formFailureOf(error);
    }
  });

/** A reply on a ticket (issue 60): uploads then POST /tickets/{id}/threads, once per requestId. */
export function replyLogicFor(desk: Pick<SupportDeskActor, 'send'>, id: string) {
  return supportMessageMachine.provide({
    actors: {
      upload: uploadActor(desk),
      send: fromPromise<unknown, SupportMessageSend>(async ({ input }) => {
        try {
          const made = await deskCall(desk, 'reply', (jwt) => helpdeskReply(jwt, id, { requestId: input.requestId, content: input.values.content ?? '', uploadIds: input.uploadIds }));
          track('Support ticket reply', { attachments: input.uploadIds.length });
          return made;
        } catch (error) {
          throw formFailureOf(error);
        }
      }),
    },
  });
}

export type SupportMessageMachineLogic = ReturnType<typeof replyLogicFor>;

/** The department a new ticket goes to, as a form field when the desk has more than one (its values the desk's ids). */
export const DEPARTMENT_FIELD: TicketFieldRule = { apiName: 'departmentId', type: 'Picklist', isMandatory: true, maxLength: 64, allowedValues: [] };

/**
 * A new ticket (issue 60): uploads then POST /tickets with the fields by apiName, once per
 * requestId; to the chosen department (the DEPARTMENT_FIELD's value), else to `onlyDepartment`.
 */
export function createLogicFor(desk: Pick<SupportDeskActor, 'send'>, onlyDepartment: string | null) {
  return supportMessageMachine.provide({
    actors: {
      upload: uploadActor(desk),
      send: fromPromise<unknown, SupportMessageSend>(async ({ input }) => {
        try {
          const { [DEPARTMENT_FIELD.apiName]: chosen, ...fields } = input.values;
          const departmentId = chosen ?? onlyDepartment;
          const made = await deskCall(desk, 'create', (jwt) => helpdeskCreate(jwt, { requestId: input.requestId, fields, uploadIds: input.uploadIds, ...(departmentId ? { departmentId } : {}) }));
          track('Support ticket create', { attachments: input.uploadIds.length });
          return made;
        } catch (error) {
          throw formFailureOf(error);
        }
      }),
    },
  });
}
