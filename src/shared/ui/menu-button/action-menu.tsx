import type { RefObject } from 'react';
import { Menu, MenuItem, Popover } from 'react-aria-components';
import styles from './menu-button.module.css';

export interface ActionMenuProps {
  triggerRef: RefObject<HTMLButtonElement | null>;
  label: string;
  items: readonly { id: string; label: string }[];
  onAction: (id: string) => void;
  onClose: () => void;
}

/** A `MenuButton`'s list: react-aria's menu (arrow keys, type-ahead, Escape) in a popover by its button. */
export function ActionMenu({ triggerRef, label, items, onAction, onClose }: ActionMenuProps) {
  return (
    <Popover className={styles.popover} triggerRef={triggerRef} placement="bottom end" isOpen shouldCloseOnInteractOutside={(element) => !triggerRef.current?.contains(element)} onOpenChange={(open) => !open && onClose()}>
      <Menu className={styles.menu} aria-label={label} items={items} autoFocus="first" onAction={(key) => onAction(String(key))} onClose={onClose}>
        {(item) => (
          <MenuItem id={item.id} className={styles.item}>
            {item.label}
          </MenuItem>
        )}
      </Menu>
    </Popover>
  );
}
