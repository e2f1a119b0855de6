import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { PaymentInstruction } from '@/entities/history';
import { uiMessageText } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button } from '@/shared/ui';
import { markViewedLogic, type MarkViewedLogic } from '../model/mark-viewed-actors';
import styles from './mark-viewed-button.module.css';

export interface MarkViewedButtonProps {
  instruction: PaymentInstruction;
  /** The statechart with its call (Storybook gives a fake). */
  logic?: MarkViewedLogic;
}

/** "Mark as viewed" of a payment instruction (001 s2 /statements): once; a refusal is said beside it and may be tried again. */
export function MarkViewedButton({ instruction, logic }: MarkViewedButtonProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const actor = useActorRef(logic ?? markViewedLogic(instruction, queryClient), inspectOptions());
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => (s.hasTag('failed') ? s.context.error : null));
  return (
    <span className={styles.mark}>
      <Button variant="secondary" isPending={busy} onPress={() => actor.send({ type: 'RUN' })}>
        {t`Mark as viewed`}
      </Button>
      {error ? <span role="alert" className={styles.error}>{uiMessageText(i18n, error)}</span> : null}
    </span>
  );
}
