import type { ReactNode } from 'react';

/** /company-access (issue 54): being built. */
export function CompanyAccessPage({ notFound }: { notFound: ReactNode }) {
  return notFound;
}
