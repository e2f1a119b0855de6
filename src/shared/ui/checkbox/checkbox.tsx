import { Checkbox as AriaCheckbox, type CheckboxProps as AriaProps } from 'react-aria-components';
import { CheckIcon } from '../icons/icons';
import styles from '../field/field.module.css';

export interface CheckboxProps extends Omit<AriaProps, 'className' | 'children'> {
  children: React.ReactNode;
}

export function Checkbox({ children, ...rest }: CheckboxProps) {
  return (
    <AriaCheckbox {...rest} className={styles.check}>
      {({ isSelected }) => (
        <>
          <span className={styles.box} aria-hidden="true">{isSelected ? <CheckIcon size={14} /> : null}</span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}
