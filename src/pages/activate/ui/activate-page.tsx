import { useLingui } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { activationFromState } from '@machines/auth/activation.logic';
import type { ActivationRequest, ActivationTokens } from '@machines/auth/activation.machine';
import { activateAccount } from '@/entities/session';
import { ActivationByCode, ActivationByLink, type SessionStandIn } from '@/features/activate-account';
import { usePageTitle } from '@/shared/lib';
import styles from './activate-page.module.css';

/**
 * /activate (spec 002 s2): the link in the activation e-mail (`action`, `user`, `code`). The code is
 * sent once; success signs the customer in (the session then lands, usually home) with a notice;
 * failure opens the error popup with the server's reasons and offers sign-in. Opened while signed
 * in, the link is not used: the page says so and offers to sign out and activate, or says the
 * signed-in account is already active (the activation statechart's tags).
 */
export function ActivatePage({
  activate = activateAccount,
  link,
  typed,
  signedInAs,
  signOut,
}: {
  /** The activation call; Storybook gives a fake. */
  activate?: (request: ActivationRequest) => Promise<ActivationTokens>;
  /** The link's parameters when not read from the address (Storybook). */
  link?: ActivationRequest | null;
  /** The typed form's calls (Storybook gives fakes). */
  typed?: React.ComponentProps<typeof ActivationByCode>;
} & SessionStandIn) {
  const { t } = useLingui();
  usePageTitle(t`Account activation`);
  // The link's parameters, moved out of the address into this history entry (issue 47).
  const fromLink = activationFromState(useRouterState({ select: (s) => s.location.state.activationLink }));
  const request = link === undefined ? fromLink : link;
  return (
    <section className={styles.page} aria-labelledby="activate-title">
      <h1 id="activate-title">{t`Account activation`}</h1>
      {request ? (
        <ActivationByLink request={request} activate={activate} signedInAs={signedInAs} signOut={signOut} />
      ) : (
        <ActivationByCode {...(typed ?? {})} />
      )}
    </section>
  );
}
