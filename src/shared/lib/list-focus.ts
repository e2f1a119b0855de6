import { useEffect, useRef } from 'react';

/**
 * Focus for a list the user adds rows to and removes rows from (WCAG 2.4.3): after an add, to
 * the new (last) row's first control (`firstControl`, a selector inside the list); after a
 * removal (its button is gone), to the list's heading. Call `added()`/`removed()` just before
 * sending the change; the effect runs when the length changes.
 */
export function useListFocus(length: number, firstControl: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const moved = useRef<'added' | 'removed' | null>(null);
  useEffect(() => {
    if (moved.current === 'added') list.current?.querySelector<HTMLElement>(firstControl)?.focus();
    if (moved.current === 'removed') heading.current?.focus();
    moved.current = null;
  }, [length, firstControl]);
  return {
    heading,
    list,
    added: () => void (moved.current = 'added'),
    removed: () => void (moved.current = 'removed'),
  };
}
