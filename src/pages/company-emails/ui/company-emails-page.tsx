import type { ReactNode } from 'react';

/** /company-emails (issue 54): being built. */
export function CompanyEmailsPage({ notFound }: { notFound: ReactNode }) {
  return notFound;
}
