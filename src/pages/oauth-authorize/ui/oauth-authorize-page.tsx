import { useLingui } from '@lingui/react/macro';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { oauthMachine, oauthMessages } from '@machines/auth/oauth.machine';
import { seiAuthorizeService, type OAuthService } from '@/entities/partner-authorization';
import { errorText } from '@/shared/api';
import { removeStored, storageKeys } from '@/shared/config';
import { uiMessageText, usePageTitle } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, ErrorState, Preloader } from '@/shared/ui';
import styles from './oauth-authorize-page.module.css';

/**
 * /auth/sei: a partner application asks to connect to the customer's account (OAuth, SEI).
 * The statechart (machines/oauth.machine.ts) owns the steps; this page shows them.
 */
export function OAuthAuthorizePage({
  service = seiAuthorizeService,
  authorizationId: given,
}: {
  /** The two auth-service calls; Storybook gives fakes. */
  service?: OAuthService;
  /** The authorisation when not read from the address (Storybook). */
  authorizationId?: string;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Connect an application`);
  const navigate = useNavigate();
  // Non-strict: typed by the registered routes, and the page also renders outside its route (Storybook).
  const fromAddress = useSearch({ strict: false }).authorizationId;
  const authorizationId = given ?? fromAddress;
  const leave = () => removeStored(storageKeys.oauthReturn);
  const actor = useActorRef(
    oauthMachine.provide({
      actors: {
        fetchAuthorizeUrl: fromPromise(() => service.fetchAuthorizeUrl()),
        authorize: fromPromise<string, { authorizationId: string }>(({ input }) => service.authorize(input.authorizationId)),
      },
      actions: {
        redirect: (_, { url }) => {
          leave();
          location.assign(url);
        },
        goRoot: () => {
          leave();
          void navigate({ to: '/', replace: true });
        },
        goHome: () => {
          leave();
          void navigate({ to: '/home', replace: true });
        },
      },
    }),
    { input: { authorizationId: authorizationId ?? null }, ...inspectOptions() },
  );
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
