import type { Page } from '@playwright/test';

/** The widths the shell must hold at (issue: 320, 375, 768 and 1280 px). */
export const LAYOUT_WIDTHS = [320, 375, 768, 1280] as const;

/**
 * Everything on the page that breaks the layout: the page scrolling sideways, and any visible
 * text that is cut off — outside the viewport, outside an ancestor that clips (overflow other
 * than visible), or in a rounded corner of such an ancestor (a pill-shaped table). Empty when
 * the page holds. Visually hidden text (1 px boxes) is skipped. Text above or below a box that scrolls
 * up and down (a virtualised list) is reached by scrolling: only its sides count there; text beside
 * a region made to scroll sideways (a data table in its own box, named and reachable by keyboard:
 * `role="region"` with a `tabindex`, WCAG 1.4.10's exception) likewise: only its top and bottom count.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const viewport = root.clientWidth;
    if (root.scrollWidth > viewport) problems.push(`the page scrolls sideways: ${root.scrollWidth}px content in ${viewport}px`);

    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}> "${text}"`;
    };
    // The ancestors that clip an element, outermost last; one style read per element for the whole
    // check (siblings share their parent's list), as the same walk element by element was the cost.
    type Clipper = { el: Element; rect: DOMRect; radius: number; scrollsX: boolean; scrollsY: boolean };
    const clippersOf = new Map<Element, Clipper[]>();
    const clippers = (el: Element): Clipper[] => {
      const a = el.parentElement;
      if (!a || a === document.body) return [];
      let out = clippersOf.get(a);
      if (!out) {
        const s = getComputedStyle(a);
        const own = s.overflowX !== 'visible' || s.overflowY !== 'visible' ? [{ el: a, rect: a.getBoundingClientRect(), radius: parseFloat(s.borderTopLeftRadius) || 0, scrollsX: (s.overflowX === 'auto' || s.overflowX === 'scroll') && a.matches('[role="region"][tabindex]'), scrollsY: s.overflowY === 'auto' || s.overflowY === 'scroll' }] : [];
        out = [...own, ...clippers(a)];
        clippersOf.set(a, out);
      }
      return out;
    };
    // Is the point inside the rounded rectangle (radius clamped as the browser does)?
    const insideRounded = (x: number, y: number, r: DOMRect, radius: number) => {
      const rad = Math.min(radius, r.width / 2, r.height / 2);
      if (x < r.left - 0.5 || x > r.right + 0.5 || y < r.top - 0.5 || y > r.bottom + 0.5) return false;
      const cx = x < r.left + rad ? r.left + rad : x > r.right - rad ? r.right - rad : x;
      const cy = y < r.top + rad ? r.top + rad : y > r.bottom - rad ? r.bottom - rad : y;
      return (x - cx) ** 2 + (y - cy) ** 2 <= (rad + 0.5) ** 2;
    };

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const el = node.parentElement;
      if (!el || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden
      range.selectNodeContents(node);
      // Inside a box that scrolls sideways, text beyond the screen's edge is reached by that scrolling (the box itself is on the screen: the page does not scroll sideways).
      const scrolledSideways = clippers(el).some((c) => c.scrollsX);
      for (const line of Array.from(range.getClientRects())) {
        if (line.width < 1) continue;
        // Glyphs' side bearings: half a pixel of slack.
        if (!scrolledSideways && (line.left < -0.5 || line.right > viewport + 0.5)) {
          problems.push(`${describe(el)} runs off the screen (${Math.round(line.left)}–${Math.round(line.right)} of ${viewport}px)`);
          break;
        }
        const cut = clippers(el).find((c) => {
          const y = c.scrollsY ? c.rect.top + c.rect.height / 2 : line.top + line.height / 2;
          const [left, right] = c.scrollsX ? [c.rect.left + c.rect.width / 2, c.rect.left + c.rect.width / 2] : [line.left + 1, line.right - 1];
          return !insideRounded(left, y, c.rect, c.radius) || !insideRounded(right, y, c.rect, c.radius);
        });
        if (cut) {
          problems.push(`${describe(el)} is cut off by ${describe(cut.el).slice(0, 60)}`);
          break;
        }
      }
    }
    return [...new Set(problems)];
  });
}
