import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, NEXT_PAINT_LIMIT_MS } from '@/shared/lib';

/** A window whose frames the test draws by hand (`drawFrame`), with the real (fake-timer) setTimeout. */
function fakeWindow(visibilityState: 'visible' | 'hidden' = 'visible') {
  const frames: FrameRequestCallback[] = [];
  const win = {
    document: { visibilityState } as Document,
    requestAnimationFrame: (cb: FrameRequestCallback) => frames.push(cb),
    setTimeout: ((fn: () => void, ms?: number) => Number(setTimeout(fn, ms))) as Window['setTimeout'],
  };
  const drawFrame = () => frames.splice(0).forEach((cb) => cb(0));
  return { win, drawFrame, frames };
}

const settledAfter = async (promise: Promise<void>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  await Promise.resolve();
  return () => settled;
};

describe('afterNextPaint (issue 48: the busy button is drawn before the press starts its work)', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the next frame, then for the task queued from it', async () => {
    vi.useFakeTimers();
    const { win, drawFrame, frames } = fakeWindow();
    const settled = await settledAfter(afterNextPaint(win));
    await vi.advanceTimersByTimeAsync(NEXT_PAINT_LIMIT_MS - 1);
    expect(frames).toHaveLength(1);
    expect(settled()).toBe(false);
    drawFrame();
    expect(settled()).toBe(false); // the frame's own callback runs before the paint
    await vi.advanceTimersByTimeAsync(0);
    expect(settled()).toBe(true);
  });

  it(`goes on after ${NEXT_PAINT_LIMIT_MS} ms when no frame comes`, async () => {
    vi.useFakeTimers();
    const { win } = fakeWindow();
    const settled = await settledAfter(afterNextPaint(win));
    await vi.advanceTimersByTimeAsync(NEXT_PAINT_LIMIT_MS - 1);
    expect(settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled()).toBe(true);
  });

  it('does not wait for a frame in a hidden tab, nor without a window', async () => {
    vi.useFakeTimers();
    const { win, frames } = fakeWindow('hidden');
    const hidden = await settledAfter(afterNextPaint(win));
    const none = await settledAfter(afterNextPaint(null));
    await vi.advanceTimersByTimeAsync(0);
    expect(frames).toHaveLength(0);
    expect(hidden()).toBe(true);
    expect(none()).toBe(true);
  });
});
