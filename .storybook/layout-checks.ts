/**
 * Layout checks for play functions: is any text of a container cut off by its box or by its
 * rounded corners? The geometry is pure (unit-tested in tests/unit/layout-checks.test.ts); the
 * DOM part measures the rendered text with ranges, so it sees where the glyphs are, not where a
 * block element's box is (a table cell's box always reaches the table's corner; its text does not).
 */

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Horizontal and vertical radius of one corner, in px. */
export type Corner = readonly [rx: number, ry: number];
export interface Radii {
  topLeft: Corner;
  topRight: Corner;
  bottomRight: Corner;
  bottomLeft: Corner;
}

const corners = ['topLeft', 'topRight', 'bottomRight', 'bottomLeft'] as const;

/**
 * The radii a browser draws (CSS Backgrounds 3, "corner overlap"): when two radii on one side add
 * up to more than the side, all radii shrink by the same factor, so `999px` on a 200px-high table
 * draws 100px corners, not a 999px curve.
 */
export function usedRadii(box: Box, radii: Radii): Radii {
  const width = box.right - box.left;
  const height = box.bottom - box.top;
  const { topLeft: tl, topRight: tr, bottomRight: br, bottomLeft: bl } = radii;
  const ratio = (side: number, sum: number) => (sum > 0 ? side / sum : Infinity);
  const f = Math.min(
    1,
    ratio(width, tl[0] + tr[0]),
    ratio(width, bl[0] + br[0]),
    ratio(height, tl[1] + bl[1]),
    ratio(height, tr[1] + br[1]),
  );
  const scale = (c: Corner): Corner => [c[0] * f, c[1] * f];
  return { topLeft: scale(tl), topRight: scale(tr), bottomRight: scale(br), bottomLeft: scale(bl) };
}

/** Whether a point is inside a box with (used) rounded corners; `tolerance` px of slack. */
export function pointInRoundedBox(x: number, y: number, box: Box, radii: Radii, tolerance = 0.5): boolean {
  const t = tolerance;
  if (x < box.left - t || x > box.right + t || y < box.top - t || y > box.bottom + t) return false;
  const centres: Record<(typeof corners)[number], [number, number, number, number]> = {
    // [corner centre x, centre y, sign x, sign y]: the point is in the corner's square when it lies
    // beyond the centre in both directions.
    topLeft: [box.left + radii.topLeft[0], box.top + radii.topLeft[1], -1, -1],
    topRight: [box.right - radii.topRight[0], box.top + radii.topRight[1], 1, -1],
    bottomRight: [box.right - radii.bottomRight[0], box.bottom - radii.bottomRight[1], 1, 1],
    bottomLeft: [box.left + radii.bottomLeft[0], box.bottom - radii.bottomLeft[1], -1, 1],
  };
  for (const corner of corners) {
    const [rx, ry] = radii[corner];
    if (rx <= 0 || ry <= 0) continue;
    const [cx, cy, sx, sy] = centres[corner];
    const dx = (x - cx) * sx;
    const dy = (y - cy) * sy;
    if (dx <= 0 || dy <= 0) continue;
    // Inside the ellipse grown by the tolerance.
    if ((dx / (rx + t)) ** 2 + (dy / (ry + t)) ** 2 > 1) return false;
  }
  return true;
}

/** A rounded box is convex, so a rectangle is inside it when its four corners are. */
export function rectInRoundedBox(rect: Box, box: Box, radii: Radii, tolerance = 0.5): boolean {
  return (
    pointInRoundedBox(rect.left, rect.top, box, radii, tolerance) &&
    pointInRoundedBox(rect.right, rect.top, box, radii, tolerance) &&
    pointInRoundedBox(rect.right, rect.bottom, box, radii, tolerance) &&
    pointInRoundedBox(rect.left, rect.bottom, box, radii, tolerance)
  );
}

// ---- DOM ----

