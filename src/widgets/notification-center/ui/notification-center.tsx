import { useSelector } from '@xstate/react';
import { NotificationList } from '@/shared/ui';
import { useNotificationsActor } from '@/shared/model';

/** Shows the notifications actor's items; dismiss, hover and focus go back to the actor. */
export function NotificationCenter() {
  const actor = useNotificationsActor();
  const items = useSelector(actor, (s) => s.context.items);
  if (items.length === 0) return null;
  return (
    <NotificationList
      items={items}
      onDismiss={(id) => actor.send({ type: 'DISMISS', id })}
      onPause={(id) => actor.send({ type: 'PAUSE', id })}
      onResume={(id) => actor.send({ type: 'RESUME', id })}
    />
  );
}
