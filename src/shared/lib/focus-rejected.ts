import { useEffect, useRef } from 'react';

/**
 * After a rejected submit (the form statechart bumps `attempts`), focus moves to the first invalid
 * field, else to the form's own alert, so keyboard and screen-reader users land on what to fix.
 * Only a rejection while the form is on screen moves focus: a form that mounts after one (the
 * sign-in form when its shared flow comes back to it) keeps the page's focus. Returns the ref to
 * put on the <form>.
 */
export function useFocusOnRejectedSubmit(attempts: number) {
  const form = useRef<HTMLFormElement>(null);
  const handled = useRef(attempts);
  useEffect(() => {
    if (attempts === handled.current) return;
    handled.current = attempts;
    const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] button, [role="alert"]');
    // A group marked invalid (a radio group) is not focusable itself: its first control is.
    const focusable = target && target.tabIndex < 0 && !target.matches('[role="alert"]') ? (target.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled]), select, textarea') ?? target) : target;
    focusable?.focus();
  }, [attempts]);
  return form;
}
