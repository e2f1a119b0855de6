export { AppNavigation, NavigationMenuButton } from './ui/app-navigation';
export { NavigationMenuProvider } from './model/navigation-menu';
export { NAV_AREAS } from './model/areas';
export type { NavArea } from './model/areas';
