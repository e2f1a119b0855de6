import { useDisclosure } from '../../model/use-disclosure';
import { onDemand } from '../../lib/on-demand';
import { Button } from '../button/button';

export interface ConfirmButtonProps {
  /** The button's text (and accessible name, e.g. "Remove Pixel 8"). */
  label: string;
  /** Visible text when it differs from the accessible name. */
  children?: React.ReactNode;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  isPending?: boolean;
}

/** The dialog's code (react-aria's modal) arrives when the button is hovered, focused or pressed. */
const Question = onDemand(() => import(/* webpackChunkName: "confirm-dialog" */ './confirm-dialog').then((m) => m.ConfirmDialog));

/**
 * A button that asks before it acts (removing a device, cancelling a payment). The question is
 * an alert dialog: focus moves into it, Escape cancels, and focus returns to the button.
 * Open or closed is a disclosure statechart.
 */
export function ConfirmButton({ label, children, title, message, confirmLabel, onConfirm, isPending = false }: ConfirmButtonProps) {
  const disclosure = useDisclosure();
  const open = disclosure.open;
  const close = () => disclosure.close();
  return (
    <>
      <Button
        variant="secondary"
        aria-label={label}
        aria-haspopup="dialog"
        isPending={isPending}
        onPointerEnter={Question.preload}
        onFocus={Question.preload}
        onPress={() => disclosure.toggle()}
      >
        {children ?? label}
      </Button>
      {open ? (
        <Question.Lazy
          title={title}
          message={message}
          confirmLabel={confirmLabel}
          onCancel={close}
          onConfirm={() => {
            close();
            onConfirm();
          }}
        />
      ) : null}
    </>
  );
}
