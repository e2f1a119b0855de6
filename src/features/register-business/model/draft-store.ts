import { draftExpired, draftFromStored, type BusinessDraft } from '@machines/registration/registration-draft';
import { readStored, removeStored, storageKeys, writeStored } from '@/shared/config';

/**
 * Where the business registration draft lives (docs/decisions.md "Registration", docs/storage.md
 * `app.registrationDraft`): localStorage, so a reload, a closed tab or an expired session lose
 * nothing; read back only when saved with version 3.54 (002 s4) within the last 30 days
 * (`draftExpired`, issue 47: the save time rides along as `savedAt` and never reaches the draft).
 * Cleared by a successful registration, "Start over", logout and session expiry
 * (clearStoredSessionData), and when found expired.
 */
export function readBusinessDraft(now = Date.now()): BusinessDraft | null {
  const text = readStored(storageKeys.registrationDraft) ?? null;
  if (!text) return null;
  let stored: { savedAt?: unknown } & Record<string, unknown>;
  try {
    stored = JSON.parse(text) as { savedAt?: unknown } & Record<string, unknown>;
  } catch {
    clearBusinessDraft();
    return null;
  }
  const { savedAt, ...draft } = stored ?? {};
  if (draftExpired(savedAt, now)) {
    clearBusinessDraft();
    return null;
  }
  return draftFromStored(JSON.stringify(draft));
}

export const saveBusinessDraft = (draft: BusinessDraft, now = Date.now()): void => writeStored(storageKeys.registrationDraft, JSON.stringify({ ...draft, savedAt: now }));

export const clearBusinessDraft = (): void => removeStored(storageKeys.registrationDraft);
