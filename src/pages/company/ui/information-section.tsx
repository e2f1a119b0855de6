import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Business } from '@/entities/company-file';
import { DateText } from '@/shared/ui';
import { addressLine } from './documents-section';
import styles from './company-page.module.css';

/**
 * The company's business information (002 s3 Business), read only: the spec has no call that
 * changes it (docs/decisions.md "Company information is read only"): registration facts come from
 * the registration documents, the e-mail from /company-emails. A fact not on file says so.
 */
export function InformationSection({ business }: { business: Business }) {
  const { t } = useLingui();
  const missing = <span className={styles.muted}>{t`Not on file`}</span>;
  const text = (value: string | null | undefined): ReactNode => (value && value.trim() ? value : missing);
  const yesNo = (value: boolean) => (value ? t`Yes` : t`No`);
  const rows: [string, ReactNode][] = [
    [t`Company name`, text(business.name)],
    [t`Trading name`, text(business.tradingName)],
    [t`Country of registration`, text(business.registrationCountryCode)],
    [t`Registration number`, text(business.registrationNumber)],
    [t`Registration date`, business.registrationDate ? <DateText value={business.registrationDate} /> : missing],
    [t`Business tax ID`, text(business.businessTaxId)],
    [t`E-mail`, text(business.email)],
    [t`Phone`, text(business.phone)],
    [t`Website`, text(business.website)],
    [t`Description`, text(business.description)],
    [t`Verified`, yesNo(business.verified)],
    [t`Limited`, yesNo(business.limited)],
    [t`Converted from an older business account`, yesNo(business.isConverted)],
  ];
  return (
    <div className={styles.sections}>
      <section aria-labelledby="company-information-title" className={styles.card}>
        <h2 id="company-information-title" className={styles.subtitle}>
          {t`Registration and contact`}
        </h2>
        <dl className={styles.facts}>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.fact}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.muted}>{t`To correct a registration fact, send the document that shows it in Documents; we update the file once it is checked.`}</p>
      </section>
      <section aria-labelledby="company-addresses-title" className={styles.card}>
        <h2 id="company-addresses-title" className={styles.subtitle}>
          {t`Business addresses`}
        </h2>
        {business.addresses.length === 0 ? (
          <p className={styles.muted}>{t`No business address on file.`}</p>
        ) : (
          <ul className={styles.list}>
            {business.addresses.map((address) => (
              <li key={address.addressId} className={styles.item}>
                {addressLine(address)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
