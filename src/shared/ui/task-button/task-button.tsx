import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { taskMachine } from '@machines/shared/task.machine';
import { uiMessageText } from '../../lib/ui-message';
import { inspectOptions } from '../../model/create-actor';
import { Button } from '../button/button';
import styles from './task-button.module.css';

/**
 * A button that runs one task on the task statechart (a download, a document fetched and handed
 * over): pending while it works, presses ignored meanwhile, a failure said beside it, pressed again
 * it tries again (saying `retryLabel` meanwhile when given). The logic is the task statechart with its `run` provided, made once by the caller.
 */
export function TaskButton({
  logic,
  children,
  variant = 'secondary',
  labelledBy,
  retryLabel,
}: {
  logic: typeof taskMachine;
  children: React.ReactNode;
  variant?: 'primary' | 'secondary';
  /** Ids of the elements that name the button (its word and what it is for: "Download" and a document's name). */
  labelledBy?: string;
  /** What the button says after a failure (e.g. "Try again"), in place of `children`, until pressed again. */
  retryLabel?: React.ReactNode;
}) {
  const { i18n } = useLingui();
  const actor = useActorRef(logic, inspectOptions());
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => (s.hasTag('failed') ? s.context.error : null));
  return (
    <span className={styles.task}>
      <Button variant={variant} isPending={busy} onPress={() => actor.send({ type: 'RUN' })} {...(labelledBy ? { 'aria-labelledby': labelledBy } : {})}>
        {error && retryLabel ? retryLabel : children}
      </Button>
      {error ? (
        <span role="alert" className={styles.error}>
          {uiMessageText(i18n, error)}
        </span>
      ) : null}
    </span>
  );
}
