import { useLingui } from '@lingui/react/macro';
import { PayoutBlacklistSection, type PayoutBlacklistSectionProps } from '@/features/edit-payout-blacklist';
import { usePageTitle } from '@/shared/lib';
import styles from './payout-blacklist-page.module.css';

/**
 * /payout-blacklist (001 s2, s3 Blacklist user, s7, s8; issue 50): the e-mails the customer's
 * payouts may not go to, with what each blocks, added and removed here. The statecharts' calls
 * can be replaced (stories).
 */
export function PayoutBlacklistPage(props: PayoutBlacklistSectionProps) {
  const { t } = useLingui();
  usePageTitle(t`Payout black list`);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t`Payout black list`}</h1>
      <p className={styles.hint}>{t`Payouts to the e-mails on this list are refused: all of them, or only peer-to-peer transfers or mass payouts.`}</p>
      <PayoutBlacklistSection {...props} />
    </div>
  );
}
