/** Lifetime of an access token in ms: the reply's expiresIn, else the JWT's exp - iat, else 5 minutes. */
export function tokenLifetimeMs(token: string, expiresIn?: number | null): number {
  if (expiresIn) return expiresIn * 1000;
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number; iat?: number };
    if (payload.exp && payload.iat) return (payload.exp - payload.iat) * 1000;
  } catch {
    /* not a JWT */
  }
  return 5 * 60_000;
}
