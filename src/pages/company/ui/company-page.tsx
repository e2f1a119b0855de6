import type { ReactNode } from 'react';
import { Link, Navigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { declarationsShown, mayChangeFile, sectionAccess, visibleSections, type CompanyFileViewer, type CompanySection } from '@machines/company/company-file.rules';
import { isBusinessKind } from '@machines/shared/customer-kind';
import { businessInfoQuery, useCompanyFileNews, type Business } from '@/entities/company-file';
import { useCompanyEditor } from '@/entities/company-person';
import { mayManage } from '@machines/business/company-access.rules';
import { accessOf, customerOf, useSessionActor } from '@/entities/session';
import { DueDiligenceForm, FinancialDetailsForm } from '@/features/company-financial-details';
import { RepresentativeAddressForm, RepresentativeSection } from '@/features/representative-address';
import { RepresentativesSection } from '@/features/company-representatives';
import { DeclarationCard } from '@/features/sign-declaration';
import { localToday, usePageTitle } from '@/shared/lib';
import { useBrand } from '@/shared/model';
import { QueryState, type QueryLike } from '@/shared/ui';
import { SECTION_TEXTS } from './company-texts';
import { DocumentsSection } from './documents-section';
import { InformationSection } from './information-section';
import { SourceOfWealthSection } from './source-of-wealth-section';
import styles from './company-page.module.css';

/**
 * Who is looking at the company's file (issue 53): the customer kind and the acting customer's
 * balance-info access from the session, the brand's switches. The owner's access info lists no
 * balanceInfo: null (everything).
 */
export function useCompanyViewer(): CompanyFileViewer & { countryCode: string | null } {
  const session = useSessionActor();
  const customer = useSelector(session, customerOf);
  const balanceInfo = useSelector(session, (s) => accessOf(s)?.accessList?.balanceInfo ?? null);
  const { config } = useBrand();
  return {
    isBusiness: Boolean(customer && !customer.isAdmin && isBusinessKind(customer.customerType)),
    balanceInfo,
    adultOptions: config.features.adultOptions,
    sourceOfWealth: config.features.sourceOfWealth,
    countryCode: customer?.residenceCountryCode ?? null,
  };
}

/**
 * /company and /company/{path} (002 s2): the file's sections, the one the address names (an unknown
 * name is the 404 page before this page loads). A user without balance-info access is sent to
 * /company-documents; a section this customer or brand does not have (a personal customer, the
 * source of wealth where the brand has it off) is the 404 page the route gives.
 */
export function CompanyPage({ section, notFound }: { section: CompanySection; notFound: ReactNode }) {
  const viewer = useCompanyViewer();
  useCompanyFileNews();
  const query = useQuery({ ...businessInfoQuery(), enabled: viewer.isBusiness });
  const access = sectionAccess(section, viewer);
  if (access === 'notFound') return notFound;
  if (access === 'documentsOnly') return <Navigate to="/company-documents" replace />;
  return <CompanyView section={section} viewer={viewer} query={query} today={localToday()} />;
}

/** /company-documents (002 s2 restricted layout, s6): the documents section alone, the one page of a user without balance-info access; a personal customer gets the 404 page. */
export function CompanyDocumentsPage({ notFound }: { notFound: ReactNode }) {
  const viewer = useCompanyViewer();
  useCompanyFileNews();
  const query = useQuery({ ...businessInfoQuery(), enabled: viewer.isBusiness });
  if (sectionAccess('documents', viewer) === 'notFound') return notFound;
  return <CompanyView section="documents" viewer={viewer} query={query} today={localToday()} documentsOnly />;
}

export type BusinessQuery = QueryLike & { data?: Business | undefined };

export interface CompanyViewProps {
  section: CompanySection;
  viewer: CompanyFileViewer & { countryCode: string | null };
  query: BusinessQuery;
  /** The customer's day (YYYY-MM-DD): a source-of-wealth document's standing. */
  today: string;
  /** /company-documents: no section menu. */
  documentsOnly?: boolean;
}

export function CompanyView({ section, viewer, query, today, documentsOnly = false }: CompanyViewProps) {
  const { t, i18n } = useLingui();
  const title = documentsOnly ? t`Company documents` : i18n._(SECTION_TEXTS[section]);
  usePageTitle(title);
  const business = query.data;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title} id="page-title">
          {title}
        </h1>
        {business ? <p className={styles.company}>{business.name}</p> : null}
      </header>
      {documentsOnly ? null : (
        <nav aria-label={t`Company`} className={styles.menu}>
          <ul>
            {visibleSections(viewer).map((item) => (
              <li key={item}>
                <Link to="/company/$section" params={{ section: item }} aria-current={item === section ? 'page' : undefined} className={styles.menuLink}>
                  {i18n._(SECTION_TEXTS[item])}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/company-access" className={styles.menuLink}>
                {t`Users and access`}
              </Link>
            </li>
            <li>
              <Link to="/company-emails" className={styles.menuLink}>
                {t`Company e-mails`}
              </Link>
            </li>
          </ul>
        </nav>
      )}
      <QueryState query={query} title={t`The company's file could not be loaded`} />
      {business ? <Section section={section} business={business} viewer={viewer} today={today} /> : null}
    </div>
  );
}

/**
 * The representatives, changed by a user with full access for the company (the access right 2, as
 * the service decides: useCompanyEditor), read by everyone else. Another representative's address
 * is the address feature's dialog, handed in (features do not import each other).
 */
function Representatives() {
  const editor = useCompanyEditor();
  const manage = editor !== null && mayManage(editor);
  return <RepresentativesSection canManage={manage} deleteMode={manage ? 'delete' : null} addressDialog={RepresentativeAddressForm} />;
}

function Section({ section, business, viewer, today }: { section: CompanySection; business: Business; viewer: CompanyViewProps['viewer']; today: string }) {
  const canChange = mayChangeFile(viewer);
  switch (section) {
    case 'documents':
      return <DocumentsSection business={business} countryCode={viewer.countryCode} />;
    case 'information':
      return (
        <div className={styles.sections}>
          <InformationSection business={business} />
          <RepresentativeSection />
        </div>
      );
    case 'representatives':
      return <Representatives />;
    case 'financial-details':
      return (
        <div className={styles.sections}>
          <FinancialDetailsForm business={business} canChange={canChange} />
          <DueDiligenceForm business={business} canChange={canChange} />
        </div>
      );
    case 'declarations':
      return (
        <div className={styles.sections}>
          {declarationsShown(viewer.adultOptions).map((kind) => (
            <DeclarationCard key={kind} kind={kind} canChange={canChange} />
          ))}
        </div>
      );
    case 'source-of-wealth':
      return <SourceOfWealthSection business={business} countryCode={viewer.countryCode} today={today} />;
  }
}
