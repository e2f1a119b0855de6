import { useLingui } from '@lingui/react/macro';
import { usePageTitle } from '@/shared/lib';
import { Announcements } from '@/widgets/announcements';

/** /news (spec 001 s2): every announcement; opening one marks it read, choices are answered there. */
export function NewsPage() {
  const { t } = useLingui();
  usePageTitle(t`News`);
  return <Announcements headingLevel={1} />;
}
