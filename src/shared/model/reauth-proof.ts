import { keptProof, usableProof, type KeptProof } from '@machines/settings/settings.rules';

/**
 * The proof of re-authentication the app keeps between changes on /setting (issue 49): in memory
 * only (never Web Storage, docs/security.md), for its lifetime less a margin (usableProof), so a
 * second change within five minutes does not ask for the password again. Forgotten on sign-out.
 */
let kept: KeptProof | null = null;

export function keepProof(proof: string, expiresInSeconds: number, now: number = Date.now()): void {
  kept = proof ? keptProof(proof, expiresInSeconds, now) : null;
}

/** The proof when it can still be used now, else null (and the expired one is dropped). */
export function currentProof(now: number = Date.now()): string | null {
  const proof = usableProof(kept, now);
  if (!proof) kept = null;
  return proof;
}

export function forgetProof(): void {
  kept = null;
}
