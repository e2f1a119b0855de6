import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { shownStatusOf } from '@machines/verification/verification-status.machine';
import { WARNING_STATUSES, warningLink } from '@machines/verification/verification.rules';
import { useOptionalVerificationActor } from '@/entities/verification';
import { InfoIcon } from '@/shared/ui';
import { STATUS_TEXTS } from './verification-texts';
import styles from './verification-banner.module.css';

/**
 * The warning banner of the signed-in pages (002 s4: limited, duplicate documents, unverified,
 * required actions, a card document): what the status means and a link to where it is resolved,
 * as the spec says (warningLink: limited → /limited-account; the others → /profile).
 * Nothing shows for the other statuses, while loading, or when the status could not be loaded.
 */
export function VerificationBanner() {
  const actor = useOptionalVerificationActor();
  if (!actor) return null;
  return <Banner actor={actor} />;
}

function Banner({ actor }: { actor: NonNullable<ReturnType<typeof useOptionalVerificationActor>> }) {
  const { t, i18n } = useLingui();
  // The last decision stays on screen while the facts are read again (no blink on every reload).
  const status = useSelector(actor, (s) => {
    const shown = shownStatusOf(s);
    return shown && WARNING_STATUSES.includes(shown) ? shown : null;
  });
  if (!status) return null;
  const texts = STATUS_TEXTS[status];
  const to = warningLink(status);
  if (!to) return null;
  return (
    <section className={styles.banner} aria-labelledby="verification-banner-title" data-status={status}>
      <span className={styles.icon} aria-hidden="true">
        <InfoIcon />
      </span>
      <div className={styles.text}>
        {/* Above the page's own heading: a labelled region, not a heading of the page's outline. */}
        <p id="verification-banner-title" className={styles.title}>
          {i18n._(texts.title)}
        </p>
        <p>{i18n._(texts.body)}</p>
      </div>
      <Link to={to} className={styles.link}>
        {status === 'limited' ? t`See why and what to send` : t`See what is needed`}
      </Link>
    </section>
  );
}
