import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormValues } from '@machines/shared/form.machine';

export interface SavedValues {
  /** The form's first values: what the service kept at the last save, until the file read again says otherwise. */
  values: FormValues;
  /** The form's key: a new form after each save (its statechart ended) and whenever the first values change. */
  key: string;
  /** A form has been saved here before (the new one takes the focus the old one had). */
  saved: boolean;
  /** The values the service kept, the form just saved. */
  keep: (values: FormValues) => void;
}

/**
 * A form of the company file that starts again after each save: the form statechart ends with a
 * successful submit, so a new one starts from what was saved (keyed, the old one unmounted). The
 * saved values stand until the company's file, read again, says something else than it said when
 * they were saved (someone else's change, or the same values kept).
 */
export function useSavedValues(current: FormValues): SavedValues {
  const currentKey = JSON.stringify(current);
  const [saved, setSaved] = useState<{ values: FormValues; over: string; round: number } | null>(null);
  // What the file says now, for a save that ends later (the statechart's action is the first render's).
  const latest = useRef(currentKey);
  useEffect(() => {
    latest.current = currentKey;
  }, [currentKey]);
  const keep = useCallback((values: FormValues) => setSaved((before) => ({ values, over: latest.current, round: (before?.round ?? 0) + 1 })), []);
  const values = saved && saved.over === currentKey ? saved.values : current;
  const round = saved?.round ?? 0;
  return { values, key: `${round}:${JSON.stringify(values)}`, saved: round > 0, keep };
}
