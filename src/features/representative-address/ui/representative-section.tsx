import { useEffect, useId, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { namedAddressStatus } from '@machines/verification/verification.rules';
import { representativeInfoQuery, type RepresentativeInfo } from '@/entities/company-file';
import { StatusText } from '@/entities/verification';
import { useCountries, useDisclosure } from '@/shared/model';
import { Button, QueryState, onDemandDialog } from '@/shared/ui';
import styles from './representative-address.module.css';

/**
 * The address dialog, its code loaded on demand (`Lazy`, `preload`): this section's, and the one a
 * page hands to the company's representatives (issue 54) for another representative's address.
 */
export const RepresentativeAddressForm = onDemandDialog(() => import(/* webpackChunkName: "representative-address" */ './representative-address-dialog').then((m) => m.RepresentativeAddressDialog));
const AddressForm = RepresentativeAddressForm;

export interface RepresentativeSectionProps {
  /** The user may add their address here (default): without it, the section only says there is none yet. */
  canAdd?: boolean;
}

type RepresentativeAddress = NonNullable<RepresentativeInfo['address']>;

/**
 * The signed-in user as the acting company's representative (issue 53; spec 002 s3 Representative
 * info, s7 business representative info): their name and phone, and their address on one line with
 * where its proof stands (the newest proof's status, else the address's own) — or, none yet, "Add
 * your address", a dialog (loaded on demand) for the address with its proof. Once it is kept and
 * the file read again shows it, the focus the dialog had goes to this section's heading.
 */
export function RepresentativeSection({ canAdd = true }: RepresentativeSectionProps) {
  const { t } = useLingui();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const query = useQuery(representativeInfoQuery());
  const dialog = useDisclosure();
  const representative = query.data;
  const hasAddress = Boolean(representative?.address);

  // Saved through the dialog: once it is closed and the address shows (the button gone with the
  // focus it got back), the heading takes the focus (WCAG 2.4.3). A focus the user moved stays.
  const saved = useRef(false);
  useEffect(() => {
    if (!saved.current || dialog.open || !hasAddress) return;
    saved.current = false;
    const focused = document.activeElement;
    if (!focused || focused === document.body) heading.current?.focus();
  }, [dialog.open, hasAddress]);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.heading}>
        {t`You as the company's representative`}
      </h2>
      {!representative ? (
        <QueryState query={query} title={t`Your details as the representative could not be loaded`} />
      ) : (
        <>
          <dl className={styles.details}>
            <div className={styles.detail}>
              <dt>{t`Name`}</dt>
              <dd>{[representative.firstName, representative.lastName].filter(Boolean).join(' ')}</dd>
            </div>
            <div className={styles.detail}>
              <dt>{t`Phone`}</dt>
              <dd>{representative.phone ? <span dir="ltr">{representative.phone}</span> : <span className={styles.muted}>{t`Not given`}</span>}</dd>
            </div>
            <div className={styles.detail}>
              <dt>{t`Address`}</dt>
              <dd>{representative.address ? <AddressLine address={representative.address} /> : <span className={styles.muted}>{t`No address yet`}</span>}</dd>
            </div>
          </dl>
          {!representative.address && canAdd ? <AddButton onPress={dialog.toggle} /> : null}
        </>
      )}
      {dialog.open ? (
        <AddressForm.Lazy
          onClose={dialog.close}
          onSaved={() => {
            saved.current = true;
          }}
        />
      ) : null}
    </section>
  );
}

/** "Add your address": the dialog's code is fetched once the browser is idle after the button showed, or when it is hovered, focused or pressed. */
function AddButton({ onPress }: { onPress: () => void }) {
  const { t } = useLingui();
  AddressForm.usePreloadWhenIdle();
  return (
    <div className={styles.buttons}>
      <Button variant="secondary" aria-haspopup="dialog" onPointerEnter={AddressForm.preload} onFocus={AddressForm.preload} onPress={onPress}>
        {t`Add your address`}
      </Button>
    </div>
  );
}

/** The newest proof sent for the address (the highest id), if any. */
const newestProof = (address: RepresentativeAddress) => address.uploadedDocuments.reduce<RepresentativeAddress['uploadedDocuments'][number] | null>((newest, document) => (!newest || document.id > newest.id ? document : newest), null);

/** The address on one line, and where it stands: its newest proof's status (a refusal's reason with it), else the address's own. */
function AddressLine({ address }: { address: RepresentativeAddress }) {
  const countries = useCountries();
  const country = countries.find((c) => c.code === address.countryCode)?.name ?? address.countryCode;
  const line = [address.address1, address.address2, [address.postalCode, address.city].filter(Boolean).join(' '), address.stateName ?? address.stateCode, country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  const proof = newestProof(address);
  return (
    <span className={styles.address}>
      <span>{line}</span>
      {proof ? <StatusText statusId={proof.statusId} expiresDate={proof.expiresDate ?? null} /> : <StatusText named={namedAddressStatus(address.addressStatus)} />}
      {proof?.rejectReason ? <span className={styles.reason}>{proof.rejectReason}</span> : null}
    </span>
  );
}
