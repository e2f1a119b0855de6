import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { personDeleteRefusal, rolesOf, type DeleteMode, type Role } from '@machines/business/company-access.rules';
import { namedAddressStatus } from '@machines/verification/verification.rules';
import { ROLE_TEXTS, type BusinessUser } from '@/entities/company-person';
import { StatusText } from '@/entities/verification';
import { formatCount } from '@/shared/lib';
import { useCountries } from '@/shared/model';
import { Button } from '@/shared/ui';
import { actionsOf, documentCount, isCompany, isShareholderRow, isUserRepresentative, representativeName, rolesOfRepresentative, userName, type Representative } from '../model/people';
import { ACTION_DOCUMENT_TEXTS } from './representative-texts';
import styles from './representatives.module.css';

type Address = NonNullable<Representative['address']>;

/** A share as the locale writes a percentage ("12.5%", "12,5 %"), from its text exactly (no float); text that is not a number as it is. */
export function formatShare(share: string, locale: string): string {
  const value = share.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(value)) return share;
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'percent', maximumFractionDigits: 2 }).format(value as `${number}`);
}

export interface RepresentativeCardProps {
  person: Representative;
  /** The list the row is in: a shareholder's row says their share. */
  list: 'shareholders' | 'ultimateOwners' | 'directors';
  /** The signed-in user's user id ("You" on their rows). */
  youId: number | null;
  deleteMode: DeleteMode | null;
  onDelete: (target: { representativeId: number; name: string }) => void;
  /** Offered for a person without an address (a full-access user, the page handing the dialog in). */
  onAddAddress?: (representativeId: number) => void;
  preloadAddress?: () => void;
}

/**
 * One person of a list (002 s3 Representative info): their name and role badges (the same in every
 * list), what needs action (002 s4), their share, phone, e-mail, address on one line with its
 * status and how many documents they have; "Add address" and "Delete" named with them, or why
 * they cannot be deleted here.
 */
export function RepresentativeCard({ person, list, youId, deleteMode, onDelete, onAddAddress, preloadAddress }: RepresentativeCardProps) {
  const { t, i18n } = useLingui();
  const name = representativeName(person) || t`Representative no. ${person.id}`;
  const company = isCompany(person);
  const actions = actionsOf(person);
  const refusal = deleteMode ? personDeleteRefusal({ isUser: isUserRepresentative(person), documentCount: documentCount(person) }, deleteMode) : null;
  const needed = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(actions.map((action) => i18n._(ACTION_DOCUMENT_TEXTS[action])));
  const notGiven = <span className={styles.muted}>{t`Not given`}</span>;
  return (
    <li className={styles.person}>
      <div className={styles.personHead}>
        <h4 className={styles.name}>{name}</h4>
        <Badges roles={rolesOfRepresentative(person)} company={company} you={youId !== null && person.userId === youId} />
      </div>
      {actions.length > 0 ? (
        <p className={styles.warning}>
          <span aria-hidden="true">⚠ </span>
          {t`Needs action: ${needed}`}
        </p>
      ) : null}
      <dl className={styles.details}>
        {list === 'shareholders' && isShareholderRow(person) ? <Detail label={t`Share`}>{formatShare(person.share, i18n.locale)}</Detail> : null}
        <Detail label={t`Phone`}>{person.phone ? <span dir="ltr">{person.phone}</span> : notGiven}</Detail>
        <Detail label={t`E-mail`}>{person.email ? <span className={styles.email}>{person.email}</span> : notGiven}</Detail>
        <Detail label={t`Address`}>{person.address ? <AddressLine address={person.address} /> : <span className={styles.muted}>{t`No address yet`}</span>}</Detail>
        <Detail label={t`Documents`}>{formatCount(documentCount(person), i18n.locale)}</Detail>
      </dl>
      {(!person.address && !company && onAddAddress) || (deleteMode && refusal === null) ? (
        <div className={styles.buttons}>
          {!person.address && !company && onAddAddress ? (
            <Button variant="secondary" aria-haspopup="dialog" aria-label={t`Add address for ${name}`} onPointerEnter={preloadAddress} onFocus={preloadAddress} onPress={() => onAddAddress(person.id)}>
              {t`Add address`}
            </Button>
          ) : null}
          {deleteMode && refusal === null ? (
            <Button variant="secondary" aria-haspopup="dialog" aria-label={t`Delete ${name}`} onPress={() => onDelete({ representativeId: person.id, name })}>
              {t`Delete`}
            </Button>
          ) : null}
        </div>
      ) : null}
      {refusal === 'isUser' ? (
        <p className={styles.note}>
          <Trans>
            {name} is a user of the company: their access is removed on the <Link to="/company-access">Users and access</Link> page.
          </Trans>
        </p>
      ) : refusal === 'hasDocuments' ? (
        <p className={styles.note}>{t`${name} has documents on file: only a platform administrator can delete them, documents and all.`}</p>
      ) : null}
    </li>
  );
}

