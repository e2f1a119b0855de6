import axe from 'axe-core';
import {
  STYLE_DEPENDENT_RULES,
  STYLE_RULE_IDS,
  WCAG_TAGS,
  axeRunOptions,
  firstDifference,
  planBrands,
  scopeForBrand,
  structuralFingerprint,
  DEFAULT_A11Y_CONTEXT,
} from '../../.storybook/brand-matrix';

/** What the Storybook test-runner runs with axe in each brand (.storybook/brand-matrix.ts). */
const BRANDS = ['brand1', 'brand2', 'brand3', 'brand4', 'brand5', 'brand6'];
const checkedStory = {
  parameters: {
    a11y: { test: 'error', context: DEFAULT_A11Y_CONTEXT, options: { runOnly: [...WCAG_TAGS] } },
  },
};

describe('rule lists', () => {
  it('runs the style- and layout-dependent rules in every brand', () => {
    expect([...STYLE_RULE_IDS].sort()).toEqual(
      [
        'avoid-inline-spacing',
        'color-contrast',
        'label-content-name-mismatch',
        'link-in-text-block',
        'scrollable-region-focusable',
        'target-size',
        'th-has-data-cells',
      ].sort(),
    );
    for (const reason of Object.values(STYLE_DEPENDENT_RULES)) expect(reason.length).toBeGreaterThan(20);
  });

  it('lists only rules the full WCAG run has (no experimental rule slips in by id)', () => {
    const full = new Set(axe.getRules([...WCAG_TAGS]).filter((r) => !r.tags.includes('experimental') && !r.tags.includes('deprecated')).map((r) => r.ruleId));
    for (const id of STYLE_RULE_IDS) expect(full, id).toContain(id);
  });

  it('gives axe the tags for the full set and the rule ids for the style set', () => {
    expect(axeRunOptions('full')).toEqual({ runOnly: { type: 'tag', values: [...WCAG_TAGS] } });
    expect(axeRunOptions('style')).toEqual({ runOnly: { type: 'rule', values: [...STYLE_RULE_IDS] } });
  });
});

describe('full or style-only', () => {
  it('runs only the style rules where the structure is the first brand’s', () => {
    expect(scopeForBrand('a\nb', 'a\nb')).toBe('style');
  });
  it('runs the full set where the structure differs', () => {
    expect(scopeForBrand('a\nb', 'a\nc')).toBe('full');
    expect(firstDifference('a\nb', 'a\nc')).toBe('line 2: b → c');
    expect(firstDifference('a', 'a')).toBeNull();
  });
});

describe('planBrands', () => {
  it('checks the five other brands when addon-a11y failed on the full set in the first', () => {
    expect(planBrands(checkedStory, BRANDS, 'brand1')).toEqual({
      skip: false,
      fullInFirstBrand: false,
      otherBrands: ['brand2', 'brand3', 'brand4', 'brand5', 'brand6'],
    });
  });
  it('runs the full set in the first brand itself when addon-a11y only warns, is manual or uses other rules', () => {
    const todo = { parameters: { a11y: { ...checkedStory.parameters.a11y, test: 'todo' } } };
    expect(planBrands(todo, BRANDS, 'brand1').fullInFirstBrand).toBe(true);
    expect(planBrands(checkedStory, BRANDS, 'brand1', true).fullInFirstBrand).toBe(true);
    const fewer = { parameters: { a11y: { ...checkedStory.parameters.a11y, options: { runOnly: ['wcag2a'] } } } };
    expect(planBrands(fewer, BRANDS, 'brand1').fullInFirstBrand).toBe(true);
    const ruleOff = { parameters: { a11y: { ...checkedStory.parameters.a11y, options: { runOnly: [...WCAG_TAGS], rules: { 'color-contrast': { enabled: false } } } } } };
    expect(planBrands(ruleOff, BRANDS, 'brand1').fullInFirstBrand).toBe(true);
  });
  it('starts from the brand the story rendered in', () => {
    expect(planBrands(checkedStory, BRANDS, 'brand4').otherBrands).toEqual(['brand1', 'brand2', 'brand3', 'brand5', 'brand6']);
  });
  it('switches nothing when the story pins its brand in globals', () => {
    expect(planBrands({ ...checkedStory, storyGlobals: { brand: 'brand3' } }, BRANDS, 'brand3').otherBrands).toEqual([]);
  });
  it('skips stories with a11y disabled or tagged no-brand-matrix', () => {
    expect(planBrands({ parameters: { a11y: { disable: true } } }, BRANDS, 'brand1').skip).toBe(true);
    expect(planBrands({ ...checkedStory, tags: ['no-brand-matrix'] }, BRANDS, 'brand1').skip).toBe(true);
  });
});

describe('structuralFingerprint', () => {
  const print = (html: string) => {
    document.body.innerHTML = html;
    return structuralFingerprint(document.body, '[data-live-announcer]');
  };

  it('ignores the theme (inline styles, data-brand) and what the text says', () => {
    const a = print('<div data-brand="brand1" style="--c: red"><button aria-label="Menu">Northbridge</button></div>');
    const b = print('<div data-brand="brand2" style="--c: blue"><button aria-label="Menu">Lumenvale</button></div>');
    expect(b).toBe(a);
  });

  it('sees a name, a link, a role or an element that differs', () => {
    const base = print('<button aria-label="Menu">x</button><a href="/a">y</a>');
    expect(print('<button>x</button><a href="/a">y</a>')).not.toBe(base);
    expect(print('<button aria-label="Menu">x</button><a href="/b">y</a>')).not.toBe(base);
    expect(print('<button aria-label="Menu" role="tab">x</button><a href="/a">y</a>')).not.toBe(base);
    expect(print('<button aria-label="Menu">x</button><span>y</span>')).not.toBe(base);
  });

  it('sees text that becomes empty and a form field that becomes filled', () => {
    expect(print('<button>OK</button>')).not.toBe(print('<button> </button>'));
    const empty = print('<input aria-label="Amount">');
    (document.querySelector('input') as HTMLInputElement).value = '10';
    expect(structuralFingerprint(document.body, '')).not.toBe(empty);
  });

  it('leaves out the live announcer', () => {
    expect(print('<p>a</p><div data-live-announcer="true"><div id="x">pending</div></div>')).toBe(print('<p>a</p><div data-live-announcer="true"></div>'));
  });

  it('works as source text sent to a page (nothing from outside the function)', () => {
    document.body.innerHTML = '<button aria-label="Menu">x</button>';
    const fromSource = new Function('__name', `return ${structuralFingerprint.toString()}`)((f: unknown) => f) as typeof structuralFingerprint;
    expect(fromSource(document.body, '')).toBe(structuralFingerprint(document.body, ''));
  });
});
