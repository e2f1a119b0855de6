import type { Page } from '@playwright/test';

/** The screen widths the global pay editor is a table at (issue 45: a table at every width from 1024 px, the cards only below). */
export const EDITOR_WIDTHS = [1024, 1280, 1366, 1440, 1920] as const;

/**
 * What keeps the global pay editor's payments from reading as a table, on the page as it is: the
 * column headers hidden (cards instead of a table), a header or cell whose text does not fit its
 * column (a word cut or letters stacked: "U/S/D"), a payment more than one line of controls high
 * (its methods shut), and, where the page is wide enough for all eleven columns, the table's box
 * scrolling sideways. Empty when the table holds. `rowsInView` counts the payments wholly inside
 * the box, for the "ten at 1280 px" figure.
 */
export function editorProblems(page: Page, { allColumnsFrom = 1900 } = {}): Promise<{ problems: string[]; rowsInView: number }> {
  return page.evaluate((allColumnsFrom) => {
    const problems: string[] = [];
    const box = document.querySelector<HTMLElement>('[data-testid="payments-scroll"]');
    if (!box) return { problems: ['no table of payments on the page'], rowsInView: 0 };
    const headers = [...box.querySelectorAll<HTMLElement>('[role="columnheader"]')];
    if (headers.some((h) => h.getBoundingClientRect().width <= 1)) problems.push('the column headers are hidden: the payments are cards, not a table');
    const name = (el: Element) => (el.getAttribute('data-label') ?? el.textContent ?? '').trim().slice(0, 30);
    for (const cell of [...headers, ...box.querySelectorAll<HTMLElement>('[role="cell"]')]) {
      if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`"${name(cell)}" does not fit its column (${cell.scrollWidth} > ${cell.clientWidth} px)`);
    }
    for (const code of box.querySelectorAll<HTMLElement>('[aria-hidden="true"]')) {
      if (/^[A-Z]{3}$/.test(code.textContent ?? '') && code.getBoundingClientRect().height > 30) problems.push(`the currency ${code.textContent} is not on one line`);
    }
    const rows = [...box.querySelectorAll<HTMLElement>('[role="rowgroup"] + [role="rowgroup"] > [role="row"]')];
    for (const row of rows) {
      if (row.querySelector('details[open]') || row.getBoundingClientRect().height <= 64) continue;
      // The cell that makes it high (its content's height, as a stretched cell is as high as the row).
      const height = (cell: Element) => (getComputedStyle(cell).alignSelf === 'stretch' ? Math.max(0, ...[...cell.children].map((c) => c.getBoundingClientRect().height)) : cell.getBoundingClientRect().height);
      const tallest = [...row.children].reduce((a, b) => (height(b) > height(a) ? b : a));
      problems.push(`payment ${row.getAttribute('aria-rowindex')} is ${Math.round(row.getBoundingClientRect().height)} px high, not one line ("${name(tallest)}": ${(tallest.textContent ?? '').trim().slice(0, 40)})`);
    }
    if (window.innerWidth >= allColumnsFrom && box.scrollWidth > box.clientWidth) problems.push(`the table scrolls sideways at ${window.innerWidth} px (${box.scrollWidth} in ${box.clientWidth} px)`);
    const frame = box.getBoundingClientRect();
    const head = box.querySelector('[role="rowgroup"]')!.getBoundingClientRect();
    const rowsInView = rows.filter((row) => {
      const r = row.getBoundingClientRect();
      return r.top >= head.bottom - 1 && r.bottom <= frame.bottom + 1;
    }).length;
    return { problems: [...new Set(problems)], rowsInView };
  }, allColumnsFrom);
}
