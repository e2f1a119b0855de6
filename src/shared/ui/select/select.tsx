import { Button, FieldError, Label, ListBox, ListBoxItem, Popover, Select as AriaSelect, SelectValue, Text, type Key } from 'react-aria-components';
import { ChevronIcon } from '../icons/icons';
import styles from '../field/field.module.css';

export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectProps {
  label: string;
  options: readonly SelectOption[];
  selectedKey?: string | null;
  onSelectionChange?: (key: string) => void;
  placeholder?: string;
  description?: string;
  errorMessage?: string | null | undefined;
  isDisabled?: boolean;
  isRequired?: boolean;
}

/** A labelled single-choice list with keyboard type-ahead. */
export function Select({ label, options, selectedKey, onSelectionChange, placeholder, description, errorMessage, isDisabled, isRequired }: SelectProps) {
  return (
    <AriaSelect
      className={styles.field}
      {...(selectedKey !== undefined ? { selectedKey } : {})}
      onSelectionChange={(key: Key | null) => key !== null && onSelectionChange?.(String(key))}
      isInvalid={Boolean(errorMessage)}
      isDisabled={isDisabled}
      isRequired={isRequired}
      placeholder={placeholder}
    >
      <Label className={styles.label}>{label}</Label>
      <Button className={styles.trigger}>
        <SelectValue />
        <ChevronIcon />
      </Button>
      {description ? <Text slot="description" className={styles.description}>{description}</Text> : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
      <Popover className={styles.popover}>
        <ListBox className={styles.listbox} items={options}>
          {(item) => (
            <ListBoxItem id={item.id} className={styles.option} textValue={item.label}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
