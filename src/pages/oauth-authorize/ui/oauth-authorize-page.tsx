import { useLingui } from '@lingui/react/macro';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { isSafeRedirect, oauthMachine, oauthMessages, type OAuthFailure } from '@machines/auth/oauth.machine';
import { api, errorText, isApiError } from '@/shared/api';
import { IS_SANDBOX_BUILD, removeStored, storageKeys } from '@/shared/config';
import { uiMessageText, usePageTitle } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, ErrorState, Preloader } from '@/shared/ui';
import styles from './oauth-authorize-page.module.css';

/** http targets are allowed only in sandbox builds (the sandbox runs on 127.0.0.1). */
const allowLocalHttp = IS_SANDBOX_BUILD;

/** API failure → the statechart's failure: 404 is its own case; otherwise the server's text or the kind's words. */
function toFailure(error: unknown): OAuthFailure {
  if (!isApiError(error)) return { kind: 'failed', message: { descriptor: oauthMessages.unsafeTarget } };
  if (error.kind === 'notFound') return { kind: 'notFound' };
  return { kind: 'failed', message: error.serverMessage ? { text: error.serverMessage } : { descriptor: error.defaultMessage } };
}

/** The auth-service side of the OAuth page; every failure is already an OAuthFailure. */
export interface OAuthService {
  fetchAuthorizeUrl: () => Promise<string>;
  authorize: (authorizationId: string) => Promise<string>;
}

const oauthService: OAuthService = {
  async fetchAuthorizeUrl() {
    let url: string;
    try {
      url = (await api().auth.GET('/auth/sei/authorize')).data!.authorizeUrl;
    } catch (error) {
      throw toFailure(error);
    }
    if (!isSafeRedirect(url, allowLocalHttp)) throw toFailure(new Error('unsafe')); // not an API error: "not secure"
    return url;
  },
  async authorize(authorizationId) {
    let target: string;
    try {
      target = (await api().auth.POST('/auth/sei/authorize/{authorizationId}', { params: { path: { authorizationId } } })).data!.redirect_uri;
    } catch (error) {
      throw toFailure(error);
    }
    if (!isSafeRedirect(target, allowLocalHttp)) throw toFailure(new Error('unsafe redirect'));
    return target;
  },
};

/**
 * /auth/sei: a partner application asks to connect to the customer's account (OAuth, SEI).
 * The statechart (machines/oauth.machine.ts) owns the steps; this page shows them.
 */
export function OAuthAuthorizePage({
  service = oauthService,
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
  const fromAddress = (useSearch({ strict: false }) as { authorizationId?: string }).authorizationId;
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
