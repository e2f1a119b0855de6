export { AppStartContext, useAppStartActor } from './app-start';
export type { AppStartActor } from './app-start';
export { BrandProvider, useBrand, applyBrandTheme } from './brand';
export { createAppActor, inspectorEnabled, setUpInspector } from './create-actor';
export { NotificationsContext, useNotificationsActor } from './notifications';
export type { NotificationsActor } from './notifications';
