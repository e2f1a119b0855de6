/**
 * Where the browser may be sent: https anywhere; http only to this machine (the sandbox and
 * development). Anything else (javascript:, data:, relative tricks) is refused.
 */
export function isSafeRedirect(url: string, allowLocalHttp: boolean): boolean {
  try {
    const target = new URL(url);
    if (target.protocol === 'https:') return true;
    return allowLocalHttp && target.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(target.hostname);
  } catch {
    return false;
  }
}

/**
 * An in-app path only: "/x", never "//host", "/\\host" or an absolute address (open-redirect
 * safe), and nothing a browser would quietly turn into one: no control character or backslash,
 * typed or percent-encoded (issue 47: "/%09/evil.example" became "//evil.example" once the tab was
 * dropped). A path that does not decode is refused too.
 */
export function safeInAppPath(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return null;
  }
  return /[\x00-\x1f\x7f\\]/.test(target) || /[\x00-\x1f\x7f\\]/.test(decoded) || decoded.startsWith('//') ? null : target;
}

/** A link a page may show (issue 47): a safe in-app path, or an address `isSafeRedirect` allows. */
export const isSafeLink = (url: string, allowLocalHttp: boolean): boolean => safeInAppPath(url) !== null || isSafeRedirect(url, allowLocalHttp);
