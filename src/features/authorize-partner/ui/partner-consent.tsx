import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { partnerScopeMessages } from '@machines/auth/oauth.machine';
import type { OAuthService } from '@/entities/partner-authorization';
import { errorText } from '@/shared/api';
import { uiMessageText } from '@/shared/lib';
import { Button, ErrorState, Preloader } from '@/shared/ui';
import { useConsentActor } from '../model/consent-actors';
import styles from './partner-consent.module.css';

export interface PartnerConsentProps {
  /** The auth-service calls. */
  service: OAuthService;
  /** The authorisation the partner asks for (none: the service is asked where to go). */
  authorizationId: string | undefined;
}

/**
 * A partner application asks to connect to the customer's account (OAuth, SEI): the page names the
 * partner and what it may do (issue 47; the service's name shown as text), then allow or cancel;
 * the statechart owns the steps (its tags), this view shows them.
 */
export function PartnerConsent({ service, authorizationId }: PartnerConsentProps) {
  const { t, i18n } = useLingui();
  const actor = useConsentActor(service, authorizationId);
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const confirming = useSelector(actor, (s) => s.hasTag('confirming'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const partner = useSelector(actor, (s) => s.context.partner);

  if (failed) {
    return (
      <ErrorState
        title={t`The application could not be connected`}
        message={uiMessageText(i18n, error) ?? errorText(i18n, null)}
        onRetry={() => actor.send({ type: 'RETRY' })}
      />
    );
  }
  if (!confirming || !partner) return <Preloader label={t`Connecting…`} />;
  const clientName = partner.clientName;
  return (
    <section className={styles.page} aria-labelledby="oauth-title">
      <h1 id="oauth-title">{t`Connect an application`}</h1>
      <p>{t`${clientName} asks for access to your account. Allow it only if you started this connection yourself.`}</p>
      <h2 id="oauth-scopes" className={styles.scopesTitle}>
        {t`${clientName} will be able to:`}
      </h2>
      <ul className={styles.scopes} aria-labelledby="oauth-scopes">
        {partner.scopes.map((scope) => (
          <li key={scope}>{i18n._(partnerScopeMessages[scope])}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button isPending={busy} onPress={() => actor.send({ type: 'AUTHORIZE' })}>
          {t`Allow access`}
        </Button>
        <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'CANCEL' })}>
          {t`Cancel`}
        </Button>
      </div>
    </section>
  );
}
