import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { IdentityCheck } from '@machines/verification/identity-verification.machine';
import { useIdentityVerification, type IdentityVerificationLogic } from '@/features/verify-identity';
import { useStartPage } from '@/entities/session';
import { uiMessageText, usePageTitle } from '@/shared/lib';
import { useBrand } from '@/shared/model';
import { Button, ErrorState, FailureIcon, FormAlert, Preloader, SuccessIcon } from '@/shared/ui';
import styles from './identity-verification-page.module.css';

interface ResultPageProps {
  /** Signed in on this device (the route waits for the session to settle). */
  signedIn: boolean;
  /** Injectable for stories (fake calls); default the app's. */
  logic?: IdentityVerificationLogic;
}

/** /identity-verification/{workflowRunId}/{token} (002 s2): where the provider sends the browser back after a check. */
export function IdentityVerificationResultPage({ workflowRunId, token, ...rest }: ResultPageProps & { workflowRunId: string; token: string }) {
  return <IdentityResult check={{ workflowRunId, token }} {...rest} />;
}

/** /video-identity-job/{id} (002 s2): where the provider sends the browser back after a video identification. */
export function VideoIdentityJobPage({ id, ...rest }: ResultPageProps & { id: string }) {
  return <IdentityResult check={{ videoIdentityJobId: id }} {...rest} />;
}

/**
 * The result of an identity check. Signed in, the result is asked for (pending: asked again for a
 * while); approved says so and the verification status is read again; rejected gives the reason
 * and a new try. Not signed in on this device, nothing is asked: the customer continues where
 * they started.
 */
function IdentityResult({ check, signedIn, logic }: ResultPageProps & { check: IdentityCheck }) {
  const { t, i18n } = useLingui();
  const { config } = useBrand();
  usePageTitle(t`Identity verification`, config.displayName);
  const actor = useIdentityVerification({ mode: 'result', ...check, signedIn }, logic);
  const tag = useSelector(actor, (s) =>
    (['notSignedIn', 'approved', 'rejected', 'startFailed', 'starting', 'redirecting', 'pending', 'stillChecking', 'verifyFailed'] as const).find((name) => s.hasTag(name)) ?? 'verifying',
  );
  const inApp = useSelector(actor, (s) => s.hasTag('inApp'));
  const starting = useSelector(actor, (s) => s.hasTag('busy'));
  const reason = useSelector(actor, (s) => s.context.reason);
  const failure = useSelector(actor, (s) => uiMessageText(i18n, s.context.failure));
  // The start page as the session knows it now (it reads the customer again once approved).
  const startPage = useStartPage();
  const tryAgain = (
    <div>
      <Button isPending={starting} onPress={() => actor.send({ type: 'START' })}>
        {t`Try again`}
      </Button>
    </div>
  );
  let content: React.ReactNode;
  switch (tag) {
    case 'notSignedIn':
      content = (
        <>
          <p className={styles.lead}>{t`The identity check is finished on this device. Continue where you started it.`}</p>
          <p className={styles.lead}>
            <Link to="/login">{t`Sign in`}</Link>
          </p>
        </>
      );
      break;
    case 'approved':
      content = (
        <>
          <p role="status" className={styles.outcome}>
            <SuccessIcon size={24} />
            <span>{t`Your identity is verified`}</span>
          </p>
          <p className={styles.lead}>
            <Link to={startPage}>{t`Go to the start page`}</Link>
          </p>
        </>
      );
      break;
    case 'rejected':
    case 'startFailed':
    case 'starting':
    case 'redirecting':
      content = inApp ? (
        <p role="status" className={styles.lead}>
          {t`Continue in the app.`}
        </p>
      ) : (
        <>
          <p className={styles.outcome} role={tag === 'rejected' ? 'status' : undefined}>
            <FailureIcon size={24} />
            <span>{t`We could not verify your identity`}</span>
          </p>
          {reason ? <p className={styles.reason}>{reason}</p> : null}
          {tag === 'startFailed' && failure ? <FormAlert>{failure}</FormAlert> : null}
          {tryAgain}
        </>
      );
      break;
    case 'pending':
      content = (
        <>
          <Preloader label={t`Checking your identity…`} />
          <p role="status" className={styles.lead}>{t`The identity provider has not finished the check yet. We will ask again in a moment.`}</p>
        </>
      );
      break;
    case 'stillChecking':
      content = (
        <>
          <p role="status" className={styles.lead}>{t`We are still checking your identity. We will let you know when it is done.`}</p>
          <div className={styles.actions}>
            <Button variant="secondary" onPress={() => actor.send({ type: 'RETRY' })}>
              {t`Check again`}
            </Button>
            <Link to={startPage}>{t`Go to the start page`}</Link>
          </div>
        </>
      );
      break;
    case 'verifyFailed':
      content = <ErrorState title={t`We could not get the result of the check`} message={failure ?? ''} onRetry={() => actor.send({ type: 'RETRY' })} />;
      break;
    default:
      content = <Preloader label={t`Checking your identity…`} />;
  }
  return (
    <section className={styles.page} aria-labelledby="identity-verification-title">
      <h1 id="identity-verification-title" className={styles.title}>
        {t`Identity verification`}
      </h1>
      {content}
    </section>
  );
}
