import { createRoute, redirect } from '@tanstack/react-router';
import { readLoginHistorySearch } from '@machines/settings/login-history.rules';
import { lazyRoute } from '../lazy-route';
import { mainLayout } from '../layouts';

/** Settings and security: the spec's /setting (000 s2, 001 s2). */
const settingRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'setting',
  component: lazyRoute(() => import(/* webpackChunkName: "page-setting" */ '@/pages/setting'), 'SettingPage'),
});

/**
 * /login-history (001 s2, s7): the dates and the page are the address, read strictly on the way in
 * (a date that is not a day, a range out of order, a page below 2 are dropped), so a view can be
 * bookmarked.
 */
const loginHistoryRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'login-history',
  validateSearch: readLoginHistorySearch,
  component: lazyRoute(() => import(/* webpackChunkName: "page-login-history" */ '@/pages/login-history'), 'LoginHistoryPage'),
});

/**
 * /legal (001 s2, s7): the brand's terms and privacy policy and the agreements the customer
 * accepted, each downloadable. Signed in; the public /legal/{document} (public-pages.tsx) is another route.
 */
const legalInfoRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'legal',
  component: lazyRoute(() => import(/* webpackChunkName: "page-legal-info" */ '@/pages/legal-info'), 'LegalInfoPage'),
});

/** /payout-blacklist (001 s2, s7; issue 50): the e-mails payouts may not go to, added and removed there. */
const payoutBlacklistRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'payout-blacklist',
  component: lazyRoute(() => import(/* webpackChunkName: "page-payout-blacklist" */ '@/pages/payout-blacklist'), 'PayoutBlacklistPage'),
});

/**
 * /profile/notifications (001 s2, s7; issue 50): the notification settings. Its own page beside
 * /profile (verification.tsx), not a child of it: /profile renders no outlet.
 */
const notificationSettingsRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'profile/notifications',
  component: lazyRoute(() => import(/* webpackChunkName: "page-notification-settings" */ '@/pages/notification-settings'), 'NotificationSettingsPage'),
});

/** The app's earlier address of the devices, so old links and bookmarks keep working. */
const oldDevicesRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'settings/devices',
  beforeLoad: () => {
    throw redirect({ to: '/setting', replace: true });
  },
});

export const settingsRoutes = { main: [settingRoute, loginHistoryRoute, legalInfoRoute, payoutBlacklistRoute, notificationSettingsRoute, oldDevicesRoute] } as const;
