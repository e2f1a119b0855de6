import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { OAuthService } from '@/entities/partner-authorization';
import { errorText } from '@/shared/api';
import { uiMessageText } from '@/shared/lib';
import { Button, ErrorState, Preloader } from '@/shared/ui';
import { useConsentActor } from '../model/consent-actors';
import styles from './partner-consent.module.css';

export interface PartnerConsentProps {
  /** The two auth-service calls. */
  service: OAuthService;
  /** The authorisation the partner asks for (none: the service is asked where to go). */
  authorizationId: string | undefined;
}

/**
 * A partner application asks to connect to the customer's account (OAuth, SEI): allow or cancel;
 * the statechart owns the steps, this view shows them.
 */
export function PartnerConsent({ service, authorizationId }: PartnerConsentProps) {
  const { t, i18n } = useLingui();
  const actor = useConsentActor(service, authorizationId);
  const state = useSelector(actor, (s) => s);
  const busy = state.matches('authorizing') || state.matches('fetchingUrl') || state.matches('leaving');

  if (state.matches('failed')) {
    return (
      <ErrorState
        title={t`The application could not be connected`}
        message={uiMessageText(i18n, state.context.error) ?? errorText(i18n, null)}
        onRetry={() => actor.send({ type: 'RETRY' })}
      />
    );
  }
  if (!state.matches('confirming') && !state.matches('authorizing')) return <Preloader label={t`Connecting…`} />;
  return (
    <section className={styles.page} aria-labelledby="oauth-title">
      <h1 id="oauth-title">{t`Connect an application`}</h1>
      <p>{t`An application asks for access to your account. Allow it only if you started this connection yourself.`}</p>
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
