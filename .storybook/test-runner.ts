import type { TestRunnerConfig } from '@storybook/test-runner';
import { getStoryContext, waitForPageReady } from '@storybook/test-runner';

/**
 * Every story runs its play function and the addon-a11y axe check (`a11y.test: 'error'`
 * in preview.tsx) in the default brand. Then, for each other brand, the story is re-rendered
 * with that brand's theme and axe runs again on the colours (contrast is where brands differ),
 * so a token that breaks WCAG AA in any one brand fails the run.
 */
const BRANDS = ['brand2', 'brand3', 'brand4', 'brand5', 'brand6'];

const config: TestRunnerConfig = {
  async postVisit(page, context) {
    const story = await getStoryContext(page, context);
    if (story.parameters?.a11y?.disable || story.tags?.includes('no-brand-matrix')) return;
    for (const brand of BRANDS) {
      await page.goto(`${process.env.TARGET_URL}/iframe.html?id=${context.id}&viewMode=story&globals=brand:${brand}`);
      await waitForPageReady(page);
      await page.addScriptTag({ path: `${process.cwd()}/node_modules/axe-core/axe.min.js` });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (el: Element, o: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
        const root = document.querySelector('#storybook-root') ?? document.body;
        const result = await axe.run(root, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        });
        return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      if (violations.length) {
        throw new Error(`Accessibility violations in ${brand}:\n${violations.join('\n')}`);
      }
    }
  },
};

export default config;
