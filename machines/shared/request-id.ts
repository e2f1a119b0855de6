/**
 * The idempotency key of one user intent (docs/decisions.md "Idempotent submits"): chosen when
 * the intent starts, kept across retries, lost replies and reloads of the same form, so the
 * service answers a repeat with its first reply and moves the money once.
 */
export const newRequestId = (): string => globalThis.crypto.randomUUID();
