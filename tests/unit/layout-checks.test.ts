// @vitest-environment node
import { pointInRoundedBox, rectInRoundedBox, usedRadii, type Radii } from '../../.storybook/layout-checks';

/** The geometry behind the Storybook "no clipped text" checks (Foundations/Containers). */
const round = (r: number): Radii => ({ topLeft: [r, r], topRight: [r, r], bottomRight: [r, r], bottomLeft: [r, r] });
const table = { left: 0, top: 0, right: 700, bottom: 200 };

describe('usedRadii: radii shrink like the browser draws them', () => {
  it.each([
    ['small radii stay', 24, 24],
    ['999px on a 200px-high box draws 100px corners', 999, 100],
    ['exactly half the height stays', 100, 100],
  ])('%s', (_label, written, drawn) => {
    expect(usedRadii(table, round(written)).topLeft[0]).toBeCloseTo(drawn, 5);
  });
});

describe('rectInRoundedBox: header text 13px from the corner of a table', () => {
  // Text of the first header cell: 1px border + 12px padding from the corner, 60 x 19 px.
  const firstHeader = { left: 13, top: 13, right: 73, bottom: 32 };
  const lastHeader = { left: 627, top: 13, right: 687, bottom: 32 };
  it.each<[string, number, boolean]>([
    ['square corners', 0, true],
    ['12px', 12, true],
    ['24px (the bound)', 24, true],
    ['48px clips the corner letters (12px padding holds up to about 44px)', 48, false],
    ['999px (an oval table) clips them', 999, false],
  ])('%s -> inside: %s', (_label, radius, inside) => {
    const radii = usedRadii(table, round(radius));
    expect(rectInRoundedBox(firstHeader, table, radii)).toBe(inside);
    expect(rectInRoundedBox(lastHeader, table, radii)).toBe(inside);
  });

  it.each<[string, number, number, boolean]>([
    ['centre', 350, 100, true],
    ['square corner point', 0, 0, true],
    ['left of the box', -1, 100, false],
    ['below the box', 350, 201, false],
    ['just outside the arc', 3, 3, false],
    ['on the arc at 45°', 24 - 24 / Math.SQRT2, 24 - 24 / Math.SQRT2, true],
  ])('point %s', (_label, x, y, inside) => {
    const radii = _label === 'square corner point' ? round(0) : round(24);
    expect(pointInRoundedBox(x, y, table, radii)).toBe(inside);
  });
});
