import { draftFromStored, type BusinessDraft } from '@machines/registration/registration-draft';
import { readStored, removeStored, storageKeys, writeStored } from '@/shared/config';

/**
 * Where the business registration draft lives (docs/decisions.md "Registration", docs/storage.md
 * `app.registrationDraft`): localStorage, so a reload, a closed tab or an expired session lose
 * nothing; read back only when saved with version 3.54 (002 s4). Cleared by a successful
 * registration, "Start over", logout and session expiry (clearStoredSessionData).
 */
export const readBusinessDraft = (): BusinessDraft | null => draftFromStored(readStored(storageKeys.registrationDraft) ?? null);

export const saveBusinessDraft = (draft: BusinessDraft): void => writeStored(storageKeys.registrationDraft, JSON.stringify(draft));

export const clearBusinessDraft = (): void => removeStored(storageKeys.registrationDraft);