const px = (value: string) => Number.parseFloat(value) || 0;
/** A computed corner radius: `16px` or `16px 8px` (horizontal, vertical). Percentages are not used by the themes. */
const cornerOf = (value: string): Corner => {
  const [h = '0', v = h] = value.trim().split(/\s+/);
  return [px(h), px(v)];
};

/** The largest computed corner radius of an element, in px (as written: `999px` stays 999). */
export function maxCornerRadius(element: Element): number {
  const s = getComputedStyle(element);
  return Math.max(
    ...[s.borderTopLeftRadius, s.borderTopRightRadius, s.borderBottomRightRadius, s.borderBottomLeftRadius].flatMap(
      (value) => cornerOf(value),
    ),
  );
}

/**
 * The area that clips the container's content: its padding box (inside the border) with the inner
 * radii the browser draws (used outer radius minus the border width).
 */
export function clipAreaOf(element: Element): { box: Box; radii: Radii } {
  const s = getComputedStyle(element);
  const r = element.getBoundingClientRect();
  const outer = usedRadii(
    { left: r.left, top: r.top, right: r.right, bottom: r.bottom },
    {
      topLeft: cornerOf(s.borderTopLeftRadius),
      topRight: cornerOf(s.borderTopRightRadius),
      bottomRight: cornerOf(s.borderBottomRightRadius),
      bottomLeft: cornerOf(s.borderBottomLeftRadius),
    },
  );
  const [bt, br, bb, bl] = [s.borderTopWidth, s.borderRightWidth, s.borderBottomWidth, s.borderLeftWidth].map(px) as [
    number,
    number,
    number,
    number,
  ];
  const inner = (c: Corner, bx: number, by: number): Corner => [Math.max(0, c[0] - bx), Math.max(0, c[1] - by)];
  return {
    box: { left: r.left + bl, top: r.top + bt, right: r.right - br, bottom: r.bottom - bb },
    radii: {
      topLeft: inner(outer.topLeft, bl, bt),
      topRight: inner(outer.topRight, br, bt),
      bottomRight: inner(outer.bottomRight, br, bb),
      bottomLeft: inner(outer.bottomLeft, bl, bb),
    },
  };
}

/** The boxes of the rendered glyphs of every non-blank text node under `root` (lines separately). */
export function textBoxes(root: Node): { text: string; element: Element; rect: Box }[] {
  const found: { text: string; element: Element; rect: Box }[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    const element = node.parentElement;
    if (!text || !element) continue;
    // Text in a visually hidden box (1px, clipped: a button's words for screen readers) is not visible text.
    const holder = element.getBoundingClientRect();
    if (holder.width <= 1 || holder.height <= 1) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      // Visually hidden text (1px clipped boxes) and collapsed lines are not visible text.
      if (r.width <= 1 || r.height <= 1) continue;
      found.push({ text, element, rect: { left: r.left, top: r.top, right: r.right, bottom: r.bottom } });
    }
  }
  return found;
}

const show = (r: Box) =>
  `(${Math.round(r.left)},${Math.round(r.top)})-(${Math.round(r.right)},${Math.round(r.bottom)})`;

/**
 * Problems with the text inside `container` (empty list: nothing clipped):
 * - a text line whose box is not inside the container's rounded clip area;
 * - an element holding text whose content is wider than its box (`scrollWidth > clientWidth`).
 * `within` measures only the text under that descendant (e.g. one header cell) against the
 * container's corners.
 */
export function clippedText(container: Element, within: Element = container): string[] {
  const { box, radii } = clipAreaOf(container);
  const problems: string[] = [];
  const holders = new Set<Element>();
  for (const { text, element, rect } of textBoxes(within)) {
    holders.add(element);
    if (!rectInRoundedBox(rect, box, radii)) {
      problems.push(`"${text}" ${show(rect)} is outside the rounded box ${show(box)} of its container`);
    }
  }
  for (const element of holders) {
    if (element.scrollWidth > element.clientWidth) {
      problems.push(`<${element.localName}> "${element.textContent?.trim()}" overflows: ${element.scrollWidth} > ${element.clientWidth}`);
    }
  }
  return problems;
}
