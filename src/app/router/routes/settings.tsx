import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayout } from '../layouts';

/** Settings and security (spec 000 s2 "settings (devices, …)"). */
const settingsDevicesRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'settings/devices',
  component: lazyRouteComponent(() => import(/* webpackChunkName: "page-settings-devices" */ '@/pages/settings-devices'), 'SettingsDevicesPage'),
});

export const settingsRoutes = { main: [settingsDevicesRoute] } as const;
