// Press-to-paint with the CPU throttled 4x (DevTools `Emulation.setCPUThrottlingRate`). Every sample
// is a fresh load of the page (so the first press pays for anything still to be fetched or
// compiled), left to go idle, then one Playwright click. Two figures per press:
//  - press → result painted: from the pointerdown's timestamp to the end of the first frame in which
//    the result (the opened listbox/menu/dialog; for Sign in, the button's progress state, an
//    error or a new page) is in the DOM: that frame's requestAnimationFrame, then a task queued
//    from it, which runs once the frame has been painted;
//  - event duration (what INP uses): the longest Event Timing entry (pointerdown, pointerup, click)
//    of the press, from the input to the next paint after its handlers ran. Event Timing only
//    reports events of 16 ms or more besides the page's first input, so "< 16 ms" can appear.
import { median } from './report.mjs';

export const CPU_SLOWDOWN = 4;

/** Installed before any page script: collects Event Timing entries. */
function eventTimingProbe() {
  window.__bench = { events: [] };
  const keep = (list) => {
    for (const e of list.getEntries()) {
      window.__bench.events.push({ name: e.name, start: e.startTime, duration: e.duration, interactionId: e.interactionId ?? 0 });
    }
  };
  try {
    new PerformanceObserver(keep).observe({ type: 'event', durationThreshold: 16, buffered: true });
    new PerformanceObserver(keep).observe({ type: 'first-input', buffered: true });
  } catch {
    // no Event Timing: only the painted figure
  }
}

/**
 * Runs in the page before the press. `kind`: 'popup' (a listbox, menu or dialog that was not
 * showing before, or the panel of a newly expanded disclosure: `aria-expanded` + `aria-controls`)
 * or 'submit' (progress in the form, an alert, another page, or a dialog it opened).
 */
function arm(kind) {
  const popupSelector = '[role="listbox"], [role="menu"], [role="dialog"], [role="alertdialog"]';
  const visible = (el) => {
    if (!el || !el.isConnected) return false;
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const before = new Set([...document.querySelectorAll(popupSelector)].filter(visible));
  const expandedBefore = new Set(document.querySelectorAll('[aria-expanded="true"]'));
  const startPath = location.pathname;
  const newPopup = () => [...document.querySelectorAll(popupSelector)].some((el) => visible(el) && !before.has(el));
  const done = () => {
    if (kind === 'submit') {
      // Progress in the form, a message, another page, or a dialog the submit opened (an approval, a result).
      return (
        location.pathname !== startPath ||
        [...document.querySelectorAll('form [role="progressbar"], [role="alert"]')].some(visible) ||
        newPopup()
      );
    }
    // A disclosure (the navigation menu): a control newly expanded and the panel it controls shown.
    const disclosed = [...document.querySelectorAll('[aria-expanded="true"][aria-controls]')]
      .filter((el) => !expandedBefore.has(el))
      .map((el) => document.getElementById(el.getAttribute('aria-controls')));
    return newPopup() || disclosed.some((el) => visible(el));
  };
  const state = { start: null, painted: null, eventsFrom: performance.now() };
  window.__bench.press = state;
  addEventListener('pointerdown', (e) => (state.start ??= e.timeStamp), { capture: true, once: true });
  addEventListener('keydown', (e) => (state.start ??= e.timeStamp), { capture: true, once: true });
  const channel = new MessageChannel();
  channel.port1.onmessage = () => (state.painted = performance.now());
  const frame = () => {
    if (state.start !== null && done()) channel.port2.postMessage(null);
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

function readPress() {
  const { press, events } = window.__bench;
  const own = events.filter((e) => e.start >= press.eventsFrom - 1 && /^(pointer|mouse|click|key)/.test(e.name));
  return {
    painted: press.painted === null || press.start === null ? null : press.painted - press.start,
    event: own.length ? Math.max(...own.map((e) => e.duration)) : null,
  };
}

/**
 * Measures one press `runs` times.
 * - `page()`: the tab for a sample: a new one (then closed after the sample), or a kept one (a
 *   signed-in tab: the session lives in that tab's sessionStorage) with `keep: true`;
 * - `ready(page)`: resolves once the page is on screen; then `trigger(page)` is looked up, and a
 *   missing trigger gives `{ missing: true }`;
 * - `prepare(page)`: anything before the press (fill the form).
 * @returns {Promise<{ painted: number | null, event: number, eventBelowThreshold: boolean, fetched: number, samples: object[] } | { missing: true }>}
 */
export async function measurePress({ page: pageFor, keep = false, url, kind, ready, trigger, prepare, runs }) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const page = await pageFor();
    try {
      const cdp = await page.context().newCDPSession(page);
      await page.goto(url, { waitUntil: 'load' });
      // A prerendered page (/login, issue 48) is pressed once the app has taken it over, as a person would after it reacts.
      await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'), null, { timeout: 15_000 });
      await ready(page);
      const button = trigger(page);
      // A control the page does not have (yet): a short grace, then "missing" rather than a failure.
      await button.first().waitFor({ state: 'attached', timeout: 3_000 }).catch(() => {});
      if ((await button.count()) === 0) return { missing: true };
      await button.waitFor({ state: 'visible', timeout: 10_000 });
      if (prepare) await prepare(page);
      // Let the idle-time preloads (main.tsx) finish, as they would before a person presses anything.
      await page.waitForLoadState('networkidle').catch(() => {});
      await page.waitForTimeout(300);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      // Scripts and styles the press itself had to fetch (code that was not there yet).
      const fetched = new Set();
      const onRequest = (request) => /\.(js|css)$/.test(new URL(request.url()).pathname) && fetched.add(request.url());
      try {
        await page.evaluate(arm, kind);
        page.on('request', onRequest);
        await button.click({ noWaitAfter: true });
        await page.waitForFunction(() => window.__bench?.press?.painted !== null, null, { timeout: 10_000 }).catch(() => {});
        page.off('request', onRequest);
        // Event Timing entries are queued after the paint they measure.
        await page.waitForTimeout(150);
        const sample = await page.evaluate(readPress).catch(() => ({ painted: null, event: null }));
        samples.push({ ...sample, fetched: fetched.size });
      } finally {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => {});
        await cdp.detach().catch(() => {});
      }
    } finally {
      if (!keep) await page.close();
    }
  }
  const events = samples.map((s) => s.event);
  return {
    painted: median(samples.map((s) => s.painted)),
    // An event below the 16 ms reporting threshold counts as 16 ms (an upper bound).
    event: median(events.map((e) => e ?? 16)),
    eventBelowThreshold: events.filter((e) => e === null).length > runs / 2,
    fetched: median(samples.map((s) => s.fetched)),
    samples,
  };
}

export { eventTimingProbe };
