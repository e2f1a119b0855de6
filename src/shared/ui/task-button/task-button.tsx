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
 * it tries again. The logic is the task statechart with its `run` provided, made once by the caller.
 */
export function TaskButton({ logic, children, variant = 'secondary' }: { logic: typeof taskMachine; children: React.ReactNode; variant?: 'primary' | 'secondary' }) {
  const { i18n } = useLingui();
  const actor = useActorRef(logic, inspectOptions());
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => (s.hasTag('failed') ? s.context.error : null));
  return (
    <span className={styles.task}>
      <Button variant={variant} isPending={busy} onPress={() => actor.send({ type: 'RUN' })}>
        {children}
      </Button>
      {error ? (
        <span role="alert" className={styles.error}>
          {uiMessageText(i18n, error)}
        </span>
      ) : null}
    </span>
  );
}
