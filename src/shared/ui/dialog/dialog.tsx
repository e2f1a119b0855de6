import type { ComponentType } from 'react';
import { onDemand } from '../../lib/on-demand';

export interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode;
  /** Alert dialogs are announced as such and are not dismissed by clicking outside. */
  role?: 'dialog' | 'alertdialog';
  footer?: React.ReactNode;
}

/** react-aria's modal, overlay and focus code (about 15 KB) is no page's weight until a dialog is used. */
const Modal = onDemand(() => import(/* webpackChunkName: "dialog" */ './modal-dialog').then((m) => m.ModalDialog));

/**
 * A modal dialog (its code loads on demand). A page that can open one asks for the code
 * once the browser is idle after it rendered, so a dialog opened later shows at once; one opened
 * before that appears when the code is there. Open or closed stays the caller's state.
 */
export function Dialog(props: DialogProps) {
  Modal.usePreloadWhenIdle();
  if (!props.isOpen) return null;
  return <Modal.Lazy {...props} />;
}

/**
 * A dialog of a feature whose code loads on demand (`onDemand`), with the modal's code it renders
 * in: fetching one fetches both, so a dialog preloaded on hover, focus or idle opens at once instead
 * of waiting for the modal's code on the press.
 */
export function onDemandDialog<P extends object>(load: () => Promise<ComponentType<P>>) {
  return onDemand(() => Promise.all([load(), Modal.ready()]).then(([component]) => component));
}
