import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { usePageTitle } from '@/shared/lib';
import { EmptyState } from '@/shared/ui';

/** A page home links to that is not in the app yet: it says so and leads back home. */
function Upcoming({ title }: { title: string }) {
  const { t } = useLingui();
  usePageTitle(title);
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <EmptyState title={t`This page is not available yet.`} message={t`Your accounts and balances are on the home page.`} action={<Link to="/home">{t`Back to home`}</Link>} />
    </section>
  );
}

export function TransfersUpcomingPage() {
  const { t } = useLingui();
  return <Upcoming title={t`Transfers`} />;
}
