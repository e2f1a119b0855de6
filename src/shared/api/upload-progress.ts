/**
 * Upload progress ("progress shown"). fetch cannot report how much of a request body has
 * been sent, so an upload that wants its progress is marked with a client-only header; the
 * transport takes the mark off and sends that one request through XMLHttpRequest, whose
 * `upload.onprogress` can. Everything else about the request (the bearer, the timeout, the
 * refresh after a 401, the reply's errors) stays the transport's.
 */
const MARK = 'X-Client-Upload-Progress';
/** The header a request's upload listener is marked with (removed before it leaves the client). */
export const UPLOAD_PROGRESS_MARK = MARK;
const listeners = new Map<string, (percent: number) => void>();
let next = 0;

/** Registers a progress listener for one upload: its header, and the release once it is over. */
export function markUploadProgress(onProgress: (percent: number) => void): { header: Record<string, string>; release: () => void } {
  const id = String(++next);
  listeners.set(id, onProgress);
  return { header: { [MARK]: id }, release: () => listeners.delete(id) };
}

/** The listener a request was marked with, the mark removed from its headers (it never leaves the client). */
export function takeUploadProgress(headers: Headers): ((percent: number) => void) | null {
  const id = headers.get(MARK);
  if (id === null) return null;
  headers.delete(MARK);
  return listeners.get(id) ?? null;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/** fetch over XMLHttpRequest, reporting the percentage of the body sent (0–100, whole numbers). */
export async function fetchWithUploadProgress(request: Request, onProgress: (percent: number) => void): Promise<Response> {
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob();
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.responseType = 'blob';
    request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.floor((event.loaded * 100) / event.total)));
    };
    const abort = () => xhr.abort();
    request.signal.addEventListener('abort', abort, { once: true });
    const settle = () => request.signal.removeEventListener('abort', abort);
    xhr.onload = () => {
      settle();
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve(new Response(NULL_BODY.has(xhr.status) ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      settle();
      reject(request.signal.reason ?? new DOMException('The upload was cancelled', 'AbortError'));
    };
    xhr.send(body);
  });
}
