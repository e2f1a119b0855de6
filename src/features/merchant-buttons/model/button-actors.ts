import { fromPromise } from 'xstate';
import { buttonEditMachine } from '@machines/merchant/button-edit.machine';
import { confirmedChangeMachine } from '@machines/shared/confirmed-change.machine';
import type { ReplyLike } from '@machines/shared/reply';
import { taskMachine } from '@machines/shared/task.machine';
import { deleteButton, refusedSave, saveButton } from '@/entities/merchant';

/**
 * A saved button made or changed: the buttonEdit statechart with its call (savedButtonCreate or
 * savedButtonUpdate, the machine's requestId). A reply with `errors` (a currency with no open
 * account) is shown in the response popup by `showReply`; field refusals come back by field.
 */
export const buttonEditLogic = (showReply: (reply: ReplyLike) => void) =>
  buttonEditMachine.provide({
    actors: {
      save: fromPromise(async ({ input }) => {
        try {
          return await saveButton(input);
        } catch (error) {
          throw refusedSave(error, showReply, 'button');
        }
      }),
    },
  });
export type ButtonEditLogic = ReturnType<typeof buttonEditLogic>;

/** A button deleted (savedButtonDelete), confirmed first and sent once per requestId; the subject is its id. */
export const buttonDeleteLogic = confirmedChangeMachine.provide({
  actors: {
    change: fromPromise(({ input }) => deleteButton({ id: Number(input.subject), requestId: input.requestId })),
  },
});
export type ButtonDeleteLogic = typeof buttonDeleteLogic;

/** The snippet copied to the clipboard as it is shown at the press (the task statechart: "Copied" once done; a refusal by the browser is said). */
export const copyLogic = (text: () => string) =>
  taskMachine.provide({
    actors: {
      run: fromPromise(async () => {
        if (!navigator.clipboard) throw new Error('No clipboard');
        await navigator.clipboard.writeText(text());
      }),
    },
  });
