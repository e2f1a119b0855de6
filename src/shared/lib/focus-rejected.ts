import { useEffect, useRef } from 'react';

/**
 * After a rejected submit (the form statechart bumps `attempts`), focus moves to the first invalid
 * field, else to the form's own alert, so keyboard and screen-reader users land on what to fix.
 * Returns the ref to put on the <form>.
 */
export function useFocusOnRejectedSubmit(attempts: number) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempts === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] button, [role="alert"]')?.focus();
  }, [attempts]);
  return form;
}
