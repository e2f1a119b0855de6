import { createRoute } from '@tanstack/react-router';
import { lazyRoute } from '../lazy-route';
import { textSearch } from '../search';
import { mainLayout } from '../layouts';
import { contractsGuard } from '../guards';

const ContractListPage = lazyRoute(() => import(/* webpackChunkName: "page-revenue-split" */ '@/pages/revenue-split'), 'RevenueSplitPage');
const NewContractPage = lazyRoute(() => import(/* webpackChunkName: "page-revenue-split-new" */ '@/pages/revenue-split-new'), 'RevenueSplitNewPage');
const ContractPage = lazyRoute(() => import(/* webpackChunkName: "page-revenue-split-contract" */ '@/pages/revenue-split-contract'), 'RevenueSplitContractPage');

/** The list's address as strings (the tab, the names, the order); the page cleans them with the rules, in its own chunk. */
const SEARCH_KEYS = ['tab', 'companyName', 'counterpartyName', 'orderBy', 'orderDir'] as const;

/** /revenue-split (000 s2; issue 58): the contracts, brand 1 only (contractsGuard). */
const contractListRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'revenue-split',
  validateSearch: (search: Record<string, unknown>): Record<string, string> => textSearch(search, SEARCH_KEYS),
  beforeLoad: ({ context }) => contractsGuard({ context }),
  component: function ContractListRoute() {
    const search = contractListRoute.useSearch();
    const navigate = contractListRoute.useNavigate();
    return <ContractListPage search={search} onSearch={(next) => void navigate({ search: textSearch(next, SEARCH_KEYS) })} />;
  },
});

/** /revenue-split/new (issue 59): a new contract, for users with full merchant access. */
const newContractRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'revenue-split/new',
  beforeLoad: ({ context }) => contractsGuard({ context, act: true }),
  component: NewContractPage,
});

/** /revenue-split/{contractId} (000 s2): one contract; an id that is not one is the service's 404, said on the page. */
const contractRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'revenue-split/$contractId',
  beforeLoad: ({ context }) => contractsGuard({ context }),
  component: function ContractRoute() {
    const { contractId } = contractRoute.useParams();
    return <ContractPage contractId={contractId} />;
  },
});

export const contractRoutes = { main: [contractListRoute, newContractRoute, contractRoute] };
