import { createContext, useContext, useEffect } from 'react';

/**
 * Given only while the build prerenders a public page (src/app/prerender): what the page would set
 * on the document, collected during the render, since effects do not run there.
 */
export interface Prerender {
  setTitle: (title: string) => void;
}
export const PrerenderContext = createContext<Prerender | null>(null);

/**
 * True in the build's prerendered HTML: the page is drawn before its code has arrived, so what
 * only the code can do (send the form) waits for it.
 */
export const useIsPrerendered = (): boolean => useContext(PrerenderContext) !== null;

/**
 * Sets the document title for a page (WCAG 2.4.2). Not flow state: a pure reflection of
 * what is rendered, so an effect is the right tool here.
 */
export function usePageTitle(title: string, suffix?: string): void {
  const text = suffix ? `${title} · ${suffix}` : title;
  useContext(PrerenderContext)?.setTitle(text);
  useEffect(() => {
    document.title = text;
  }, [text]);
}
