import { Fragment } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { shownStatusOf } from '@machines/verification/verification-status.machine';
import { DOCUMENT_CATEGORIES, documentAskedFor, identityShownStatus, requiredActions, type CertificationStatuses } from '@machines/verification/verification.rules';
import { US_FORM_TEXTS } from '@/entities/certification';
import { documentTypesQuery, identityQuery, profileQuery, useVerificationActor } from '@/entities/verification';
import type { Language } from '@/shared/config';
import { usePageTitle } from '@/shared/lib';
import { useBrand, useCountries } from '@/shared/model';
import { DateText, QueryState } from '@/shared/ui';
import { UploadDocumentButton } from '@/features/upload-document';
import { TaxIdForm } from '@/features/edit-profile-details';
import { REQUIRED_ACTION_TEXTS, STATUS_TEXTS } from '@/widgets/verification-banner';
import { AddressesSection } from './addresses-section';
import { ContactsSection } from './contacts-section';
import { DocumentsSection } from './documents-section';
import { ProfileSection } from './profile-section';
import { StatusText, today } from '@/entities/verification';
import styles from './profile-page.module.css';

/**
 * /profile (002 s2, s3 Profile store): where the account's verification stands and
 * everything it rests on — the identity document, video identity and proof of residence, the
 * addresses, e-mails and phones, the tax id and residence country, and the documents sent. Each
 * part reads its own call; a change anywhere reads them again with the verification status.
 */
export function ProfilePage() {
  const { t } = useLingui();
  const { config } = useBrand();
  usePageTitle(t`Profile`, config.displayName);
  return (
    <div className={styles.page}>
      <h1>{t`Profile`}</h1>
      <StatusSummary />
      <IdentitySection />
      <AddressesSection />
      <ContactsSection />
      <TaxSection />
      <DocumentsSection />
    </div>
  );
}

/** The verification status and what is needed (002 s4), from the one statechart the banner follows too. */
function StatusSummary() {
  const { t, i18n } = useLingui();
  const actor = useVerificationActor();
  const status = useSelector(actor, shownStatusOf);
  const facts = useSelector(actor, (s) => s.context.facts);
  if (!status || !facts) return null;
  const actions = requiredActions(facts);
  return (
    <ProfileSection id="profile-status" title={t`Verification`}>
      <p className={styles.statusTitle} data-status={status}>
        {i18n._(STATUS_TEXTS[status].title)}
      </p>
      <p>{i18n._(STATUS_TEXTS[status].body)}</p>
      {actions.length > 0 ? (
        <ul className={styles.list} aria-label={t`What is needed`}>
          {actions.map((action) => (
            <li key={action}>{i18n._(REQUIRED_ACTION_TEXTS[action])}</li>
          ))}
        </ul>
      ) : null}
    </ProfileSection>
  );
}

