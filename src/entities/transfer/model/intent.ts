import * as v from 'valibot';
import { readStored, removeStored, storageKeys, writeStored } from '@/shared/config';

/**
 * A transfer being sent, kept in the tab (docs/storage.md `app.transferIntents`): the form's values
 * and the intent's requestId, from the submit until the transfer ends. After a reload the form
 * comes back with both, so sending it again is the same intent and the service answers it once.
 */
export type TransferKind = 'own' | 'p2p' | 'external';

export interface TransferIntent {
  values: Record<string, string>;
  requestId: string;
  savedAt: number;
}

const MAX_AGE_MS = 24 * 60 * 60 * 1000;

const Intent = v.object({ values: v.record(v.string(), v.string()), requestId: v.pipe(v.string(), v.minLength(8), v.maxLength(64)), savedAt: v.number() });
const Intents = v.record(v.string(), v.unknown());

function readAll(): Record<string, unknown> {
  try {
    const parsed = v.safeParse(Intents, JSON.parse(readStored(storageKeys.transferIntents) ?? '{}'));
    return parsed.success ? parsed.output : {};
  } catch {
    return {};
  }
}

/** The kept intent of this kind, if any (a stored value that is not one, or older than a day, is none). */
export function readTransferIntent(kind: TransferKind, now = Date.now()): TransferIntent | null {
  const parsed = v.safeParse(Intent, readAll()[kind]);
  if (!parsed.success || now - parsed.output.savedAt > MAX_AGE_MS) return null;
  return parsed.output;
}

export function keepTransferIntent(kind: TransferKind, values: Record<string, string>, requestId: string, now = Date.now()): void {
  writeStored(storageKeys.transferIntents, JSON.stringify({ ...readAll(), [kind]: { values, requestId, savedAt: now } }));
}

export function forgetTransferIntent(kind: TransferKind): void {
  const { [kind]: _gone, ...rest } = readAll();
  if (Object.keys(rest).length === 0) removeStored(storageKeys.transferIntents);
  else writeStored(storageKeys.transferIntents, JSON.stringify(rest));
}
