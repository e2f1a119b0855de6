export { AppStartContext, useAppStartActor } from './app-start';
export type { AppStartActor } from './app-start';
export { BrandProvider, useBrand, applyBrandTheme } from './brand';
export { createAppActor, inspectorEnabled, inspectOptions, setUpInspector } from './create-actor';
export { NotificationsContext, useNotificationsActor } from './notifications';
export type { NotificationsActor } from './notifications';
export { SessionContext, useSessionActor } from './session';
export type { SessionActor } from './session';
