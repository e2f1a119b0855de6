// `npm run bench`, section 5: /history with 100,000 transactions. In Chromium against the
// sandbox's history@brand1 (100,000 seeded transactions): time from the first page's reply to its
// rows on screen, frame times while scrolling through 2,000 rows (pages load as the list scrolls),
// and the time from "Apply filters" to the filtered rows. Figures are printed, never asserted.
import { signIn } from './sign-in.mjs';
import { median, ms, table } from './report.mjs';

const USER = 'history@brand1.test'; // README "Demo logins": 100,000 transactions
const PASSWORD = 'Demo-pass-1';
const ROWS_TO_SCROLL = 2000;
/** The issue's goals. */
const BUDGET = { firstRows: 500, frame: 50 };
/** Filters applied one after another (each new to the query cache, so each asks the sandbox). */
const FILTER_TYPES = ['Wire transfer', 'EFT transfer', 'Card payout', 'Transfer to a person', 'Card payment', 'Deposit', 'Fee', 'Instant payment'];

/**
 * Installed before the app: when the first transaction row enters the page and when it was next
 * painted (a frame, then a task: after the paint), and every long animation frame.
 */
function probe() {
  const bench = { firstRowAt: null, firstRowPaintedAt: null, loafs: [] };
  window.__bench = bench;
  new MutationObserver(() => {
    if (bench.firstRowAt !== null || !document.querySelector('li[aria-posinset]')) return;
    bench.firstRowAt = performance.now();
    requestAnimationFrame(() => setTimeout(() => (bench.firstRowPaintedAt = performance.now())));
  }).observe(document, { childList: true, subtree: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
          const scripts = (e.scripts ?? []).map((x) => ({ invoker: x.invoker, source: (x.sourceURL ?? '').split('/').pop(), fn: x.sourceFunctionName, duration: Math.round(x.duration) }));
          bench.loafs.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration ?? 0, renderStart: e.renderStart ? Math.round(e.renderStart - e.startTime) : null, styleStart: e.styleAndLayoutStart ? Math.round(e.styleAndLayoutStart - e.startTime) : null, render: Math.round(e.duration - (e.renderStart ? e.renderStart - e.startTime : e.duration)), style: e.styleAndLayoutStart ? Math.round(e.startTime + e.duration - e.styleAndLayoutStart) : 0, scripts });
        }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // no long-animation-frame entries in this browser: the frame gaps below still tell
  }
}

/** Frame gaps (requestAnimationFrame to requestAnimationFrame) from now until `stopFrames`. */
const startFrames = (page) =>
  page.evaluate(() => {
    const f = { gaps: [], last: performance.now(), on: true, from: performance.now() };
    window.__frames = f;
    const tick = (now) => {
      f.gaps.push(now - f.last);
      f.last = now;
      if (f.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
const stopFrames = (page) =>
  page.evaluate(() => {
    const f = window.__frames;
    f.on = false;
    const loafs = window.__bench.loafs.filter((l) => l.start >= f.from);
    return { gaps: f.gaps, loafs };
  });

const p95 = (xs) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))];
};

const replyEnd = (page, since) =>
  page.evaluate(
    (t) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('method=transactionHistory') && e.startTime >= t)
        .map((e) => ({ start: e.startTime, end: e.responseEnd, duration: e.duration }))[0] ?? null,
    since,
  );

