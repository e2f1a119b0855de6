import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { shownStatusOf } from '@machines/verification/verification-status.machine';
import { DOCUMENT_CATEGORIES, limitReasonName, namedDocumentStatus, requiredActions } from '@machines/verification/verification.rules';
import { useVerificationActor } from '@/entities/verification';
import { usePageTitle } from '@/shared/lib';
import { useBrand } from '@/shared/model';
import { ErrorState, Preloader } from '@/shared/ui';
import { UploadDocumentButton } from '@/features/upload-document';
import { LIMIT_REASON_TEXTS, REQUIRED_ACTION_TEXTS, STATUS_TEXTS } from '@/widgets/verification-banner';
import styles from './verification-status-pages.module.css';

/** Loading or failed: the page says so (a retry for a first load that failed). */
function StatusPending() {
  const { t } = useLingui();
  const actor = useVerificationActor();
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  if (!failed) return <Preloader label={t`Loading your verification status…`} />;
  return <ErrorState title={t`Your verification status could not be loaded`} message={t`Check your connection, then try again.`} onRetry={() => actor.send({ type: 'RETRY' })} />;
}

/**
 * /unverified-account (002 s2): where the account stands and what is needed — the
 * required actions of 002 s4, or the documents under review. A verified customer goes home.
 */
export function UnverifiedAccountPage() {
  const { t, i18n } = useLingui();
  const { config } = useBrand();
  usePageTitle(t`Account verification`, config.displayName);
  const actor = useVerificationActor();
  const navigate = useNavigate();
  const status = useSelector(actor, shownStatusOf);
  const facts = useSelector(actor, (s) => s.context.facts);
  useEffect(() => {
    if (status === 'checked') void navigate({ to: '/home', replace: true });
  }, [navigate, status]);
  return (
    <section className={styles.page} aria-labelledby="verification-title">
      <h1 id="verification-title">{t`Account verification`}</h1>
      {status && facts ? (
        <div className={styles.body} data-status={status}>
          <h2>{i18n._(STATUS_TEXTS[status].title)}</h2>
          <p>{i18n._(STATUS_TEXTS[status].body)}</p>
          {requiredActions(facts).length > 0 ? (
            <>
              <h3>{t`What is needed`}</h3>
              <ul className={styles.list}>
                {requiredActions(facts).map((action) => (
                  <li key={action}>{i18n._(REQUIRED_ACTION_TEXTS[action])}</li>
                ))}
              </ul>
            </>
          ) : null}
          {facts.identity.rejectReason ? (
            <p className={styles.problem}>{t`Identity document refused: ${facts.identity.rejectReason}`}</p>
          ) : null}
          <p>
            <Link to="/profile" className={styles.link}>
              {t`Go to your profile to send documents and confirm your details`}
            </Link>
          </p>
        </div>
      ) : (
        <StatusPending />
      )}
    </section>
  );
}

/** /limited-account (002 s2): why the account is limited and the documents each reason needs, with their state. */
export function LimitedAccountPage() {
  const { t, i18n } = useLingui();
  const { config } = useBrand();
  usePageTitle(t`Limited account`, config.displayName);
  const actor = useVerificationActor();
  const status = useSelector(actor, shownStatusOf);
  const facts = useSelector(actor, (s) => s.context.facts);
  const documentState = (statusId: number | null) => {
    const named = namedDocumentStatus(statusId);
    return named === 'pending' ? t`under review` : named === 'validated' ? t`accepted` : named === 'rejected' ? t`refused: send another` : t`not sent yet`;
  };
  return (
    <section className={styles.page} aria-labelledby="limited-title">
      <h1 id="limited-title">{t`Limited account`}</h1>
      {status && facts ? (
        <div className={styles.body} data-status={status}>
          {facts.limited ? (
            <>
              <p>{i18n._(STATUS_TEXTS[status === 'processing' ? 'processing' : 'limited'].body)}</p>
              <ul className={styles.reasons}>
                {facts.limitReasons.map((reason, index) => {
                  const name = limitReasonName(reason.actionTypeId);
                  return (
                    <li key={`${reason.actionTypeId}-${index}`} className={styles.reason}>
                      <h2>{name ? i18n._(LIMIT_REASON_TEXTS[name]) : t`Other reason`}</h2>
                      {reason.requirementDocuments.length > 0 ? (
                        <ul className={styles.list}>
                          {reason.requirementDocuments.map((document, i) => {
                            const last = document.uploadedDocuments.at(-1);
                            const name = document.name ?? t`A document`;
                            const state = namedDocumentStatus(last ? last.statusId : null);
                            return (
                              <li key={i} className={styles.requirement}>
                                <span>
                                  {name}: {documentState(last ? last.statusId : null)}
                                </span>
                                {(state === 'none' || state === 'rejected') && document.documentTypeId !== undefined ? (
                                  <UploadDocumentButton
                                    label={t`Send: ${name}`}
                                    title={name}
                                    categoryId={DOCUMENT_CATEGORIES.other}
                                    documentTypeId={document.documentTypeId}
                                    target={{ limitReasonActionTypeId: reason.actionTypeId }}
                                    countryCode={null}
                                    variant="secondary"
                                  />
                                ) : null}
                              </li>
                            );
                          })}
                        </ul>
                      ) : name === 'unpaidInvoice' ? null : (
                        <p>{t`Nothing to send: we will contact you.`}</p>
                      )}
                      {name === 'unpaidInvoice' ? (
                        <p>
                          <Link to="/transfer/invoices" search={{ status: 1 }}>
                            {t`Pay your unpaid invoices`}
                          </Link>
                        </p>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </>
          ) : (
            <p>{t`Your account is not limited.`}</p>
          )}
        </div>
      ) : (
        <StatusPending />
      )}
    </section>
  );
}
