/**
 * Whether the page is being left (a reload, a typed address, closing the tab). Requests still in
 * flight then fail because the browser cancels them, not because the server said no: a token
 * refresh cancelled this way must not end the session (it would clear the stored refresh token a
 * moment before the next page needs it). `pageshow` brings a page back from the back-forward cache.
 */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

export const isPageLeaving = (): boolean => leaving;

/** `work()`, except that a failure while the page is being left never settles (nothing acts on it). */
export async function unlessLeaving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (leaving) return new Promise<never>(() => {});
    throw error;
  }
}