export async function historyFigures({ chromium, chromiumPath, flags, appUrl, runs, progress }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: flags });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(probe);
    const page = await context.newPage();
    await signIn(page, appUrl, USER, PASSWORD);

    // 1. The first page's reply → its rows in the page and painted; a fresh load of /history each run.
    const first = [];
    for (let i = 0; i < runs; i++) {
      progress(`history: first rows ${i + 1}/${runs}…`);
      await page.goto(`${appUrl}/history`);
      await page.waitForFunction(() => window.__bench.firstRowPaintedAt !== null, null, { timeout: 30_000 });
      const reply = await replyEnd(page, 0);
      const marks = await page.evaluate(() => ({ row: window.__bench.firstRowAt, painted: window.__bench.firstRowPaintedAt }));
      first.push({ afterReply: reply ? marks.painted - reply.end : null, reply: reply?.duration ?? null, fromStart: marks.painted });
    }

    // 2. Scrolling through 2,000 rows with the wheel, pages loading as the list nears its end.
    progress(`history: scrolling ${ROWS_TO_SCROLL} rows…`);
    await page.goto(`${appUrl}/history`);
    await page.waitForFunction(() => window.__bench.firstRowPaintedAt !== null, null, { timeout: 30_000 });
    await page.mouse.move(640, 500);
    const requestsBefore = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('method=transactionHistory')).length);
    await startFrames(page);
    const scrollStarted = Date.now();
    const target = `li[aria-posinset="${ROWS_TO_SCROLL}"]`;
    while (!(await page.locator(target).count())) {
      if (Date.now() - scrollStarted > 180_000) throw new Error(`history: row ${ROWS_TO_SCROLL} not reached within 180 s`);
      await page.mouse.wheel(0, 600);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    }
    const scrolled = await stopFrames(page);
    const scrollSeconds = (Date.now() - scrollStarted) / 1000;
    const pagesLoaded = (await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('method=transactionHistory')).length)) - requestsBefore;
    const rowsInDom = await page.locator('li[aria-posinset]').count();

    // 3. "Apply filters" → the filtered rows: a new type each run (the query cache does not help).
    const applied = [];
    await page.goto(`${appUrl}/history`);
    await page.waitForFunction(() => window.__bench.firstRowPaintedAt !== null, null, { timeout: 30_000 });
    for (let i = 0; i < Math.min(runs, FILTER_TYPES.length); i++) {
      progress(`history: apply a filter ${i + 1}/${runs}…`);
      await page.getByRole('button', { name: /^Filters/ }).click();
      const form = page.getByRole('form', { name: 'Filters' });
      await form.getByLabel('Type', { exact: true }).selectOption({ label: FILTER_TYPES[i] });
      const countBefore = await page.locator('[aria-live="polite"]').filter({ hasText: /transactions?$/ }).first().textContent();
      await startFrames(page);
      const pressedAt = await page.evaluate(() => performance.now());
      await form.getByRole('button', { name: 'Apply filters' }).click();
      const shownAt = await page.waitForFunction(
        (before) => {
          const count = [...document.querySelectorAll('[aria-live="polite"]')].find((e) => /transactions?$/.test(e.textContent ?? ''));
          const list = document.querySelector('ul[aria-label="Transactions"]');
          return count && count.textContent !== before && list && list.getAttribute('aria-busy') !== 'true' && performance.now();
        },
        countBefore,
        { polling: 'raf', timeout: 30_000 },
      );
      const frames = await stopFrames(page);
      const reply = await replyEnd(page, pressedAt);
      applied.push({ total: (await shownAt.jsonValue()) - pressedAt, reply: reply?.duration ?? null, longestFrame: Math.max(0, ...frames.gaps) });
    }

    if (process.env.BENCH_DEBUG) console.error(JSON.stringify([...scrolled.loafs].sort((a, b) => b.duration - a.duration).slice(0, 5), null, 1), JSON.stringify(scrolled.gaps.map((g, i) => [i, Math.round(g)]).filter(([, g]) => g > 50)));
    const afterReply = median(first.map((f) => f.afterReply));
    const maxGap = Math.max(0, ...scrolled.gaps);
    const over = scrolled.gaps.filter((g) => g > BUDGET.frame).length;
    const loafMax = scrolled.loafs.length ? Math.max(...scrolled.loafs.map((l) => l.duration)) : null;
    const applyTotal = median(applied.map((a) => a.total));
    const applyFrame = Math.max(0, ...applied.map((a) => a.longestFrame));
    const text = table(
      `5. /history with 100,000 transactions (${USER}, Chromium, 1280×900, CPU not throttled)`,
      [
        { figure: 'first rows painted after the reply (median)', measured: ms(afterReply), budget: `≤ ${BUDGET.firstRows} ms`, ok: afterReply === null ? false : afterReply <= BUDGET.firstRows },
        { figure: 'first page: the reply itself (median)', measured: ms(median(first.map((f) => f.reply))), budget: '(sandbox, 100,000 rows)' },
        { figure: 'first rows painted after navigation start (median)', measured: ms(median(first.map((f) => f.fromStart))), budget: '(whole load, sign-in restored)' },
        { figure: `scrolling ${ROWS_TO_SCROLL} rows: longest frame`, measured: ms(maxGap), budget: `≤ ${BUDGET.frame} ms`, ok: maxGap <= BUDGET.frame },
        { figure: `scrolling ${ROWS_TO_SCROLL} rows: frames over ${BUDGET.frame} ms`, measured: `${over} of ${scrolled.gaps.length}`, budget: '0', ok: over === 0 },
        { figure: `scrolling ${ROWS_TO_SCROLL} rows: 95th percentile frame`, measured: ms(p95(scrolled.gaps)), budget: '(16.7 ms is 60 fps)' },
        { figure: 'scrolling: longest animation frame (LoAF)', measured: loafMax === null ? 'none over 50 ms' : ms(loafMax), budget: `≤ ${BUDGET.frame} ms`, ok: loafMax === null || loafMax <= BUDGET.frame },
        { figure: 'apply a filter → filtered rows shown (median)', measured: ms(applyTotal), budget: '(reply included)' },
        { figure: 'apply a filter: the reply itself (median)', measured: ms(median(applied.map((a) => a.reply))), budget: '(sandbox)' },
        { figure: 'apply a filter: longest frame meanwhile', measured: ms(applyFrame), budget: `≤ ${BUDGET.frame} ms`, ok: applyFrame <= BUDGET.frame },
      ],
      [
        `First rows: ${runs} fresh loads of /history; "after the reply" is the first row's next paint minus the first transactionHistory reply's end (resource timing).`,
        `Scrolling: the mouse wheel 600 px a frame until row ${ROWS_TO_SCROLL} is in the page, ${scrollSeconds.toFixed(1)} s, ${pagesLoaded} pages of 20 loaded on the way, ${rowsInDom} rows in the page at the end (virtualised).`,
        ...(loafMax !== null
          ? [
              `The longest animation frame while scrolling: ${ms(loafMax)} (style and layout ${ms(scrolled.loafs.reduce((a, b) => (b.duration > a.duration ? b : a)).style)}); its scripts: ${
                scrolled.loafs
                  .reduce((a, b) => (b.duration > a.duration ? b : a))
                  .scripts.map((x) => `${x.invoker} ${x.source} ${x.fn ?? ''} ${x.duration} ms`)
                  .join('; ') || 'none'
              }.`,
            ]
          : []),
        `Filters: ${applied.length} types applied one after another from the filter form; the previous rows stay until the new ones arrive.`,
      ],
    );
    return { text, version: browser.version() };
  } finally {
    await browser.close();
  }
}