/**
 * One user of the company (002 s7 Business lists: users): the owner marked, "You" on one's own row,
 * their role badges (an authorised user without a position; the owner without one, none) and e-mail. Their access is not removed here: where it is, is said (not for
 * the owner nor oneself, whose access nobody removes).
 */
export function UserCard({ user, offerAccessLink }: { user: BusinessUser; offerAccessLink: boolean }) {
  const { t } = useLingui();
  const name = userName(user) || user.email;
  return (
    <li className={styles.person}>
      <div className={styles.personHead}>
        <h4 className={styles.name}>{name}</h4>
        <Badges roles={user.isOwner && user.positionIds.length === 0 ? [] : rolesOf(user.positionIds, true)} owner={user.isOwner} you={user.isYou} inactive={user.active === false} />
      </div>
      <dl className={styles.details}>
        <Detail label={t`E-mail`}>
          <span className={styles.email}>{user.email}</span>
        </Detail>
      </dl>
      {offerAccessLink && !user.isOwner && !user.isYou ? (
        <p className={styles.note}>
          <Trans>
            {name}'s access is removed on the <Link to="/company-access">Users and access</Link> page.
          </Trans>
        </p>
      ) : null}
    </li>
  );
}

/** The badges of a row: owner, you, not active yet, a company, then the roles. */
function Badges({ roles, company = false, owner = false, you = false, inactive = false }: { roles: readonly Role[]; company?: boolean; owner?: boolean; you?: boolean; inactive?: boolean }) {
  const { t, i18n } = useLingui();
  const badges: { key: string; text: string; strong?: boolean }[] = [
    ...(owner ? [{ key: 'owner', text: t`Owner`, strong: true }] : []),
    ...(you ? [{ key: 'you', text: t`You`, strong: true }] : []),
    ...(inactive ? [{ key: 'inactive', text: t`Not activated yet` }] : []),
    ...(company ? [{ key: 'company', text: t`Company` }] : []),
    ...roles.map((role) => ({ key: role, text: i18n._(ROLE_TEXTS[role]) })),
  ];
  if (badges.length === 0) return null;
  return (
    <ul className={styles.badges} aria-label={t`Roles`}>
      {badges.map((badge) => (
        <li key={badge.key} className={badge.strong ? `${styles.badge} ${styles.strongBadge}` : styles.badge}>
          {badge.text}
        </li>
      ))}
    </ul>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The address on one line (the country by its name) and where it stands. */
function AddressLine({ address }: { address: Address }) {
  const countries = useCountries();
  const country = countries.find((c) => c.code === address.countryCode)?.name ?? address.countryCode;
  const line = [address.address1, address.address2, [address.postalCode, address.city].filter(Boolean).join(' '), address.stateName ?? address.stateCode, country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
  return (
    <span className={styles.address}>
      <span>{line}</span>
      <StatusText named={namedAddressStatus(address.addressStatus)} />
    </span>
  );
}
