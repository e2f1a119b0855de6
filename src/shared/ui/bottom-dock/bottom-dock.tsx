import { useEffect, useRef, type ReactNode } from 'react';
import styles from './bottom-dock.module.css';

/**
 * The notices held at the bottom of every page (the analytics consent banner, the offer to reload:
 * issue 61), stacked so they never cover each other. Its height is the page's bottom scroll padding
 * (`--bottom-dock-height`, styles/global.css), so what has the focus is scrolled clear of it (WCAG
 * 2.4.11) and the end of the page can still be reached. Empty, it takes no room.
 */
export function BottomDock({ children }: { children: ReactNode }) {
  const dock = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = dock.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--bottom-dock-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--bottom-dock-height');
    };
  }, []);
  return (
    <div ref={dock} className={styles.dock}>
      {children}
    </div>
  );
}
