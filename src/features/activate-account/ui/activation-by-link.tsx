import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { activationMachine, activationMessages, type ActivationRequest, type ActivationTokens } from '@machines/auth/activation.machine';
import { errorPopupFor } from '@/shared/api';
import { isSignedIn, signOutStaying, useSessionActor } from '@/entities/session';
import { tokenLifetimeMs } from '@/shared/lib';
import { inspectOptions, useNotificationsActor, usePopupActor } from '@/shared/model';
import { Button, Preloader } from '@/shared/ui';
import styles from './activation.module.css';

/** Storybook's stand-ins for the session: who is signed in, and the sign-out. */
export interface SessionStandIn {
  /** The signed-in user's login ('' when unknown), or null when nobody is signed in. */
  signedInAs?: string | null;
  signOut?: () => Promise<void>;
}

/**
 * The activation link (spec 002 s2: `action`, `user`, `code`): "Activate <user>?" first (issue 47:
 * a link never activates unasked), then the code is sent once; success signs the customer in with a notice; failure opens the error popup with the server's reasons and offers
 * sign-in. Opened while signed in, the link is not used: it says so and offers to sign out and
 * activate, or says the signed-in account is already active (the activation statechart's tags).
 */
export function ActivationByLink({
  request,
  activate,
  signedInAs: givenSignedInAs,
  signOut,
}: { request: ActivationRequest; activate: (request: ActivationRequest) => Promise<ActivationTokens> } & SessionStandIn) {
  const { t, i18n } = useLingui();
  const session = useSessionActor();
  const notifications = useNotificationsActor();
  const popup = usePopupActor();
  // Who is signed in when the link opens (read once: the statechart decides from it).
  const sessionUser = useSelector(session, (s) => (isSignedIn(s) ? (s.context.username ?? '') : null));
  const actor = useActorRef(
    activationMachine.provide({
      actors: {
        activate: fromPromise(({ input }) => activate(input)),
        signOut: fromPromise(() => (signOut ? signOut() : signOutStaying(session))),
      },
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
    { input: { ...request, signedInAs: givenSignedInAs === undefined ? sessionUser : givenSignedInAs }, ...inspectOptions() },
  );
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const asking = useSelector(actor, (s) => s.hasTag('asking'));
  const otherAccount = useSelector(actor, (s) => s.hasTag('signedInAsOther'));
  const signingOut = useSelector(actor, (s) => s.hasTag('signingOut'));
  const alreadyActive = useSelector(actor, (s) => s.hasTag('alreadyActive'));
  const signedInAs = useSelector(actor, (s) => s.context.signedInAs);
  const user = request.user;
  if (alreadyActive) {
    return (
      <p>
        {t`The account ${user} is already active, and you are signed in with it.`} <Link to="/home">{t`Go to the start page`}</Link>
      </p>
    );
  }
  if (otherAccount) {
    return (
      <div className={styles.notice}>
        <p>
          {signedInAs
            ? t`You are signed in as ${signedInAs}. This activation link is for ${user} and has not been used.`
            : t`You are signed in with another account. This activation link is for ${user} and has not been used.`}
        </p>
        <div className={styles.actions}>
          <Button isPending={signingOut} onPress={() => actor.send({ type: 'SIGN_OUT' })}>
            {t`Sign out and activate`}
          </Button>
          <Link to="/home">{t`Go to the start page`}</Link>
        </div>
      </div>
    );
  }
  if (asking) {
    return (
      <div className={styles.notice}>
        <h2 tabIndex={-1}>{t`Activate the account ${user}?`}</h2>
        <p>{t`This link activates the account ${user} and signs you in with it. Continue only if you signed up with this e-mail.`}</p>
        <div className={styles.actions}>
          <Button onPress={() => actor.send({ type: 'ACTIVATE' })} autoFocus>
            {t`Activate`}
          </Button>
          <Link to="/login">{t`Not now`}</Link>
        </div>
      </div>
    );
  }
  if (!failed) return <Preloader label={t`Activating your account…`} />;
  return (
    <p role="alert">
      {t`Your account could not be activated.`} <Link to="/login">{t`Go to sign in`}</Link>
    </p>
  );
}
