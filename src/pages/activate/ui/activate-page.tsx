import { useLingui } from '@lingui/react/macro';
import { Link, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  activationFromSearch,
  activationMachine,
  activationMessages,
  type ActivationRequest,
  type ActivationTokens,
} from '@machines/auth/activation.machine';
import { errorPopupFor } from '@/shared/api';
import { activateAccount, useSessionActor } from '@/entities/session';
import { tokenLifetimeMs, usePageTitle } from '@/shared/lib';
import { inspectOptions, useNotificationsActor, usePopupActor } from '@/shared/model';
import { Preloader } from '@/shared/ui';
import styles from './activate-page.module.css';

/**
 * /activate (spec 002 s2): the link in the activation e-mail (`action`, `user`, `code`). The code is
 * sent once; success signs the customer in (the session then lands, usually home) with a notice;
 * failure opens the error popup with the server's reasons and offers sign-in.
 */
export function ActivatePage({
  activate = activateAccount,
  link,
}: {
  /** The activation call; Storybook gives a fake. */
  activate?: (request: ActivationRequest) => Promise<ActivationTokens>;
  /** The link's parameters when not read from the address (Storybook). */
  link?: ActivationRequest | null;
}) {
  const { t } = useLingui();
  usePageTitle(t`Account activation`);
  const fromAddress = activationFromSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const request = link === undefined ? fromAddress : link;
  return (
    <section className={styles.page} aria-labelledby="activate-title">
      <h1 id="activate-title">{t`Account activation`}</h1>
      {request ? (
        <Activation request={request} activate={activate} />
      ) : (
        <p>
          {t`Open the activation link from the e-mail we sent you. Already activated?`} <Link to="/login">{t`Sign in`}</Link>
        </p>
      )}
    </section>
  );
}

function Activation({ request, activate }: { request: ActivationRequest; activate: (request: ActivationRequest) => Promise<ActivationTokens> }) {
  const { t, i18n } = useLingui();
  const session = useSessionActor();
  const notifications = useNotificationsActor();
  const popup = usePopupActor();
  const actor = useActorRef(
    activationMachine.provide({
      actors: { activate: fromPromise(({ input }) => activate(input)) },
      actions: {
        showFailure: (_, { error }) => {
          const request = errorPopupFor(error);
          if (request) popup.send({ type: 'SHOW', popup: request });
        },
        // The end of the flow hands the tokens to the session (as the login flow does).
        signIn: (_, { tokens, username }) => {
          notifications.send({ type: 'NOTIFY', notification: { id: 'activated', tone: 'success', title: i18n._(activationMessages.activated) } });
          session.send({ type: 'SIGNED_IN', username, tokens: { ...tokens, lifetimeMs: tokenLifetimeMs(tokens.accessToken) } });
        },
      },
    }),
    { input: request, ...inspectOptions() },
  );
  const failed = useSelector(actor, (s) => s.matches('failed'));
  if (!failed) return <Preloader label={t`Activating your account…`} />;
  return (
    <p role="alert">
      {t`Your account could not be activated.`} <Link to="/login">{t`Go to sign in`}</Link>
    </p>
  );
}
