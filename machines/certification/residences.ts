import { formMessages, type FormErrors } from '../shared/form.machine';
import type { UiMessage } from '../shared/ui-message';
import type { TaxIdRow } from './tax.rules';

/** The tax residence lists of the certifications (personal, business, controlling persons): one place for their edits. */

export const emptyResidence = (countryCode = ''): TaxIdRow => ({ countryCode, taxId: '', tinMissingReason: null, tinMissingExplanation: '' });

/** A residence's field changed; another country allows other reasons, so the reason and its explanation are chosen again. */
export function changeResidence(rows: readonly TaxIdRow[], index: number, field: keyof TaxIdRow, value: string): TaxIdRow[] {
  return rows.map((row, i) => {
    if (i !== index) return row;
    const next = { ...row, [field]: value };
    return field === 'countryCode' && value !== row.countryCode ? { ...next, tinMissingReason: null, tinMissingExplanation: '' } : next;
  });
}

/** Whether the residence at `index` may be removed (one always stays). */
export const canRemoveResidence = (rows: readonly TaxIdRow[], index: number): boolean => rows.length > 1 && index >= 0 && index < rows.length;

/** The service's errors without those under a prefix (`taxIds`, `taxIds[1]`, `controllingPersons[0]`…). */
export const dropErrorsUnder = <T>(errors: Readonly<Record<string, T>>, prefix: string): Record<string, T> => Object.fromEntries(Object.entries(errors).filter(([param]) => !param.startsWith(prefix)));

/** A refused certification: the service's field errors by param, else its message (or the generic one), one more attempt (focus moves to the first error). */
export function refusalOf(attempts: number, error: unknown): { serverErrors: FormErrors; failure: UiMessage | null; attempts: number } {
  const failure = (error instanceof Error || !error ? {} : error) as { fields?: FormErrors; message?: UiMessage };
  return {
    serverErrors: failure.fields ?? {},
    failure: failure.message ?? (failure.fields ? null : { descriptor: formMessages.unexpected }),
    attempts: attempts + 1,
  };
}
