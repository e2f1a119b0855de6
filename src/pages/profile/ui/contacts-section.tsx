import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { emailsQuery, profileQuery } from '@/entities/verification';
import { QueryState } from '@/shared/ui';
import { CancelUsernameChangeButton, UsernameChangeForm } from '@/features/edit-profile-details';
import { EditPhoneButton } from '@/features/edit-phone';
import { ProfileSection } from './profile-section';
import { USERNAME_REQUEST_TEXTS } from './profile-texts';
import styles from './profile-page.module.css';

/**
 * The e-mails (002 s3: status Primary is the sign-in address; a username change request active,
 * pending or failed) and the phones (Primary, confirmed or not: confirmed by SMS).
 */
export function ContactsSection() {
  const { t, i18n } = useLingui();
  const emails = useQuery(emailsQuery());
  const profile = useQuery(profileQuery());
  const primary = emails.data?.find((e) => e.status === 'Primary') ?? emails.data?.[0];
  const request = emails.data?.find((e) => e.usernameChangeRequest);
  const phones = profile.data?.phones ?? [];
  return (
    <>
      <ProfileSection id="profile-emails" title={t`E-mail`}>
        <QueryState query={emails} title={t`Your e-mail addresses could not be loaded`} />
        {emails.data ? (
          <>
            <ul className={styles.list}>
              {emails.data.map((email) => (
                <li key={email.id}>
                  <span className={styles.strong}>{email.email}</span>
                  {email.status === 'Primary' ? <span className={styles.meta}> — {t`you sign in with this address`}</span> : null}
                  {email.usernameChangeRequest ? <span className={styles.meta}> — {i18n._(USERNAME_REQUEST_TEXTS[email.usernameChangeRequest])}</span> : null}
                </li>
              ))}
            </ul>
            {request && request.usernameChangeRequest !== 'pending' ? <CancelUsernameChangeButton key={`${request.email}-${request.usernameChangeRequest}`} /> : null}
            {!request && primary ? <UsernameChangeForm current={primary.email} /> : null}
          </>
        ) : null}
      </ProfileSection>
      <ProfileSection id="profile-phones" title={t`Phone`}>
        <QueryState query={profile} title={t`Your phones could not be loaded`} />
        {profile.data ? (
          <>
            {phones.length === 0 ? <p>{t`No phone yet.`}</p> : null}
            {phones.length > 0 ? (
              <ul className={styles.cards}>
                {phones.map((phone) => {
                  const number = `+${phone.phoneCountryCode} ${phone.phone}`;
                  return (
                    <li key={phone.id} className={styles.card} aria-label={number}>
                      <span className={styles.strong}>{number}</span>
                      <p className={phone.confirmed ? styles.meta : styles.problem}>{phone.confirmed ? t`Confirmed` : t`Not confirmed yet`}</p>
                      <div className={styles.actions}>
                        {/* One button whatever the state: its dialog stays open through the confirmation it makes. */}
                        <EditPhoneButton phone={phone} label={phone.confirmed ? t`Change` : t`Confirm this phone`} variant={phone.confirmed ? 'secondary' : 'primary'} />
                      </div>
                    </li>
                  );
                })}
              </ul>
            ) : null}
            {phones.length === 0 ? (
              <div className={styles.actions}>
                <EditPhoneButton label={t`Add a phone`} />
              </div>
            ) : null}
          </>
        ) : null}
      </ProfileSection>
    </>
  );
}
