import { createRoute } from '@tanstack/react-router';
import { lazyRoute } from '../lazy-route';
import { mainLayout } from '../layouts';

/** Settings and security (spec 000 s2 "settings (devices, …)"). */
const settingsDevicesRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'settings/devices',
  component: lazyRoute(() => import(/* webpackChunkName: "page-settings-devices" */ '@/pages/settings-devices'), 'SettingsDevicesPage'),
});

export const settingsRoutes = { main: [settingsDevicesRoute] } as const;
