// What a page loads before its first paint, as Chromium fetched it: every response that ended
// before first-contentful-paint, with its encoded (gzip, as transferred) body size.
// Same-origin sizes come from Resource Timing (`encodedBodySize`); cross-origin ones (the API,
// which sends no Timing-Allow-Origin) from the DevTools protocol, matched by URL.

/** Resolves with the page's first-contentful-paint time (ms since its time origin). */
function fcpOf(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const found = () => performance.getEntriesByName('first-contentful-paint')[0];
        if (found()) return resolve(found().startTime);
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) {
            observer.disconnect();
            resolve(entry.startTime);
          }
        }).observe({ type: 'paint', buffered: true });
        setTimeout(() => reject(new Error('no first-contentful-paint within 20 s')), 20_000);
      }),
  );
}

/** The page's largest-contentful-paint so far (ms since its time origin), or null. */
function lcpOf(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list, observer) => {
          const entries = list.getEntries();
          observer.disconnect();
          resolve(entries.length ? entries[entries.length - 1].startTime : null);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(null), 2_000);
      }),
  );
}

const kindOf = (url, initiatorType) => {
  const path = new URL(url).pathname;
  if (initiatorType === 'navigation') return 'html';
  if (/\.m?js$/.test(path)) return 'js';
  if (/\.css$/.test(path)) return 'css';
  if (/\.(woff2?|ttf|otf)$/.test(path)) return 'font';
  if (/\.(svg|png|jpe?g|webp|avif|gif|ico)$/.test(path)) return 'image';
  if (initiatorType === 'fetch' || initiatorType === 'xmlhttprequest') return 'api';
  return 'other';
};

/**
 * Loads `url` in a fresh context (empty cache) and lists what had arrived by first paint.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {{ viewport?: { width: number, height: number } }} [options]
 * `files` is what had arrived by first paint; `untilLcp`, what had arrived by the largest contentful
 * paint (the two differ when a page paints a frame first and its main content later).
 * @returns {Promise<{ fcp: number, lcp: number | null, files: { url: string, kind: string, bytes: number, end: number }[], untilLcp: { url: string, kind: string, bytes: number, end: number }[] }>}
 */
export async function firstPaintLoad(browser, url, { viewport = { width: 412, height: 823 } } = {}) {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // Body bytes off the wire per request (for cross-origin responses Resource Timing hides).
    const urls = new Map();
    const wire = new Map();
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
    cdp.on('Network.dataReceived', (e) => {
      const u = urls.get(e.requestId);
      if (u) wire.set(u, (wire.get(u) ?? 0) + e.encodedDataLength);
    });
    await page.goto(url, { waitUntil: 'load' });
    const fcp = await fcpOf(page);
    await page.waitForLoadState('networkidle').catch(() => {});
    const lcp = await lcpOf(page);
    const entries = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => ({
        url: e.name,
        initiatorType: e.entryType === 'navigation' ? 'navigation' : e.initiatorType,
        bytes: e.encodedBodySize,
        end: e.responseEnd,
      })),
    );
    const origin = new URL(url).origin;
    const before = (time) =>
      entries
        .filter((e) => e.end > 0 && e.end <= time)
        .map((e) => ({
          url: e.url,
          kind: kindOf(e.url, e.initiatorType),
          bytes: new URL(e.url).origin === origin ? e.bytes : (wire.get(e.url) ?? e.bytes),
          end: e.end,
        }));
    const language = await page.evaluate(() => document.documentElement.lang);
    return { fcp, lcp, language, files: before(fcp), untilLcp: lcp === null ? [] : before(lcp) };
  } finally {
    await context.close();
  }
}

/** Sums by kind: `{ html, js, css, font, image, api, other, total }` in bytes. */
export function byKind(files) {
  const sums = { html: 0, js: 0, css: 0, font: 0, image: 0, api: 0, other: 0, total: 0 };
  for (const f of files) {
    sums[f.kind] += f.bytes;
    sums.total += f.bytes;
  }
  return sums;
}
