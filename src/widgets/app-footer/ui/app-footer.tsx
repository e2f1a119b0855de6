import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { licenceText, useBrand } from '@/shared/model';
import { StoreLinkItems } from '@/shared/ui';
import { endSentence } from '@/shared/lib';
import styles from './app-footer.module.css';

/**
 * Footer of every layout: the brand's legal, fee, support and app links. Items the brand
 * leaves empty (spec 000 s1: some brands have no fee links or chat number) are not shown. `items`:
 * list items the app adds (the analytics choices, issue 61).
 */
export function AppFooter({ items }: { items?: ReactNode }) {
  const { t, i18n } = useLingui();
  const { config } = useBrand();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <nav aria-label={t`Legal and help`}>
        <ul className={styles.links}>
          <li>
            <Link to={config.legal.termsPath}>{t`Terms of service`}</Link>
          </li>
          <li>
            <a href={config.legal.privacyUrl} rel="noopener noreferrer" target="_blank">
              {t`Privacy policy`}
            </a>
          </li>
          {config.fees.personal ? (
            <li>
              <a href={config.fees.personal} rel="noopener noreferrer" target="_blank">{t`Fees for personal accounts`}</a>
            </li>
          ) : null}
          {config.fees.business ? (
            <li>
              <a href={config.fees.business} rel="noopener noreferrer" target="_blank">{t`Fees for business accounts`}</a>
            </li>
          ) : null}
          {config.supportChatNumber ? (
            <li>
              {t`Support chat`}: <a href={`tel:${config.supportChatNumber}`}>{config.supportChatNumber}</a>
            </li>
          ) : null}
          <li>
            <Link to="/scp-mobile">{t`Mobile app`}</Link>
          </li>
          {items}
          <StoreLinkItems ios={config.appStores.ios} android={config.appStores.android} />
        </ul>
      </nav>
      <p className={styles.entity}>
        © {year} {endSentence(config.regulatedEntity.name)} {licenceText(config, i18n.locale)}
      </p>
    </footer>
  );
}
