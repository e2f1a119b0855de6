// Plain-text tables: figure | measured | budget | ok/over.

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value) => (value === null || value === undefined ? 'n/a' : `${Math.round(value)} ms`);

/**
 * @param {string} title
 * @param {{ figure: string, measured: string, budget?: string, ok?: boolean | null }[]} rows
 *   `ok`: true → "ok", false → "over", null/undefined → no verdict (a figure without a budget).
 * @param {string[]} [notes] lines printed under the table
 */
export function table(title, rows, notes = []) {
  const cells = rows.map((r) => [r.figure, r.measured, r.budget ?? '', r.ok === true ? 'ok' : r.ok === false ? 'over' : '']);
  const head = ['figure', 'measured', 'budget', 'ok/over'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => c.map((v, i) => v.padEnd(widths[i])).join(' | ').trimEnd();
  const out = [title, line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)];
  for (const n of notes) out.push(`  ${n}`);
  return `${out.join('\n')}\n`;
}

export const median = (xs) => {
  const s = xs.filter((x) => x !== null && x !== undefined && !Number.isNaN(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
