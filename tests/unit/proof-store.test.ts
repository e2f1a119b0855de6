// @vitest-environment node
import { PROOF_MARGIN_MS } from '../../machines/settings/settings.rules';
import { currentProof, forgetProof, keepProof } from '../../src/shared/model/reauth-proof';

/** The proof of re-authentication the app keeps in memory between changes (issue 49). */
describe('the kept proof', () => {
  afterEach(() => forgetProof());

  it('serves until its lifetime less the margin, then is dropped', () => {
    keepProof('p-1', 300, 1_000);
    expect(currentProof(1_000)).toBe('p-1');
    expect(currentProof(1_000 + 300_000 - PROOF_MARGIN_MS - 1)).toBe('p-1');
    expect(currentProof(1_000 + 300_000 - PROOF_MARGIN_MS)).toBeNull();
    // Dropped once expired: an earlier clock does not bring it back.
    expect(currentProof(1_000)).toBeNull();
  });

  it('an empty proof is none; a new one replaces the old; forgetting clears it', () => {
    keepProof('', 300, 0);
    expect(currentProof(0)).toBeNull();
    keepProof('p-1', 300, 0);
    keepProof('p-2', 300, 0);
    expect(currentProof(10)).toBe('p-2');
    forgetProof();
    expect(currentProof(10)).toBeNull();
  });
});
