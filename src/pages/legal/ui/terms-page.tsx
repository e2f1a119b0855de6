import { useLingui } from '@lingui/react/macro';
import { useParams } from '@tanstack/react-router';
import { brands, isBrandId } from '../../../../brands';
import { usePageTitle } from '@/shared/lib';
import { licenceText } from '@/shared/model';
import styles from './terms-page.module.css';

/**
 * /legal/{brand}-tos (spec 000 s2): the brand's terms of service, public. The legal text itself
 * is not in the spec; the page names the provider from the brand's regulated-entity data (the
 * same block as the account confirmation documents) and how to reach it. A path that names no
 * brand is not found.
 */
export function TermsPage({ document: given }: { document?: string }) {
  const { t, i18n } = useLingui();
  const param = useParams({ strict: false }).document;
  const document = given ?? param ?? '';
  const brandId = document.replace(/-tos$/, '');
  const brand = document.endsWith('-tos') && isBrandId(brandId) ? brands[brandId].config : null;
  const displayName = brand?.displayName ?? '';
  usePageTitle(brand ? t`Terms of service — ${displayName}` : t`Page not found`);
  if (!brand) {
    return (
      <section aria-labelledby="terms-title">
        <h1 id="terms-title">{t`Page not found`}</h1>
      </section>
    );
  }
  const entity = brand.regulatedEntity;
  const legalName = brand.legalName;
  return (
    <article className={styles.page} aria-labelledby="terms-title">
      <h1 id="terms-title">{t`Terms of service — ${displayName}`}</h1>
      <p>{t`${legalName} provides the accounts, cards and payment services of ${displayName} under these terms. By opening an account or signing in you accept them. When they change, you are asked to read and accept the new version at your next sign-in.`}</p>
      <h2>{t`Who provides the service`}</h2>
      <address className={styles.entity}>
        <strong>{entity.name}</strong>
        <br />
        {entity.address}
        <br />
        <a href={`tel:${entity.phone}`}>{entity.phone}</a> · <a href={`mailto:${entity.email}`}>{entity.email}</a> ·{' '}
        <a href={entity.web} rel="noopener noreferrer" target="_blank">
          {entity.web.replace(/^https:\/\//, '')}
        </a>
      </address>
      <p className={styles.licence}>{licenceText(brand, i18n.locale)}</p>
      <p>
        <a href={brand.legal.privacyUrl} rel="noopener noreferrer" target="_blank">{t`Privacy policy`}</a>
      </p>
    </article>
  );
}
