// @vitest-environment node
import { codeChallengeS256, createPkcePair, generateCodeVerifier, isValidVerifier, UNRESERVED } from '../../src/shared/lib/pkce';

describe('PKCE (RFC 7636)', () => {
  it('matches the RFC 7636 Appendix B vector', async () => {
    expect(await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('generates 128 unreserved characters by default', () => {
    const v = generateCodeVerifier();
    expect(v).toHaveLength(128);
    expect([...v].every((c) => UNRESERVED.includes(c))).toBe(true);
    expect(generateCodeVerifier()).not.toBe(v);
  });

  it('enforces the 43-128 length rule', () => {
    expect(() => generateCodeVerifier(42)).toThrow(RangeError);
    expect(() => generateCodeVerifier(129)).toThrow(RangeError);
    expect(generateCodeVerifier(43)).toHaveLength(43);
    expect(isValidVerifier('a'.repeat(42))).toBe(false);
    expect(isValidVerifier('a'.repeat(43))).toBe(true);
    expect(isValidVerifier('a'.repeat(128))).toBe(true);
    expect(isValidVerifier('a'.repeat(129))).toBe(false);
    expect(isValidVerifier(`${'a'.repeat(42)}+`)).toBe(false);
  });

  it('rejects bytes that would bias the alphabet', () => {
    // 252-255 are above the largest multiple of 66 (198): they must be skipped, not wrapped.
    let call = 0;
    const random = (n: number) => new Uint8Array(n).fill(call++ === 0 ? 255 : 1);
    expect(generateCodeVerifier(43, random)).toBe(UNRESERVED[1]!.repeat(43));
  });

  it('makes a challenge that is URL-safe and unpadded', async () => {
    const { challenge } = await createPkcePair();
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
