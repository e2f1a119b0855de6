import { createRoute, redirect } from '@tanstack/react-router';
import { lazyRoute } from '../lazy-route';
import { mainLayout } from '../layouts';

/** Settings and security: the spec's /setting (000 s2, 001 s2). */
const settingRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'setting',
  component: lazyRoute(() => import(/* webpackChunkName: "page-setting" */ '@/pages/setting'), 'SettingPage'),
});

/** The app's earlier address of the devices, so old links and bookmarks keep working. */
const oldDevicesRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'settings/devices',
  beforeLoad: () => {
    throw redirect({ to: '/setting', replace: true });
  },
});

export const settingsRoutes = { main: [settingRoute, oldDevicesRoute] } as const;
