import { readCsvRows, readTextAtMost, writeCsv } from '@/shared/csv';

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

describe('readTextAtMost', () => {
  it('reads a file within the limit whole, and one over it only to one byte past the limit', async () => {
    expect(await readTextAtMost(new Blob(['0123456789']), 10)).toBe('0123456789');
    expect(await readTextAtMost(new Blob(['0123456789']), 4)).toBe('01234');
  });

  it('never asks a huge file for all of its text', async () => {
    const asked: number[] = [];
    const huge = {
      size: 8_000_000_000,
      text: () => Promise.reject(new Error('the whole file was read')),
      slice: (start: number, end: number) => {
        asked.push(end - start);
        return new Blob(['x'.repeat(end - start)]);
      },
    } as unknown as Blob;
    expect((await readTextAtMost(huge, 1_000_000)).length).toBe(1_000_001);
    expect(asked).toEqual([1_000_001]);
  });
});
