import { readCsvRows, writeCsv } from '@/shared/csv';

/**
 * The one CSV writer of the app (issue 47): a cell a spreadsheet would run as a formula opens as
 * text, and a file the app wrote reads back as it was.
 */
const readBack = (text: string): string[][] => {
  const rows: string[][] = [];
  readCsvRows(text, { onHeader: (cells) => rows.push(cells), onRow: (cells) => rows.push(cells) });
  return rows;
};

describe('writeCsv', () => {
  it.each([
    ['=HYPERLINK("https://evil.example","Click")', `"'=HYPERLINK(""https://evil.example"",""Click"")"`],
    ['+1+2', `"'+1+2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
    ['ana@example.com', 'ana@example.com'],
    ['120.50', '120.50'],
    ['O=K', 'O=K'],
    ['', ''],
  ])('%j is written as %s', (cell, written) => {
    expect(writeCsv([[cell]])).toBe(written);
  });

  it('reads back what it wrote, cell for cell (quotes, commas, line breaks and guarded formula starts)', () => {
    const rows = [
      ['email', 'amount', 'note'],
      ['=cmd|calc', '-12.50', 'a, b'],
      ['ana@example.com', '+40', 'line one\nline two'],
      ["'already quoted", '@home', 'say "hi"'],
    ];
    expect(readBack(writeCsv(rows))).toEqual(rows);
  });
});
