import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { inspectOptions } from '@/shared/model';
import { Button } from '@/shared/ui';
import { updateCheckLogic, type UpdateCheckLogic } from '../model/update-check';
import styles from './update-banner.module.css';

/**
 * A new version of the app is deployed (the update check statechart, issue 61): a notice at the
 * bottom of the screen offers to reload; it never reloads by itself, and it says that what is typed
 * on the page would be lost, so a half-filled form is finished first. Later puts that version off.
 * A polite live region: it is said without taking the focus.
 */
export function UpdateBanner({ current, logic = updateCheckLogic }: { current: string; logic?: UpdateCheckLogic }) {
  const { t } = useLingui();
  const actor = useActorRef(logic, { input: { current }, ...inspectOptions() });
  const offering = useSelector(actor, (s) => s.hasTag('offering'));
  return (
    <div className={styles.region} aria-live="polite">
      {offering ? (
        <section className={styles.banner} aria-label={t`App update`}>
          <p className={styles.text}>
            <strong>{t`A new version of the app is available.`}</strong> {t`Reload the page to use it. Anything typed on this page and not sent yet is lost when it reloads.`}
          </p>
          <p className={styles.actions}>
            <Button onPress={() => actor.send({ type: 'RELOAD' })}>{t`Reload now`}</Button>
            <Button variant="secondary" onPress={() => actor.send({ type: 'LATER' })}>
              {t`Later`}
            </Button>
          </p>
        </section>
      ) : null}
    </div>
  );
}
