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
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] button, [role="alert"]')?.focus();
  }, [attempts]);
  return form;
}
