import { createContext, useContext, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRouterState } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import { navigationMenuMachine } from '@machines/app/navigation-menu.machine';
import { useBreakpoint } from '@/shared/model';

type MenuActor = ActorRefFrom<typeof navigationMenuMachine>;
interface MenuContextValue {
  actor: MenuActor;
  buttonRef: RefObject<HTMLButtonElement | null>;
}
const MenuContext = createContext<MenuContextValue | null>(null);

/** Below this breakpoint the navigation is a menu behind a button (spec 000 s9: tablet 768 px). */
export const NARROW = new Set(['small', 'mobile']);

/**
 * The small-screen menu's actor, shared by the header's menu button and the navigation panel.
 * Address changes and a window wide enough for the persistent navigation close it.
 */
export function NavigationMenuProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(navigationMenuMachine);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const wide = !NARROW.has(useBreakpoint());
  useEffect(() => actor.send({ type: 'NAVIGATED' }), [actor, pathname]);
  useEffect(() => {
    if (wide) actor.send({ type: 'WIDENED' });
  }, [actor, wide]);
  return <MenuContext.Provider value={{ actor, buttonRef }}>{children}</MenuContext.Provider>;
}

export function useNavigationMenu(): MenuContextValue {
  const value = useContext(MenuContext);
  if (!value) throw new Error('useNavigationMenu: no NavigationMenuProvider');
  return value;
}

export function useMenuOpen(): boolean {
  return useSelector(useNavigationMenu().actor, (s) => s.hasTag('open'));
}
