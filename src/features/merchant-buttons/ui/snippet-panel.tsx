import { useId, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { buttonSnippet } from '@machines/merchant/merchant.rules';
import type { SavedButton } from '@/entities/merchant';
import { inspectOptions, useBrand } from '@/shared/model';
import { Button } from '@/shared/ui';
import { copyLogic } from '../model/button-actors';
import styles from './merchant-buttons.module.css';

/**
 * The code a merchant pastes into their site for one button (buttonSnippet: the brand's checkout,
 * the merchant's and the button's ids, the escaped words; the checkout reads the rest from the
 * saved button), shown as text and copied with one press.
 */
export function SnippetPanel({ button, merchantId }: { button: SavedButton; merchantId: number }) {
  const { t } = useLingui();
  const ids = useId();
  const brand = useBrand();
  const code = buttonSnippet({ checkoutUrl: brand.config.checkoutUrl, merchantId, buttonId: button.id, label: button.buttonType === 'donate' ? t`Donate` : t`Buy now` });
  // The code as it is shown when Copy is pressed (the language or the brand may change meanwhile).
  const shown = useRef(code);
  shown.current = code;
  const copy = useActorRef(copyLogic(() => shown.current), inspectOptions());
  const busy = useSelector(copy, (s) => s.hasTag('busy'));
  const done = useSelector(copy, (s) => s.hasTag('done'));
  const failed = useSelector(copy, (s) => s.hasTag('failed'));
  return (
    <div className={styles.snippet}>
      <p id={`${ids}-hint`} className={styles.hint}>
        {t`Paste this code into your page where the button should appear. The amount, the item and the logo are read from the saved button at the checkout, so a change here reaches every page that shows it.`}
      </p>
      <pre className={styles.code} role="region" tabIndex={0} aria-label={t`The button's code`} aria-describedby={`${ids}-hint`}>
        <code>{code}</code>
      </pre>
      <div className={styles.buttons}>
        <Button isPending={busy} onPress={() => copy.send({ type: 'RUN' })}>
          {done ? t`Copied` : t`Copy the code`}
        </Button>
      </div>
      <p role="status" className={styles.hint}>
        {done ? t`The code was copied to the clipboard.` : failed ? t`The code could not be copied: select it and copy it yourself.` : ''}
      </p>
    </div>
  );
}
