// Lighthouse (mobile preset: Moto G Power screen, simulated slow 4G and 4x CPU; performance only).
// Runs go through Puppeteer pages of one Chromium, because /home needs a signed-in tab: the
// refresh token lives in that tab's sessionStorage (docs/storage.md), and Lighthouse's storage
// reset (on by default: HTTP cache, service workers, Cache Storage, file systems) leaves
// sessionStorage alone, so every run still starts with a cold HTTP cache.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
// Lighthouse's own dependency; its Node API takes a Puppeteer page.
import puppeteer from 'puppeteer-core';

const FLAGS = {
  logLevel: 'error',
  output: 'json',
  onlyCategories: ['performance'],
  disableFullPageScreenshot: true,
  // Not part of the score and slow: bf-cache navigates away and back; screenshots for the report.
  skipAudits: ['bf-cache', 'screenshot-thumbnails', 'final-screenshot'],
};

/**
 * 'simulate' is the mobile preset the budget is written for. 'devtools' throttles for real with
 * the same strength (Lighthouse's devtools values for slow 4G and a 4x slower CPU) and reports
 * what happened: a second opinion for what the simulation cannot see. Its trace is recorded
 * unthrottled, so replies that arrive one by one on a phone arrive together there (a layout shift
 * only real throttling showed), and it starts a request only after the task that asked for it
 * has ended (requests made early in the entry's evaluation look no earlier).
 */
const THROTTLING = {
  simulate: {},
  devtools: { throttlingMethod: 'devtools', throttling: { requestLatencyMs: 562.5, downloadThroughputKbps: 1474.56, uploadThroughputKbps: 675, cpuSlowdownMultiplier: 4 } },
};

/** @param {string} executablePath @param {string[]} args Chromium flags (without --headless) */
export async function launchForLighthouse(executablePath, args) {
  return puppeteer.launch({ executablePath, headless: true, args, defaultViewport: null });
}

/**
 * One Lighthouse navigation of `url` in `page`.
 * @returns {Promise<{ score: number, lcp: number, tbt: number, cls: number, fcp: number, finalUrl: string, warnings: string[], benchmarkIndex: number | null, version: string }>}
 */
export async function lighthouseRun(page, url, throttling = 'simulate') {
  const result = await lighthouse(url, { ...FLAGS, ...THROTTLING[throttling] }, undefined, page);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // BENCH_LHR_DIR=folder keeps each run's full report (the LCP element, its phases, the long tasks).
  if (process.env.BENCH_LHR_DIR) {
    mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
    const name = `${throttling}${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
    writeFileSync(join(process.env.BENCH_LHR_DIR, name), JSON.stringify(lhr));
  }
  const value = (id) => {
    const audit = lhr.audits[id];
    if (typeof audit?.numericValue !== 'number') throw new Error(`Lighthouse gave no ${id} for ${url}`);
    return audit.numericValue;
  };
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    fcp: value('first-contentful-paint'),
    finalUrl: lhr.finalDisplayedUrl,
    warnings: lhr.runWarnings ?? [],
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    version: lhr.lighthouseVersion,
  };
}

/**
 * Signs a demo user in through the login form of `page` (a Puppeteer page); resolves on /home.
 * @param {import('puppeteer-core').Page} page
 */
export async function signInWithPuppeteer(page, appUrl, username, password) {
  await page.goto(`${appUrl}/login?lang=en`, { waitUntil: 'load' });
  // The prerendered form's button sends once the app has taken the page over (issue 48).
  await page.waitForSelector('form button[type="submit"]:not([disabled])');
  await page.locator('input[type="email"]').fill(username);
  await page.locator('input[type="password"]').fill(password);
  await Promise.all([
    page.waitForFunction(() => location.pathname === '/home', { timeout: 15_000 }),
    page.locator('form button[type="submit"]').click(),
  ]);
}
