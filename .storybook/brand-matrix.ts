/**
 * What the Storybook test-runner checks with axe in each brand (used by .storybook/test-runner.ts,
 * unit-tested in tests/unit/brand-matrix.test.ts).
 *
 * Every story is checked with the full WCAG rule set once, in the brand it first renders in
 * (addon-a11y does that, `a11y.test: 'error'` in preview.tsx). Brands differ in theme tokens (CSS
 * custom properties) and in config (names, links, switches), so in each other brand:
 * - the rules whose outcome depends on computed styles or layout always run;
 * - the full rule set runs when the story's DOM structure there differs from the first brand's
 *   (see `structuralFingerprint`); with the same structure the other rules cannot answer differently.
 */

/** The WCAG tags every axe run uses (the same as addon-a11y's `options.runOnly` in preview.tsx). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/**
 * Rules whose outcome depends on computed styles or layout, so a theme alone can change it. They
 * run in every brand. Each one must be in the WCAG_TAGS set and not experimental (a rule-id run
 * would otherwise add a rule the full run never had).
 */
export const STYLE_DEPENDENT_RULES: Readonly<Record<string, string>> = {
  'color-contrast': 'foreground and background colours, opacity and font size/weight (large text) come from the theme',
  'link-in-text-block': 'a link must differ from its surrounding text by colour contrast or underline/border styles',
  'target-size': 'rendered sizes and spacing of targets change with the font, paddings and radii of a brand',
  'scrollable-region-focusable': 'whether a region overflows and scrolls depends on the laid-out sizes',
  'avoid-inline-spacing': 'reads inline style attributes, which the fingerprint leaves out (the theme is applied as inline styles)',
  'label-content-name-mismatch':
    'compares the visible text (on-screen visibility, icon-ligature detection by font rendering) with the name; the fingerprint keeps only whether text is empty',
  'th-has-data-cells': 'applies to data tables, which axe tells from layout tables partly by computed borders and row backgrounds',
};

export const STYLE_RULE_IDS: readonly string[] = Object.keys(STYLE_DEPENDENT_RULES);

export type AxeScope = 'full' | 'style';

/** axe.run options for a scope. */
export function axeRunOptions(scope: AxeScope): { runOnly: { type: 'tag' | 'rule'; values: string[] } } {
  return scope === 'full'
    ? { runOnly: { type: 'tag', values: [...WCAG_TAGS] } }
    : { runOnly: { type: 'rule', values: [...STYLE_RULE_IDS] } };
}

/** Full rule set where the structure differs from the one the full set already passed, else style rules only. */
export function scopeForBrand(baseline: string, current: string): AxeScope {
  return baseline === current ? 'style' : 'full';
}

/** The parts of a story's prepared context that decide the brand matrix. */
export interface StoryFacts {
  tags?: readonly string[];
  storyGlobals?: Record<string, unknown>;
  parameters?: { a11y?: { disable?: boolean; test?: string; options?: unknown; context?: unknown; config?: unknown } };
}

/** What the preview's default a11y parameters are (preview.tsx); a story that changes them is checked by us too. */
export const DEFAULT_A11Y_CONTEXT = { include: ['body'], exclude: ['[data-live-announcer]'] };

export interface BrandPlan {
  /** Skip the matrix entirely (a11y disabled, or tagged `no-brand-matrix`). */
  skip: boolean;
  /** Whether we must run the full set in the first brand ourselves (addon-a11y's check was not a failing one with our rules). */
  fullInFirstBrand: boolean;
  /** The brands to switch to, in order (none when the story pins its brand in `globals`). */
  otherBrands: string[];
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Which brands to check and how. `firstBrand` is the brand the story rendered in (what addon-a11y
 * checked); `a11yManual` is the `a11y.manual` global (addon-a11y skips its check when true).
 */
export function planBrands(story: StoryFacts, allBrands: readonly string[], firstBrand: string, a11yManual = false): BrandPlan {
  const a11y = story.parameters?.a11y;
  if (a11y?.disable || story.tags?.includes('no-brand-matrix')) return { skip: true, fullInFirstBrand: false, otherBrands: [] };
  const options = a11y?.options as { runOnly?: unknown; rules?: unknown } | undefined;
  const addonFailsWithOurRules =
    a11y?.test === 'error' &&
    !a11yManual &&
    sameJson(options?.runOnly, WCAG_TAGS) &&
    options?.rules === undefined &&
    (a11y?.config === undefined || sameJson(a11y.config, {})) &&
    sameJson(a11y?.context, DEFAULT_A11Y_CONTEXT);
  // A brand pinned by the story's own globals wins over the toolbar's: switching changes nothing.
  const pinned = typeof story.storyGlobals?.brand === 'string';
  return {
    skip: false,
    fullInFirstBrand: !addonFailsWithOurRules,
    otherBrands: pinned ? [] : allBrands.filter((b) => b !== firstBrand),
  };
}

/**
 * A cheap structural fingerprint of everything under `root` that the non-style axe rules read:
 * element names, every attribute except `style` and the decorator's `data-brand`, form control
 * values and checked states (empty or not), whether each element is rendered visible (display,
 * visibility, content-visibility, opacity: axe's "hidden" tests), and for each text node only
 * whether it is empty. Elements matching `skipSelector` are left out (axe excludes them).
 *
 * Runs in the browser: it is sent to the page as source text, so it uses nothing from outside.
 */
export function structuralFingerprint(root: Element, skipSelector: string): string {
  const out: string[] = [];
  const visible = (el: Element): boolean => {
    const check = (el as Element & { checkVisibility?: (o: object) => boolean }).checkVisibility;
    return typeof check === 'function'
      ? check.call(el, { contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true })
      : true;
  };
  const walk = (node: Node, depth: number): void => {
    if (node.nodeType === 3) {
      out.push(`${depth}#${(node.nodeValue ?? '').trim() === '' ? 'empty' : 'text'}`);
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    if (skipSelector && el.matches(skipSelector)) return;
    const attrs: string[] = [];
    for (const a of Array.from(el.attributes)) {
      if (a.name !== 'style' && a.name !== 'data-brand') attrs.push(`${a.name}=${a.value}`);
    }
    attrs.sort();
    const field = el as Element & { value?: unknown; checked?: unknown };
    const isField = el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT';
    const state = isField ? ` value:${field.value === '' ? 'empty' : 'set'} checked:${String(field.checked)}` : '';
    out.push(`${depth}<${el.tagName.toLowerCase()} ${attrs.join(' ')}${state}${visible(el) ? '' : ' HIDDEN'}>`);
    const shadow = (el as Element & { shadowRoot?: ShadowRoot | null }).shadowRoot;
    if (shadow) for (const child of Array.from(shadow.childNodes)) walk(child, depth + 1);
    for (const child of Array.from(el.childNodes)) walk(child, depth + 1);
  };
  walk(root, 0);
  return out.join('\n');
}

/** The first line where two fingerprints differ (for logs), or null. */
export function firstDifference(a: string, b: string): string | null {
  if (a === b) return null;
  const la = a.split('\n');
  const lb = b.split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] !== lb[i]) return `line ${i + 1}: ${la[i] ?? '(end)'} → ${lb[i] ?? '(end)'}`;
  }
  return null;
}
