import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useRefreshVerification } from '@/entities/verification';
import { uiMessageText } from '@/shared/lib';
import { inspectOptions, useDisclosure, useNotificationsActor } from '@/shared/model';
import { Button, onDemandDialog } from '@/shared/ui';
import { confirmAddressLogic, deleteAddressLogic } from '../model/address-actors';
import type { AddressToEdit } from './address-dialog';
import styles from './edit-address.module.css';

const Form = onDemandDialog(() => import(/* webpackChunkName: "edit-address" */ './address-dialog').then((m) => m.AddressDialog));
const Question = onDemandDialog(() => import(/* webpackChunkName: "edit-address" */ './delete-address-question').then((m) => m.DeleteAddressQuestion));

/** "Add an address": the dialog's code arrives when the button is hovered, focused or pressed. */
export function AddAddressButton({ label }: { label: string }) {
  const dialog = useDisclosure();
  return (
    <>
      <Button variant="secondary" aria-haspopup="dialog" onPointerEnter={Form.preload} onFocus={Form.preload} onPress={dialog.toggle}>
        {label}
      </Button>
      {dialog.open ? <Form.Lazy onClose={dialog.close} /> : null}
    </>
  );
}

/** Replace an address (the cards the move affects are said before it is saved). */
export function ReplaceAddressButton({ address, label }: { address: AddressToEdit; label: string }) {
  const dialog = useDisclosure();
  return (
    <>
      <Button variant="secondary" aria-haspopup="dialog" onPointerEnter={Form.preload} onFocus={Form.preload} onPress={dialog.toggle}>
        {label}
      </Button>
      {dialog.open ? <Form.Lazy address={address} onClose={dialog.close} /> : null}
    </>
  );
}

type TaskLogic = ReturnType<typeof confirmAddressLogic>;

/** A one-shot task's view: pending while it runs, its failure, and `onDone` once each time it succeeds. */
function useAddressTask(logic: TaskLogic, onDone: () => void) {
  const { i18n } = useLingui();
  const actor = useActorRef(logic, inspectOptions());
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const done = useSelector(actor, (s) => s.hasTag('done'));
  const error = useSelector(actor, (s) => (s.hasTag('failed') ? s.context.error : null));
  useEffect(() => {
    // Only the arrival in `done` counts (onDone is a new function on every render).
    if (done) onDone();
  }, [done]);
  return { busy, errorText: uiMessageText(i18n, error), run: () => actor.send({ type: 'RUN' }) };
}

/**
 * The customer confirms the address is theirs (002 s7 confirmAddress): pending while it is sent,
 * a refusal said next to the button (pressing again tries again); confirmed: the profile is read
 * again and a notice thanks them.
 */
export function ConfirmAddressButton({ addressId, label, logic }: { addressId: number; label: string; logic?: TaskLogic }) {
  const { t } = useLingui();
  const refresh = useRefreshVerification();
  const notifications = useNotificationsActor();
  const task = useAddressTask(logic ?? confirmAddressLogic(addressId), () => {
    refresh();
    notifications.send({ type: 'NOTIFY', notification: { id: `address-confirmed-${addressId}`, tone: 'success', title: t`Thank you. Your address is confirmed.` } });
  });
  return (
    <span className={styles.task}>
      <Button isPending={task.busy} onPress={task.run}>
        {label}
      </Button>
      {task.errorText ? (
        <span role="alert" className={styles.error}>
          {task.errorText}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Delete an address: asked first ("Delete this address?"), then sent; pending meanwhile, a
 * refusal said next to the button; deleted: the profile is read again and a notice says so.
 */
export function DeleteAddressButton({ addressId, label, logic }: { addressId: number; label: string; logic?: TaskLogic }) {
  const { t } = useLingui();
  const refresh = useRefreshVerification();
  const notifications = useNotificationsActor();
  const question = useDisclosure();
  const task = useAddressTask(logic ?? deleteAddressLogic(addressId), () => {
    refresh();
    notifications.send({ type: 'NOTIFY', notification: { id: `address-deleted-${addressId}`, tone: 'success', title: t`The address is deleted.` } });
  });
  return (
    <span className={styles.task}>
      <Button
        variant="secondary"
        aria-haspopup="dialog"
        isPending={task.busy}
        onPointerEnter={Question.preload}
        onFocus={Question.preload}
        onPress={question.toggle}
      >
        {label}
      </Button>
      {task.errorText ? (
        <span role="alert" className={styles.error}>
          {task.errorText}
        </span>
      ) : null}
      {question.open ? (
        <Question.Lazy
          onKeep={question.close}
          onDelete={() => {
            question.close();
            task.run();
          }}
        />
      ) : null}
    </span>
  );
}
