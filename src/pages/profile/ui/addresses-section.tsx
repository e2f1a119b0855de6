import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { addressNotices, addressProofNeeded, DOCUMENT_CATEGORIES } from '@machines/verification/verification.rules';
import { addressesQuery, profileQuery, useVerificationActor } from '@/entities/verification';
import { useCountries } from '@/shared/model';
import { QueryState } from '@/shared/ui';
import { AddAddressButton, ConfirmAddressButton, DeleteAddressButton, ReplaceAddressButton } from '@/features/edit-address';
import { UploadDocumentButton } from '@/features/upload-document';
import { ProfileSection } from './profile-section';
import { ADDRESS_NOTICE_TEXTS, ADDRESS_STATUS_TEXTS } from './profile-texts';
import { StatusText } from '@/entities/verification';
import styles from './profile-page.module.css';

/**
 * The addresses (002 s3 Address): each with its status, its proofs and their statuses, and what it
 * needs — a proof (none, refused, out of date, or one a card needs), a confirmation that it is
 * still the customer's; replaced (the card warning first), deleted, or another added.
 */
export function AddressesSection() {
  const { t, i18n } = useLingui();
  const addresses = useQuery(addressesQuery());
  const profile = useQuery(profileQuery());
  const countries = useCountries();
  const countryName = (code: string) => countries.find((c) => c.code === code)?.name ?? code;
  const list = addresses.data ?? [];
  // An unverified customer's verification waits for a proof of every address (the status's rule).
  const unverified = useSelector(useVerificationActor(), (s) => s.context.facts?.unverified === true);
  return (
    <ProfileSection id="profile-addresses" title={t`Addresses`}>
      <QueryState query={addresses} title={t`Your addresses could not be loaded`} />
      {addresses.data && list.length === 0 ? <p>{t`No address yet. Add the address you live at.`}</p> : null}
      {list.length > 0 ? (
        <ul className={styles.cards}>
          {list.map((address) => {
            const lines = [
              address.address1,
              address.address2,
              [address.postalCode, address.city].filter(Boolean).join(' '),
              address.stateName ?? address.stateCode,
              countryName(address.countryCode),
            ].filter(Boolean);
            const proofNeeded = addressProofNeeded(address, unverified);
            const label = lines[0] ?? t`Address`;
            return (
              <li key={address.addressId} className={styles.card} aria-label={label}>
                <address className={styles.address}>
                  {lines.map((line, i) => (
                    <span key={i}>{line}</span>
                  ))}
                </address>
                <p className={styles.meta}>{i18n._(ADDRESS_STATUS_TEXTS[address.addressStatus] ?? ADDRESS_STATUS_TEXTS[0]!)}</p>
                {addressNotices(address, unverified).map((notice) => (
                  <p key={notice} className={styles.problem}>
                    {i18n._(ADDRESS_NOTICE_TEXTS[notice])}
                  </p>
                ))}
                {address.uploadedDocuments.length > 0 ? (
                  <ul className={styles.list} aria-label={t`Proofs sent`}>
                    {address.uploadedDocuments.map((document) => (
                      <li key={document.id}>
                        {t`Proof of address`}: <StatusText statusId={document.statusId} expiresDate={document.expiresDate ?? null} />
                        {document.rejectReason ? <span className={styles.problem}> — {document.rejectReason}</span> : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
                <div className={styles.actions}>
                  {proofNeeded ? (
                    <UploadDocumentButton
                      label={t`Send a proof of this address`}
                      title={t`Proof of address`}
                      categoryId={DOCUMENT_CATEGORIES.address}
                      target={{ addressId: address.addressId }}
                      countryCode={profile.data?.residenceCountryCode ?? address.countryCode}
                    />
                  ) : null}
                  {address.confirmed === false ? <ConfirmAddressButton addressId={address.addressId} label={t`I still live here`} /> : null}
                  <ReplaceAddressButton address={address} label={t`Replace`} />
                  {list.length > 1 ? <DeleteAddressButton addressId={address.addressId} label={t`Delete`} /> : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      {addresses.data ? (
        <div className={styles.actions}>
          <AddAddressButton label={t`Add an address`} />
        </div>
      ) : null}
    </ProfileSection>
  );
}
