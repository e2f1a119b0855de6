import { onDemand } from '@/shared/lib';

const banner = onDemand(() => import(/* webpackChunkName: "update-banner" */ './update-banner').then((m) => m.UpdateBanner));

/**
 * The update check (issue 61) on every page of a built app (one that knows its build id): its code
 * comes when the browser is idle after the first paint, then it checks every 60 s.
 */
export function UpdateCheck({ build = import.meta.env.APP_BUILD_ID }: { build?: string | undefined }) {
  banner.usePreloadWhenIdle();
  const Banner = banner.useLoaded();
  return build && Banner ? <Banner current={build} /> : null;
}
