import { useLingui } from '@lingui/react/macro';
import type { ButtonValues } from '@machines/merchant/merchant.rules';
import { normalizeAmount } from '@machines/shared/amount';
import { LogoImage, type Logo } from '@/entities/merchant';
import { formatMoney } from '@/shared/lib';
import styles from './merchant-buttons.module.css';

/**
 * What a payer sees of the button as it is being written: the logo chosen (or none), the item, the
 * amount (or "the payer chooses" for a donation without one) and the button's words. Drawn as
 * React from the values (never as the snippet's HTML), so nothing typed is ever markup.
 */
export function ButtonPreview({ values, logo }: { values: ButtonValues; logo: Logo | null }) {
  const { t, i18n } = useLingui();
  const amount = normalizeAmount(values.amount);
  return (
    <figure className={styles.preview}>
      <figcaption className={styles.previewTitle}>{t`Preview`}</figcaption>
      <div className={styles.previewCard}>
        {logo ? <LogoImage logo={logo} size={40} /> : null}
        <p className={styles.previewItem}>{values.itemName.trim() || t`Item name`}</p>
        <p className={styles.previewAmount}>{amount && values.currencyCode ? formatMoney(amount, values.currencyCode, i18n.locale) : values.buttonType === 'donate' ? t`The payer chooses the amount` : '—'}</p>
        <span className={styles.previewButton}>{values.buttonType === 'donate' ? t`Donate` : t`Buy now`}</span>
      </div>
    </figure>
  );
}
