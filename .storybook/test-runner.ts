import type { Page } from 'playwright';
import type { TestRunnerConfig } from '@storybook/test-runner';
import { getStoryContext } from '@storybook/test-runner';
import { axeRunOptions, firstDifference, planBrands, scopeForBrand, structuralFingerprint, type AxeScope, type StoryFacts } from './brand-matrix.ts';

/**
 * Every story runs its play function and the addon-a11y axe check (`a11y.test: 'error'` in
 * preview.tsx: the full WCAG rule set) in the brand it renders in first. Then the story is
 * re-rendered in each other brand (through Storybook's own globals channel, on the same page) and
 * axe runs on the whole page again: the style- and layout-dependent rules always, the full rule set
 * when the story's DOM structure in that brand differs from the first brand's (brand-matrix.ts).
 * A theme token or a config switch that breaks WCAG AA in any one brand fails the run.
 */
const BRANDS = ['brand1', 'brand2', 'brand3', 'brand4', 'brand5', 'brand6'];
/** Left out of every axe run and fingerprint: react-aria's visually hidden live announcer keeps
 * "pending" announcements pointing at a button by id for a few seconds after the button is gone. */
const EXCLUDE = '[data-live-announcer]';
/** BRAND_MATRIX_AUDIT=1: the full rule set in every brand, and a failure when a rule outside the
 * style list answers differently in a brand with the same fingerprint (a check of brand-matrix.ts). */
const AUDIT = process.env.BRAND_MATRIX_AUDIT === '1';

type AxeNode = { target: string[] };
type AxeRule = { id: string; nodes: AxeNode[] };
type AxeResult = { violations: AxeRule[]; passes: AxeRule[]; incomplete: AxeRule[] };
type PreviewWindow = Window & {
  __STORYBOOK_PREVIEW__: {
    channel: { emit: (e: string, p: unknown) => void; on: (e: string, f: (p: never) => void) => void; off: (e: string, f: (p: never) => void) => void };
    storyStoreValue?: { userGlobals?: { get: () => Record<string, unknown>; update: (g: Record<string, unknown>) => void } };
  };
  axe?: { run: (context: unknown, options: object) => Promise<AxeResult> };
  __sbFingerprint?: (root: Element, skip: string) => string;
};

/** Installs axe-core and the fingerprint function once per page (the page lives for one story file). */
async function installHelpers(page: Page) {
  const present = await page.evaluate(() => {
    const w = window as unknown as PreviewWindow;
    return { axe: typeof w.axe?.run === 'function', fingerprint: typeof w.__sbFingerprint === 'function' };
  });
  if (!present.axe) await page.addScriptTag({ path: `${process.cwd()}/node_modules/axe-core/axe.min.js` });
  if (!present.fingerprint) {
    // `__name`: the helper some TypeScript loaders wrap named functions in; the page has none.
    await page.addScriptTag({
      content: `(() => { var __name = (f) => f; window.__sbFingerprint = ${structuralFingerprint.toString()}; })();`,
    });
  }
}

/** The first brand's fingerprint, the brand and the user globals to put back afterwards. */
function readFirstState(page: Page) {
  return page.evaluate((exclude) => {
    const w = window as unknown as PreviewWindow;
    const brand = document.querySelector<HTMLElement>('.story-root[data-brand]')?.dataset.brand ?? null;
    const userGlobals = w.__STORYBOOK_PREVIEW__.storyStoreValue?.userGlobals?.get() ?? {};
    return {
      brand,
      fingerprint: w.__sbFingerprint!(document.body, exclude),
      saved: { brand: userGlobals.brand, a11y: userGlobals.a11y },
    };
  }, EXCLUDE);
}

/**
 * Switches the story to `brand` and waits until it has rendered there: Storybook's STORY_FINISHED for
 * the re-render, then the decorator's brand and theme tokens on the story root (the tokens are set in
 * an effect, after the commit), then one frame and one task for effects that render again.
 * `a11y.manual` stays true meanwhile so addon-a11y does not run its own full axe check on each
 * re-render (nothing would read its result). Returns the fingerprint.
 */
