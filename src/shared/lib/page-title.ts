import { useEffect } from 'react';

/**
 * Sets the document title for a page (WCAG 2.4.2). Not flow state: a pure reflection of
 * what is rendered, so an effect is the right tool here.
 */
export function usePageTitle(title: string, suffix?: string): void {
  useEffect(() => {
    document.title = suffix ? `${title} · ${suffix}` : title;
  }, [title, suffix]);
}