/** The identity document (type, number, dates, status, reject reason), video identity and proof of residence (002 s3). */
function IdentitySection() {
  const { t, i18n } = useLingui();
  const identity = useQuery(identityQuery());
  const profile = useQuery(profileQuery());
  const types = useQuery(documentTypesQuery(i18n.locale as Language));
  const reply = identity.data;
  const document = reply?.identity;
  const typeName = document?.type ?? types.data?.find((c) => c.id === String(DOCUMENT_CATEGORIES.identity))?.customerDocumentTypes.find((type) => type.id === String(document?.typeId))?.name ?? null;
  const country = profile.data?.residenceCountryCode ?? null;
  const facts = useSelector(useVerificationActor(), (s) => s.context.facts);
  // A new document is asked for when there is none, it was refused, or it expires soon, or when
  // the verification still waits for it (the same rule as the status: identityShownStatus).
  const named = identityShownStatus(facts, document?.status ?? null, {
    expiresDate: document?.expiresDate ?? null,
    today: today(),
  });
  const identityNeedsUpload = documentAskedFor(named);
  return (
    <ProfileSection id="profile-identity" title={t`Identity`}>
      <QueryState query={identity} title={t`Your identity document could not be loaded`} />
      {reply ? (
        <>
          <dl className={styles.facts}>
            <dt>{t`Identity document`}</dt>
            <dd>{typeName ?? (document?.typeId != null || document?.status != null ? t`Document` : t`None yet`)}</dd>
            {document?.number ? (
              <>
                <dt>{t`Number`}</dt>
                <dd>{document.number}</dd>
              </>
            ) : null}
            {document?.issuedDate ? (
              <>
                <dt>{t`Issued`}</dt>
                <dd>
                  <DateText value={document.issuedDate} />
                </dd>
              </>
            ) : null}
            {document?.expiresDate ? (
              <>
                <dt>{t`Expires`}</dt>
                <dd>
                  <DateText value={document.expiresDate} />
                </dd>
              </>
            ) : null}
            <dt>{t`Status`}</dt>
            <dd>
              <StatusText named={named} />
            </dd>
            {document?.rejectReason ? (
              <>
                <dt>{t`Reason`}</dt>
                <dd className={styles.problem}>{document.rejectReason}</dd>
              </>
            ) : null}
            <dt>{t`Video identification`}</dt>
            <dd>
              <StatusText named={reply.videoIdentityStatus ?? 'notRequired'} />
            </dd>
            <dt>{t`Proof of residence`}</dt>
            <dd>
              <StatusText named={reply.proofOfResidenceStatus ?? 'notRequired'} />
            </dd>
          </dl>
          <div className={styles.actions}>
            {identityNeedsUpload ? <UploadDocumentButton label={t`Send an identity document`} title={t`Identity document`} categoryId={DOCUMENT_CATEGORIES.identity} countryCode={country} /> : null}
            {documentAskedFor(reply.proofOfResidenceStatus ?? 'notRequired') ? (
              <UploadDocumentButton label={t`Send a proof of residence`} title={t`Proof of residence`} categoryId={DOCUMENT_CATEGORIES.residencePermit} countryCode={country} variant="secondary" />
            ) : null}
          </div>
        </>
      ) : null}
    </ProfileSection>
  );
}

/** The tax id (customerTaxNumberUpdate) and the residence country (002 s3). */
function TaxSection() {
  const { t } = useLingui();
  const profile = useQuery(profileQuery());
  const countries = useCountries();
  const code = profile.data?.residenceCountryCode ?? null;
  const country = code ? (countries.find((c) => c.code === code)?.name ?? code) : null;
  return (
    <ProfileSection id="profile-tax" title={t`Tax residence`}>
      <QueryState query={profile} title={t`Your tax details could not be loaded`} />
      {profile.data ? (
        <>
          <dl className={styles.facts}>
            <dt>{t`Country of residence`}</dt>
            <dd>{country ?? t`Not given`}</dd>
          </dl>
          <TaxIdForm key={profile.data.taxId ?? ''} taxId={profile.data.taxId ?? null} />
        </>
      ) : null}
      <CertificationStatusList />
    </ProfileSection>
  );
}

/** The four FATCA/CRS statuses (002 s3 Certification statuses) of a personal customer, and the way to the self-certification. */
function CertificationStatusList() {
  const { t, i18n } = useLingui();
  const facts = useSelector(useVerificationActor(), (s) => s.context.facts);
  if (!facts || facts.kind !== 'personal') return null;
  const rows: [string, keyof CertificationStatuses][] = [
    [t`Tax self-certification`, 'taxResidencySelfCertificationDocumentStatus'],
    [i18n._(US_FORM_TEXTS.w9), 'w9FormDocumentStatus'],
    [i18n._(US_FORM_TEXTS.w8ben), 'w8BenFormDocumentStatus'],
    [i18n._(US_FORM_TEXTS.lossOfNationality), 'certificateOfLossOfNationalityDocumentStatus'],
  ];
  return (
    <>
      <dl className={styles.facts} data-certification-statuses>
        {rows.map(([label, key]) => (
          <Fragment key={key}>
            <dt>{label}</dt>
            <dd>
              <StatusText named={facts.certification[key]} />
            </dd>
          </Fragment>
        ))}
      </dl>
      <p>
        <Link to="/self-certification">{t`Review your tax self-certification`}</Link>
      </p>
    </>
  );
}
