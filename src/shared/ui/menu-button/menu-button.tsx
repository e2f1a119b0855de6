import { useRef } from 'react';
import { useDisclosure } from '../../model/use-disclosure';
import { onDemand } from '../../lib/on-demand';
import { Button } from '../button/button';
import { ChevronIcon } from '../icons/icons';

export interface MenuButtonProps {
  label: string;
  /** Accessible name when the visible label needs context (e.g. "Approve iPad"). */
  'aria-label'?: string;
  items: readonly { id: string; label: string }[];
  onAction: (id: string) => void;
  isPending?: boolean;
  isDisabled?: boolean;
}

/** The menu's code (react-aria's menu and popover) arrives when the button is hovered, focused or pressed. */
const Actions = onDemand(() => import(/* webpackChunkName: "action-menu" */ './action-menu').then((m) => m.ActionMenu));

/**
 * A button that opens a list of actions (Enter, Space or the down arrow open it with focus on the
 * first action; arrows move; Escape closes and focus returns to the button). Open or closed is a
 * disclosure statechart.
 */
export function MenuButton({ label, items, onAction, isPending = false, isDisabled = false, ...rest }: MenuButtonProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const disclosure = useDisclosure();
  const open = disclosure.open;
  const name = rest['aria-label'] ?? label;
  const close = () => {
    disclosure.close();
    trigger.current?.focus();
  };
  return (
    <>
      <Button
        ref={trigger}
        variant="secondary"
        aria-label={name}
        aria-haspopup="menu"
        aria-expanded={open}
        isPending={isPending}
        isDisabled={isDisabled}
        onPointerEnter={Actions.preload}
        onFocus={Actions.preload}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            disclosure.toggle();
          }
        }}
        onPress={() => disclosure.toggle()}
      >
        {label} <ChevronIcon />
      </Button>
      {open ? (
        <Actions.Lazy
          triggerRef={trigger}
          label={name}
          items={items}
          onClose={close}
          onAction={(id) => {
            close();
            onAction(id);
          }}
        />
      ) : null}
    </>
  );
}
