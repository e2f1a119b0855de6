import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { EntitySaved } from '@machines/public-api/entity-edit.machine';
import type { ReplyLike } from '@machines/shared/reply';
import { uiMessageText, useFocusOnRejectedSubmit, useFocusWhenGone } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import type { EntityEditLogic } from './public-api-actors';

export type EntityEditActor = ActorRefFrom<EntityEditLogic>;

/**
 * The entity edit statechart of one kind, running with the page's parts (`saved`, `removed`, the
 * response popup), and what its form and list read: the fields bound to the statechart, the form's
 * message, the focus to the first problem after a refused submit, and after a delete to the list's
 * "New" button once the row is gone.
 */
export function useEntityEdit(
  logic: EntityEditLogic,
  parts: { ids: readonly number[]; saved: (saved: EntitySaved, created: boolean) => void; removed: (id: number, subject: string) => void; showReply: (reply: ReplyLike) => void },
) {
  const { i18n } = useLingui();
  const focus = useFocusWhenGone(parts.ids);
  const actor = useActorRef(
    logic.provide({
      actions: {
        saved: (_, { saved, created }) => parts.saved(saved, created),
        removed: (_, { id, subject }) => {
          focus.removing(id);
          parts.removed(id, subject);
        },
        showReply: (_, { reply }) => parts.showReply(reply),
      },
    }),
    inspectOptions(),
  );
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const formErrorText = useSelector(actor, (s) => uiMessageText(i18n, s.context.formError));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const editing = useSelector(actor, (s) => s.hasTag('editing'));
  const editedId = useSelector(actor, (s) => (s.hasTag('editing') ? s.context.id : null));
  const ref = useFocusOnRejectedSubmit(attempts);
  return {
    actor,
    newButton: focus.target,
    editing,
    editedId,
    busy,
    values,
    form: {
      formProps: {
        ref,
        noValidate: true as const,
        onSubmit: (event: { preventDefault: () => void }) => {
          event.preventDefault();
          actor.send({ type: 'SUBMIT' });
        },
      },
      formErrorText,
      busy,
    },
    field: (name: string) => ({
      value: values[name] ?? '',
      onChange: (value: string) => actor.send({ type: 'CHANGE', name, value }),
      errorMessage: uiMessageText(i18n, errors[name]),
      isDisabled: busy,
    }),
  };
}
