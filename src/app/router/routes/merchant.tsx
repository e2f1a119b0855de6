import { createRoute, redirect } from '@tanstack/react-router';
import { lazyRoute } from '../lazy-route';
import { textSearch } from '../search';
import { mainLayout } from '../layouts';
import { merchantPageGuard } from '../guards';

const MerchantPage = lazyRoute(() => import(/* webpackChunkName: "page-merchant" */ '@/pages/merchant'), 'MerchantPage');

/** /merchant/ (001 s2; issue 55): redirects to security/verification (the guard of that page then applies). */
const merchantRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'merchant',
  beforeLoad: () => {
    throw redirect({ to: '/merchant/$', params: { _splat: 'security/verification' }, replace: true });
  },
});

/** /merchant/<child> (001 s2): the twelve children; any other is the 404 page; the guard decides who sees which. */
const merchantChildRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'merchant/$',
  // The pages' filters as strings (the identity history's, the API log's, the webhook log's); each
  // page cleans them with its rules, in its own chunk: nothing of the merchant area weighs on the entry.
  validateSearch: (search: Record<string, unknown>): Record<string, string> => textSearch(search, ['status', 'email', 'fromDate', 'toDate', 'apiKeyId', 'query']),
  beforeLoad: ({ context, params }) => merchantPageGuard({ context, page: params._splat ?? '' }),
  component: function MerchantChildRoute() {
    const { _splat: page } = merchantChildRoute.useParams();
    const search = merchantChildRoute.useSearch();
    const navigate = merchantChildRoute.useNavigate();
    return <MerchantPage page={page ?? ''} search={search} onSearch={(next) => void navigate({ search: textSearch(next, Object.keys(next)) })} />;
  },
});

export const merchantRoutes = { main: [merchantRoute, merchantChildRoute] };
