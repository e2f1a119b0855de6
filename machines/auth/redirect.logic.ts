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

/** An in-app path only: "/x", never "//host", "/\host" or an absolute address (open-redirect safe). */
export function safeInAppPath(target: unknown): string | null {
  return typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : null;
}
