/** How long to wait for a frame at most (a tab that stops drawing mid-press still sends its request). */
export const NEXT_PAINT_LIMIT_MS = 100;

/**
 * Resolves once the browser has had its chance to paint what the current task rendered: in a task
 * queued from the next animation frame, which runs after that frame is drawn. A press's own feedback
 * (the busy button) is then on screen before the work the press starts (a digest, a request's `fetch`)
 * takes the main thread: that work no longer counts in the press's time to paint (issue 48). A hidden
 * tab draws no frames: there, and after `NEXT_PAINT_LIMIT_MS` at the latest, it resolves anyway.
 */
export function afterNextPaint(win: Pick<Window, 'requestAnimationFrame' | 'setTimeout' | 'document'> | null = globalThis.window ?? null): Promise<void> {
  return new Promise((resolve) => {
    if (!win || typeof win.requestAnimationFrame !== 'function' || win.document.visibilityState === 'hidden') {
      setTimeout(resolve, 0);
      return;
    }
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      resolve();
    };
    win.requestAnimationFrame(() => win.setTimeout(done, 0));
    win.setTimeout(done, NEXT_PAINT_LIMIT_MS);
  });
}
