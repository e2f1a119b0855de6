import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Button } from '@/shared/ui';
import type { KycActor } from './kyc-parts';
import styles from './complete-kyc.module.css';

/** The step's submit (Continue, or Finish on the last step) and Back when there is a step before it. */
export function StepButtons({ actor }: { actor: KycActor }) {
  const { t } = useLingui();
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const first = useSelector(actor, (s) => s.context.index === 0);
  const last = useSelector(actor, (s) => s.context.index >= s.context.steps.length - 1);
  return (
    <div className={styles.buttons}>
      <Button type="submit" isPending={busy}>
        {last ? t`Finish` : t`Continue`}
      </Button>
      {first ? null : (
        <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'BACK' })}>
          {t`Back`}
        </Button>
      )}
    </div>
  );
}
