import { useEffect, useId, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Switch as AriaSwitch } from 'react-aria-components';
import styles from './switch.module.css';

export interface SwitchProps {
  /** The label: the switch's accessible name. */
  children: React.ReactNode;
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  /**
   * The change is being saved: the switch says so (aria-busy, and "Saving…" beside it, which also
   * describes it) and ignores presses until it is done; it keeps its place in the tab order.
   */
  isPending?: boolean;
  isDisabled?: boolean;
  /** Ids of what else describes it (an error shown next to it). */
  'aria-describedby'?: string | undefined;
}

/**
 * An on/off setting that takes effect at once (react-aria's switch: a native checkbox with role
 * "switch" under the label, so Space toggles it and the label's text names it). The track is drawn
 * with the theme's strong border when off and the primary colour when on (both at least 3:1 against
 * the page in every brand), with the focus ring of the other fields.
 */
export function Switch({ children, isSelected, onChange, isPending = false, isDisabled, 'aria-describedby': describedBy }: SwitchProps) {
  const { t } = useLingui();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  // react-aria does not pass aria-busy to the input: set on the element that has the role.
  useEffect(() => {
    if (isPending) input.current?.setAttribute('aria-busy', 'true');
    else input.current?.removeAttribute('aria-busy');
  }, [isPending]);
  const description = [isPending ? statusId : null, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.root}>
      <AriaSwitch
        className={styles.switch}
        inputRef={input}
        isSelected={isSelected}
        onChange={(next) => {
          if (!isPending) onChange(next);
        }}
        isDisabled={isDisabled}
        aria-describedby={description}
        data-pending={isPending || undefined}
      >
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        <span className={styles.label}>{children}</span>
      </AriaSwitch>
      {isPending ? (
        <span id={statusId} className={styles.status}>
          <span className={styles.spinner} aria-hidden="true" />
          {t`Saving…`}
        </span>
      ) : null}
    </div>
  );
}
