import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { shownStatusOf } from '@machines/verification/verification-status.machine';
import { limitReasonName, WARNING_STATUSES, warningLink, type LimitReasonName } from '@machines/verification/verification.rules';
import { useOptionalVerificationActor } from '@/entities/verification';
import { InfoIcon } from '@/shared/ui';
import { LIMIT_REASON_TEXTS, STATUS_TEXTS } from './verification-texts';
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
  const facts = useSelector(actor, (s) => s.context.facts);
  const status = useSelector(actor, (s) => {
    const shown = shownStatusOf(s);
    return shown && WARNING_STATUSES.includes(shown) ? shown : null;
  });
  if (!status) return null;
  const texts = STATUS_TEXTS[status];
  // A limit says why (002 s4: expired documents, unpaid invoice, sanctions, adverse media, account investigation).
  const reasons = status === 'limited' ? [...new Set((facts?.limitReasons ?? []).map((r) => limitReasonName(r.actionTypeId)).filter((n): n is LimitReasonName => n !== null))] : [];
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
        {reasons.length > 0 ? (
          <ul className={styles.reasons} aria-label={t`Why`}>
            {reasons.map((reason) => (
              <li key={reason}>
                {reason === 'unpaidInvoice' ? (
                  <Link to="/transfer/invoices" search={{ status: 1 }}>
                    {i18n._(LIMIT_REASON_TEXTS[reason])}
                  </Link>
                ) : (
                  i18n._(LIMIT_REASON_TEXTS[reason])
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <Link to={to} className={styles.link}>
        {status === 'limited' ? t`See why and what to send` : t`See what is needed`}
      </Link>
    </section>
  );
}
