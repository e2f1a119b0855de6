import { createRoute, notFound } from '@tanstack/react-router';
import { sectionOfPath } from '@machines/company/company-file.rules';
import { NotFoundPage } from '@/pages/not-found';
import { lazyRoute } from '../lazy-route';
import { mainLayout } from '../layouts';

const CompanyPage = lazyRoute(() => import(/* webpackChunkName: "page-company" */ '@/pages/company'), 'CompanyPage');

/** /company (002 s2; issue 53): the company's file; its default screen is the documents. */
const companyRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'company',
  component: function CompanyRoute() {
    return <CompanyPage section="documents" notFound={<NotFoundPage />} />;
  },
});

/** /company/{path}: a section by name (documents, information, financial-details, declarations, source-of-wealth); any other name is the 404 page. */
const companySectionRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'company/$section',
  beforeLoad: ({ params }) => {
    if (!sectionOfPath(params.section)) throw notFound();
  },
  component: function CompanySectionRoute() {
    const { section } = companySectionRoute.useParams();
    return <CompanyPage section={sectionOfPath(section) ?? 'documents'} notFound={<NotFoundPage />} />;
  },
});

const CompanyAccessPage = lazyRoute(() => import(/* webpackChunkName: "page-company-access" */ '@/pages/company-access'), 'CompanyAccessPage');
const CompanyEmailsPage = lazyRoute(() => import(/* webpackChunkName: "page-company-emails" */ '@/pages/company-emails'), 'CompanyEmailsPage');

/** /company-access (002 s2; issue 54): the company's users, their access rights and the changes waiting for approval. */
const companyAccessRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'company-access',
  component: function CompanyAccessRoute() {
    return <CompanyAccessPage notFound={<NotFoundPage />} />;
  },
});

/** /company-emails (002 s2; issue 54): the company's e-mails. */
const companyEmailsRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'company-emails',
  component: function CompanyEmailsRoute() {
    return <CompanyEmailsPage notFound={<NotFoundPage />} />;
  },
});

export const companyRoutes = { main: [companyRoute, companySectionRoute, companyAccessRoute, companyEmailsRoute] };
