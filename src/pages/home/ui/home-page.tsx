import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '@/shared/lib';

/** /home: the signed-in start page. Accounts and balances arrive with the accounts issue. */
export function HomePage() {
  const { t } = useLingui();
  usePageTitle(t`Home`);
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">
        <Trans>Home</Trans>
      </h1>
      <p>
        <Trans>Your accounts will appear here.</Trans>
      </p>
    </section>
  );
}
