import type { TestRunnerConfig } from '@storybook/test-runner';
import { getStoryContext } from '@storybook/test-runner';

/**
 * Every story runs its play function and the addon-a11y axe check (`a11y.test: 'error'`
 * in preview.tsx) in the default brand. Then the story is re-rendered in each other brand
 * (through Storybook's own globals channel, on the same page) and axe runs again on the whole
 * page, so a theme token that breaks WCAG AA in any one brand fails the run.
 */
const BRANDS = ['brand2', 'brand3', 'brand4', 'brand5', 'brand6', 'brand1'];

type AxeResult = { violations: { id: string; nodes: { target: string[] }[] }[] };

const config: TestRunnerConfig = {
  async postVisit(page, context) {
    const story = await getStoryContext(page, context);
    if (story.parameters?.a11y?.disable || story.tags?.includes('no-brand-matrix')) return;
    await page.addScriptTag({ path: `${process.cwd()}/node_modules/axe-core/axe.min.js` });
    for (const brand of BRANDS) {
      const violations = await page.evaluate(async (brandId) => {
        const w = window as unknown as {
          __STORYBOOK_PREVIEW__: { channel: { emit: (e: string, p: unknown) => void } };
          axe: { run: (el: Element, o: object) => Promise<AxeResult> };
        };
        w.__STORYBOOK_PREVIEW__.channel.emit('updateGlobals', { globals: { brand: brandId } });
        // Wait until the decorator has applied the brand to the story root.
        for (let i = 0; i < 100 && !document.querySelector(`[data-brand="${brandId}"]`); i++) {
          await new Promise((r) => setTimeout(r, 20));
        }
        await new Promise((r) => setTimeout(r, 50));
        // react-aria's live announcer (visually hidden) keeps "pending" announcements that point at a
        // button by id for a few seconds after the button is gone; it is not page content.
        const result = await w.axe.run({ include: [document.body], exclude: [['[data-live-announcer]']] } as unknown as Element, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        });
        return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }, brand);
      if (violations.length) throw new Error(`Accessibility violations in ${brand}:\n${violations.join('\n')}`);
    }
  },
};

export default config;
