import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Button } from '../button/button';
import { ChevronIcon } from '../icons/icons';
import styles from './menu-button.module.css';

export interface MenuButtonProps {
  label: string;
  /** Accessible name when the visible label needs context (e.g. "Approve iPad"). */
  'aria-label'?: string;
  items: readonly { id: string; label: string }[];
  onAction: (id: string) => void;
  isPending?: boolean;
  isDisabled?: boolean;
}

/** A button that opens a list of actions (keyboard: Enter/Space/arrows, Escape closes). */
export function MenuButton({ label, items, onAction, isPending = false, isDisabled = false, ...rest }: MenuButtonProps) {
  return (
    <MenuTrigger>
      <Button variant="secondary" aria-label={rest['aria-label'] ?? label} isPending={isPending} isDisabled={isDisabled}>
        {label} <ChevronIcon />
      </Button>
      <Popover className={styles.popover} placement="bottom end">
        <Menu className={styles.menu} items={items} onAction={(key) => onAction(String(key))}>
          {(item) => (
            <MenuItem id={item.id} className={styles.item}>
              {item.label}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
