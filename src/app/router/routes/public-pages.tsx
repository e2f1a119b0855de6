import { createRoute } from '@tanstack/react-router';
import { lazyRoute } from '../lazy-route';
import { representativeSearch, requireRepresentativeSecret } from '../guards';
import type { RouterContext } from '../context';
import { publicLayout } from '../layouts';

/** Public brand pages (spec 000 s2): the terms of service and getting the mobile app. */
const termsRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'legal/$document',
  component: lazyRoute(() => import(/* webpackChunkName: "page-legal" */ '@/pages/legal'), 'TermsPage'),
});

const scpMobileRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'scp-mobile',
  component: lazyRoute(() => import(/* webpackChunkName: "page-scp-mobile" */ '@/pages/scp-mobile'), 'ScpMobilePage'),
});

/** /receive/{id} (000 s2): a global payment's recipient chooses how to receive it; public, the link is the key. */
const receiveRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'receive/$id',
  component: function ReceiveRoute() {
    const { id } = receiveRoute.useParams();
    return <ReceivePage id={id} />;
  },
});
const ReceivePage = lazyRoute(() => import(/* webpackChunkName: "page-receive" */ '@/pages/receive'), 'ReceivePage');

/**
 * /identity-verification/{workflowRunId}/{token} and /video-identity-job/{id} (002 s2):
 * where the identity provider sends the browser back. Public: signed in (after a reload the
 * session settles first) the page asks for the result; otherwise it asks nothing. The token stays
 * in the address only.
 */
const signedInLoader = async ({ context }: { context: RouterContext }) => ({ signedIn: await context.session.settled() });

const identityVerificationRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'identity-verification/$workflowRunId/$token',
  loader: signedInLoader,
  component: function IdentityVerificationRoute() {
    const { workflowRunId, token } = identityVerificationRoute.useParams();
    const { signedIn } = identityVerificationRoute.useLoaderData();
    return <IdentityVerificationResultPage workflowRunId={workflowRunId} token={token} signedIn={signedIn} />;
  },
});
const IdentityVerificationResultPage = lazyRoute(() => import(/* webpackChunkName: "page-identity-verification" */ '@/pages/identity-verification'), 'IdentityVerificationResultPage');

const videoIdentityJobRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'video-identity-job/$id',
  loader: signedInLoader,
  component: function VideoIdentityJobRoute() {
    const { id } = videoIdentityJobRoute.useParams();
    const { signedIn } = videoIdentityJobRoute.useLoaderData();
    return <VideoIdentityJobPage id={id} signedIn={signedIn} />;
  },
});
const VideoIdentityJobPage = lazyRoute(() => import(/* webpackChunkName: "page-identity-verification" */ '@/pages/identity-verification'), 'VideoIdentityJobPage');

/** /self-certification-representative (002 s2): a company representative's own tax self-certification through their link. */
const representativeCertificationRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'self-certification-representative',
  validateSearch: representativeSearch,
  beforeLoad: requireRepresentativeSecret,
  component: lazyRoute(() => import(/* webpackChunkName: "page-self-certification" */ '@/pages/self-certification'), 'RepresentativeCertificationPage'),
});

export const publicPageRoutes = { public: [termsRoute, scpMobileRoute, receiveRoute, identityVerificationRoute, videoIdentityJobRoute, representativeCertificationRoute] } as const;