function renderInBrand(page: Page, storyId: string, brand: string, a11y: unknown) {
  return page.evaluate(
    async ({ storyId, brand, a11y, exclude }) => {
      const w = window as unknown as PreviewWindow;
      const { channel } = w.__STORYBOOK_PREVIEW__;
      const finished = new Promise<{ status?: string } | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), 15_000);
        const onFinished = (e: { storyId?: string; status?: string }) => {
          if (e?.storyId !== storyId) return;
          clearTimeout(timer);
          channel.off('storyFinished', onFinished);
          resolve(e);
        };
        channel.on('storyFinished', onFinished);
      });
      channel.emit('updateGlobals', { globals: { brand, a11y: { ...(a11y as object), manual: true } } });
      const done = await finished;
      if (done?.status === 'error') return { error: `the story failed when re-rendered in ${brand}` };
      const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const NOT_TOKENS = ['--bottom-dock-height'];
      const applied = () => {
        const root = document.querySelector<HTMLElement>('.story-root[data-brand]');
        if (root?.dataset.brand !== brand) return false;
        const html = document.documentElement.style;
        for (let i = 0; i < html.length; i++) {
          const name = html[i];
          // The brand's tokens only: the bottom dock's height is the page's, set on <html> alone (shared/ui BottomDock).
          if (name.startsWith('--') && !NOT_TOKENS.includes(name) && root.style.getPropertyValue(name) !== html.getPropertyValue(name)) return false;
        }
        return true;
      };
      const start = performance.now();
      while (!applied()) {
        if (performance.now() - start > 5_000) return { error: `${brand} was not applied to the story root within 5 s` };
        await frame();
      }
      await frame();
      return { fingerprint: w.__sbFingerprint!(document.body, exclude) };
    },
    { storyId, brand, a11y, exclude: EXCLUDE },
  );
}

function runAxe(page: Page, options: object) {
  return page.evaluate(
    async ({ options, exclude }) => {
      const w = window as unknown as PreviewWindow;
      const r = await w.axe!.run({ include: [document.body], exclude: [[exclude]] }, options);
      const pick = (rules: AxeRule[]) => rules.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => ({ target: n.target })) }));
      return { violations: pick(r.violations), passes: pick(r.passes), incomplete: pick(r.incomplete) };
    },
    { options, exclude: EXCLUDE },
  );
}

const describe = (rules: AxeRule[]) => rules.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** Outcomes of the rules outside the style list, for the audit comparison. */
function nonStyleOutcomes(r: AxeResult, styleRules: readonly string[]) {
  const lines: string[] = [];
  for (const kind of ['violations', 'passes', 'incomplete'] as const) {
    for (const rule of r[kind]) {
      if (styleRules.includes(rule.id)) continue;
      for (const n of rule.nodes) lines.push(`${kind} ${rule.id} ${n.target.join(' ')}`);
    }
  }
  return lines.sort().join('\n');
}

const config: TestRunnerConfig = {
  async postVisit(page, context) {
    const story = (await getStoryContext(page, context)) as unknown as StoryFacts;
    await installHelpers(page);
    const first = await readFirstState(page);
    const plan = planBrands(story, BRANDS, first.brand ?? 'brand1', (first.saved.a11y as { manual?: boolean } | undefined)?.manual === true);
    if (plan.skip) return;

    const styleRules = axeRunOptions('style').runOnly.values;
    let firstOutcomes: string | null = null;
    if (plan.fullInFirstBrand || AUDIT) {
      const r = await runAxe(page, axeRunOptions('full'));
      if (r.violations.length) throw new Error(`Accessibility violations in ${first.brand}:\n${describe(r.violations).join('\n')}`);
      firstOutcomes = nonStyleOutcomes(r, styleRules);
    }

    try {
      for (const brand of plan.otherBrands) {
        const rendered = await renderInBrand(page, context.id, brand, first.saved.a11y);
        if ('error' in rendered) throw new Error(rendered.error);
        const fingerprint = rendered.fingerprint!;
        const scope: AxeScope = AUDIT ? 'full' : scopeForBrand(first.fingerprint, fingerprint);
        if (process.env.BRAND_MATRIX_LOG) {
          const diff = firstDifference(first.fingerprint, fingerprint);
          console.log(`${context.id} ${brand}: ${scope}${diff ? ` (${diff.slice(0, 200)})` : ''}`);
        }
        const r = await runAxe(page, axeRunOptions(scope));
        if (r.violations.length) throw new Error(`Accessibility violations in ${brand} (${scope} rule set):\n${describe(r.violations).join('\n')}`);
        if (AUDIT && firstOutcomes !== null && fingerprint === first.fingerprint) {
          const diff = firstDifference(firstOutcomes, nonStyleOutcomes(r, styleRules));
          if (diff) throw new Error(`Brand matrix audit: same structure in ${brand} as in ${first.brand} but a non-style rule answered differently: ${diff}`);
        }
      }
    } finally {
      // Put the user globals back for the next story of this file without another re-render: the
      // next story renders from them (in its first brand, with addon-a11y's check on).
      if (plan.otherBrands.length) {
        const restored = await page.evaluate((saved) => {
          const store = (window as unknown as PreviewWindow).__STORYBOOK_PREVIEW__.storyStoreValue;
          if (!store?.userGlobals) return false;
          store.userGlobals.update(saved);
          return true;
        }, first.saved);
        if (!restored) throw new Error('Storybook preview has no storyStoreValue.userGlobals: the brand matrix cannot restore the globals');
      }
    }
  },
};

export default config;
