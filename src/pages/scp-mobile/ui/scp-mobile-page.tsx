import { useLingui } from '@lingui/react/macro';
import { SendStoreLinksForm } from '@/features/send-store-links';
import { usePageTitle } from '@/shared/lib';
import { useBrand } from '@/shared/model';
import { StoreLinkItems } from '@/shared/ui';
import styles from './scp-mobile-page.module.css';

/**
 * /scp-mobile: getting the mobile app that approves sign-ins (push two-factor). Store links
 * and the deep-link scheme come from the brand; links the brand leaves empty are not shown.
 */
export function ScpMobilePage() {
  const { t } = useLingui();
  const { config } = useBrand();
  const brandName = config.displayName;
  usePageTitle(t`Get the mobile app`);
  return (
    <div className={styles.page}>
      <h1>{t`Get the ${brandName} mobile app`}</h1>
      <p>{t`With the app you approve new sign-ins and payments on your phone. Install it, sign in there once, and your phone becomes your linked device.`}</p>
      {config.appStores.ios || config.appStores.android ? (
        <ul className={styles.stores} aria-label={t`App stores`}>
          <StoreLinkItems ios={config.appStores.ios} android={config.appStores.android} />
        </ul>
      ) : (
        <p>{t`The app is not in the app stores yet. Ask support for an invitation.`}</p>
      )}
      {config.deepLinkScheme ? (
        <p>
          {t`Already installed on this phone?`} <a href={`${config.deepLinkScheme}://open`}>{t`Open the app`}</a>
        </p>
      ) : null}
      <SendStoreLinksForm />
    </div>
  );
}
