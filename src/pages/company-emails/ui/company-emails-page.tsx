import type { ReactNode } from 'react';
import { Navigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { mayManage } from '@machines/business/company-access.rules';
import { limitedToDocuments } from '@machines/company/company-file.rules';
import { isBusinessKind } from '@machines/shared/customer-kind';
import { useCompanyPeopleNews, useCompanyEditor } from '@/entities/company-person';
import { accessOf, customerOf, useSessionActor } from '@/entities/session';
import { CompanyEmailsView } from '@/features/manage-company-emails';

/** Who is looking at the company's e-mails. */
export interface EmailsViewer {
  /** The acting customer is a company (a personal customer, an admin: the 404 page, as /company). */
  isBusiness: boolean;
  /** A user without balance-info access reaches only the company's documents (002 s6). */
  documentsOnly: boolean;
  /** May add, confirm, delete and make primary (002 s5: a user with full access; the owner). */
  canManage: boolean;
}

/**
 * The viewer: a business customer (not an admin) from the session; whether they may change the
 * e-mails from their own access right for the company (useCompanyEditor: the user list's own row
 * and the access rights list), as the service decides it: only a user with full access.
 */
export function useEmailsViewer(): EmailsViewer {
  const session = useSessionActor();
  const customer = useSelector(session, customerOf);
  const balanceInfo = useSelector(session, (s) => accessOf(s)?.accessList?.balanceInfo ?? null);
  const isBusiness = Boolean(customer && !customer.isAdmin && isBusinessKind(customer.customerType));
  const documentsOnly = limitedToDocuments({ balanceInfo });
  const editor = useCompanyEditor(isBusiness && !documentsOnly);
  return { isBusiness, documentsOnly, canManage: isBusiness && editor !== null && mayManage(editor) };
}

/**
 * /company-emails (issue 54; spec 002 s2, s7 Company emails): the company's e-mails with their
 * state; a user with full access adds, confirms, deletes them and makes one the primary (through
 * the approval). A personal customer gets the 404 page; a user without balance-info access is sent
 * to /company-documents. The lists are read again when the company changes (realtime).
 */
export function CompanyEmailsPage({ notFound }: { notFound: ReactNode }) {
  const viewer = useEmailsViewer();
  useCompanyPeopleNews();
  if (!viewer.isBusiness) return notFound;
  if (viewer.documentsOnly) return <Navigate to="/company-documents" replace />;
  return <CompanyEmailsView canManage={viewer.canManage} />;
}

