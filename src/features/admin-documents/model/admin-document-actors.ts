import { fromPromise } from 'xstate';
import { adminDocumentAssignMachine } from '@machines/company/admin-document-assign.machine';
import { confirmedChangeMachine } from '@machines/shared/confirmed-change.machine';
import { assignAdminDocument, removeAdminDocument } from '@/entities/admin';

/**
 * The admin documents' statecharts with the app's calls for one customer (issue 52): the assign
 * popup (adminDocumentAssign with the attempt's requestId) and the removal, confirmed first and sent
 * once per requestId (adminDocumentRemove; the confirmed change's subject is the document's id).
 * Made once per customer shown (the view keeps them for its life).
 */
export function adminDocumentLogicsFor(customerId: number) {
  return {
    assign: adminDocumentAssignMachine.provide({
      actors: {
        // The statechart holds the File the admin chose (CHOOSE carries it).
        assign: fromPromise(({ input }) => assignAdminDocument({ customerId, name: input.name, file: input.file as File, requestId: input.requestId })),
      },
    }),
    remove: confirmedChangeMachine.provide({
      actors: {
        change: fromPromise(({ input }) => removeAdminDocument({ customerId, documentId: Number(input.subject), requestId: input.requestId })),
      },
    }),
  };
}

export type AdminDocumentLogics = ReturnType<typeof adminDocumentLogicsFor>;
