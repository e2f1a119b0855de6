import { useLingui } from '@lingui/react/macro';
import { usePageTitle } from '@/shared/lib';
import { EmptyState } from '@/shared/ui';

/**
 * Where the start-page ordering can send a user, as plain pages that say what they are.
 * Each is filled by its own issue (company).
 */
function Placeholder({ title, message }: { title: string; message: string }) {
  usePageTitle(title);
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <EmptyState title={message} />
    </section>
  );
}

export function CompanyDocumentsPage() {
  const { t } = useLingui();
  return <Placeholder title={t`Company documents`} message={t`Your company's documents will appear here.`} />;
}
