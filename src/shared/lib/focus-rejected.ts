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
    focusableProblem(form.current, '[aria-invalid="true"], [data-invalid] button, [role="alert"]')?.focus();
  }, [attempts]);
  return form;
}

/** The first element of `form` matching `selector`; a group marked invalid (a radio group) is not focusable itself: its first control is. */
export function focusableProblem(form: HTMLFormElement | null, selector: string): HTMLElement | null {
  const target = form?.querySelector<HTMLElement>(selector) ?? null;
  return target && target.tabIndex < 0 && !target.matches('[role="alert"]') ? (target.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled]), select, textarea') ?? target) : target;
}

/**
 * For forms whose submit is refused synchronously: once the errors are drawn (the next frame), the
 * first invalid field of this very form gets the focus. A form that has left the screen meanwhile
 * (a slow frame, the user already moved on to another form) moves nothing.
 */
export function focusFirstInvalidSoon(form: HTMLFormElement, selector = '[aria-invalid="true"]'): void {
  requestAnimationFrame(() => {
    if (form.isConnected) focusableProblem(form, selector)?.focus();
  });
}
