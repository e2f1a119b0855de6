// @vitest-environment node
import { applyFixesToText, checkGlobalPayText } from '../../src/features/global-pay/model/parse-global-pay';
import { canFixInPlace, fixReplacements, fixesReady, type GlobalPayFixes } from '@machines/batches/global-pay-table';
import { readCsvRows } from '@/shared/csv';
import { validateGlobalPayPayment, validateGlobalPayResend, validateReceiveChoice } from '@machines/batches/global-pay-forms.machine';

/** The browser's check of a global pay file (Papa Parse + the shared row rule + duplicates), and the three forms' rules. */
const header = 'amount,currency,description,beneficiaryType,beneficiaryName,beneficiaryEmail,beneficiaryCountryCode,feeShare,paymentMethods';
const row = (email: string, amount = '120.50', extra = ''): string => `${amount},EUR,March,individual,Anna Schmidt,${email},DE,sender,${extra}`;
/** A file's first lines: a good one, one wrong in many ways, a repeat of the first, too few values, a method Germany does not offer. */
const mixedLines = [header, row('anna@example.com'), '0.50,XXX,,person,,not-an-email,ZZ,nobody,', row('ANNA@example.com ', '120.5'), 'too,few', row('carl@example.com', '10', 'instantPayment')];

describe('global pay file check', () => {
  it('a clean file: its rows, no problems (quoted cells, CRLF, empty lines)', () => {
    const text = [header, row('anna@example.com'), '', '"1,000.00",USD,"Rent, March",business,"Acme, Inc.",ap@acme.example,US,recipient,bankTransfer;card'].join('\r\n');
    const check = checkGlobalPayText(text);
    // "1,000.00" is not an amount (a thousands separator): one problem on line 4.
    expect(check).toEqual({
      rows: 2,
      problems: [{ line: 4, column: 'amount', problem: 'amountNotNumber' }],
      header: header.split(','),
      badRows: [{ line: 4, cells: ['1,000.00', 'USD', 'Rent, March', 'business', 'Acme, Inc.', 'ap@acme.example', 'US', 'recipient', 'bankTransfer;card'] }],
    });
    expect(checkGlobalPayText([header, row('anna@example.com'), row('bob@example.com', '99')].join('\n'))).toEqual({ rows: 2, problems: [], header: header.split(','), badRows: [] });
  });

  it('every bad row with its line and column; duplicates of an earlier line; a row with the wrong number of cells', () => {
    const text = mixedLines.join('\n');
    expect(checkGlobalPayText(text).problems).toEqual([
      { line: 3, column: 'amount', problem: 'amountRange' },
      { line: 3, column: 'currency', problem: 'currency' },
      { line: 3, column: 'beneficiaryType', problem: 'beneficiaryType' },
      { line: 3, column: 'beneficiaryName', problem: 'required' },
      { line: 3, column: 'beneficiaryEmail', problem: 'email' },
      { line: 3, column: 'beneficiaryCountryCode', problem: 'country' },
      { line: 3, column: 'feeShare', problem: 'feeShare' },
      { line: 4, column: 'beneficiaryEmail', problem: 'duplicate' },
      { line: 5, column: '', problem: 'cells' },
      { line: 6, column: 'paymentMethods', problem: 'method' },
    ]);
  });

  it('a header without required columns or with unknown ones; an empty file; a header alone; too many rows', () => {
    expect(checkGlobalPayText('amount,currency,iban\n1,EUR,x').problems.slice(0, 5)).toEqual([
      { line: 1, column: 'beneficiaryType', problem: 'header' },
      { line: 1, column: 'beneficiaryName', problem: 'header' },
      { line: 1, column: 'beneficiaryEmail', problem: 'header' },
      { line: 1, column: 'beneficiaryCountryCode', problem: 'header' },
      { line: 1, column: 'iban', problem: 'unknownColumn' },
    ]);
    expect(checkGlobalPayText('').problems).toEqual([{ line: 1, column: '', problem: 'empty' }]);
    expect(checkGlobalPayText(`${header}\n\n`).problems).toEqual([{ line: 2, column: '', problem: 'empty' }]);
    const many = [header, ...Array.from({ length: 10_001 }, (_, i) => row(`p${i}@example.com`))].join('\n');
    const check = checkGlobalPayText(many);
    expect(check.rows).toBe(10_000);
    expect(check.problems).toEqual([{ line: 0, column: '', problem: 'tooManyRows' }]);
  });

  it('a file over 10 MB is refused before it is read', () => {
    expect(checkGlobalPayText('x'.repeat(10_000_001)).problems).toEqual([{ line: 0, column: '', problem: 'tooBig' }]);
  });

  it('reports progress up to the whole file, in order', () => {
    const shares: number[] = [];
    checkGlobalPayText([header, ...Array.from({ length: 500 }, (_, i) => row(`p${i}@example.com`))].join('\n'), (share) => shares.push(share));
    expect(shares.length).toBeGreaterThan(10);
    expect(shares.at(-1)).toBe(1);
    expect([...shares].sort((a, b) => a - b)).toEqual(shares);
  });
});

describe('global pay forms', () => {
  const good = { amount: '12,50', currency: 'EUR', beneficiaryType: 'individual', beneficiaryName: 'Anna', beneficiaryEmail: 'anna@example.com', beneficiaryCountryCode: 'DE', description: '', feeShare: 'sender' };
  it.each([
    ['a good payment (a decimal comma is read as the point)', good, []],
    ['no name and a bad e-mail', { ...good, beneficiaryName: '', beneficiaryEmail: 'anna' }, ['beneficiaryName', 'beneficiaryEmail']],
    ['an amount too small, an unknown country', { ...good, amount: '0,99', beneficiaryCountryCode: 'ZZ' }, ['amount', 'beneficiaryCountryCode']],
    ['the recipient cannot pay a fee as large as the amount', { ...good, amount: '1', feeShare: 'recipient' }, ['amount']],
  ])('payment: %s', (_name, values, fields) => {
    expect(Object.keys(validateGlobalPayPayment(values))).toEqual(fields);
  });

  it.each([
    ['fixed@example.com', []],
    [' fixed@example.com ', []],
    ['fixed@example', ['beneficiaryEmail']],
    ['', ['beneficiaryEmail']],
  ])('resend to %j', (email, fields) => {
    expect(Object.keys(validateGlobalPayResend({ beneficiaryEmail: email }))).toEqual(fields);
  });

  it.each([
    ['no method', { paymentMethod: '' }, ['paymentMethod']],
    ['an unknown method', { paymentMethod: 'cash' }, ['paymentMethod']],
    ['a wallet needs nothing', { paymentMethod: 'wallet' }, []],
    ['a bank transfer without its fields', { paymentMethod: 'bankTransfer', accountHolderName: '', accountNumber: '' }, ['accountHolderName', 'accountNumber']],
    ['a card that fails the check digit', { paymentMethod: 'card', cardNumber: '4111 1111 1111 1112' }, ['cardNumber']],
    ['a good card', { paymentMethod: 'card', cardNumber: '4111 1111 1111 1111' }, []],
    ['an instant key', { paymentMethod: 'instantPayment', instantKey: 'ana@pix.example' }, []],
  ])('receive: %s', (_name, values, fields) => {
    expect(Object.keys(validateReceiveChoice(values))).toEqual(fields);
  });
});

describe('a generated 10,000-payment file (scripts/generate-global-pay-csv.mjs)', () => {
  it('has exactly its 20 bad lines found, each once, with their lines', async () => {
    const { execFileSync } = await import('node:child_process');
    const script = new URL('../../scripts/generate-global-pay-csv.mjs', import.meta.url).pathname;
    const text = execFileSync(process.execPath, [script, '--rows', '10000', '--bad', '20'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const lines = execFileSync(process.execPath, [script, '--rows', '10000', '--bad', '20', '--list'], { encoding: 'utf8' }).trim().split('\n').map(Number);
    expect(lines).toHaveLength(20);
    const check = checkGlobalPayText(text);
    expect(check.rows).toBe(10_000);
    expect(check.problems.map((p) => p.line)).toEqual(lines);
    expect(new Set(check.problems.map((p) => p.problem))).toEqual(new Set(['amountRange', 'email', 'country', 'currency']));
  });
});

describe('the file given back with its problems', () => {
  it('keeps every row (quoted cells quoted again), adds the column, and notes the bad lines only', async () => {
    const { annotateGlobalPayText } = await import('../../src/features/global-pay/model/parse-global-pay');
    const text = [header, row('anna@example.com'), '', '"1,000.00",USD,"Rent, March",business,"Acme, Inc.",ap@acme.example,US,recipient,'].join('\n');
    expect(annotateGlobalPayText(text, { 4: 'Line 4, Amount: Enter an amount with at most 2 decimals.' }, 'problems').split('\n')).toEqual([
      `${header},problems`,
      `${row('anna@example.com')},`,
      '"1,000.00",USD,"Rent, March",business,"Acme, Inc.",ap@acme.example,US,recipient,,"Line 4, Amount: Enter an amount with at most 2 decimals."',
    ]);
  });
});

describe('the lines with problems read with their cells (header, badRows)', () => {
  const columns = header.split(',');
  const good = (email: string, amount = '120.50', extra = '') => [amount, 'EUR', 'March', 'individual', 'Anna Schmidt', email, 'DE', 'sender', extra];

  it('every line with a problem once, with its cells as read (trimmed); no good line', () => {
    const text = [
      ...mixedLines,
      row('dora@example.com'),
      `${row('erik@example.com')},extra`,
    ].join('\n');
    const check = checkGlobalPayText(text);
    expect(check.header).toEqual(columns);
    expect(check.badRows).toEqual([
      { line: 3, cells: ['0.50', 'XXX', '', 'person', '', 'not-an-email', 'ZZ', 'nobody', ''] },
      { line: 4, cells: good('ANNA@example.com', '120.5') },
      { line: 5, cells: ['too', 'few'] },
      { line: 6, cells: good('carl@example.com', '10', 'instantPayment') },
      { line: 8, cells: [...good('erik@example.com'), 'extra'] },
    ]);
    // The lines of badRows are exactly the lines of the problems.
    expect(check.badRows.map((r) => r.line)).toEqual([...new Set(check.problems.map((p) => p.line))]);
    expect(check.problems.filter((p) => p.line === 8)).toEqual([{ line: 8, column: '', problem: 'cells' }]);
  });

  it('a repeat is a bad line, the line it repeats is not', () => {
    const check = checkGlobalPayText([header, row('anna@example.com'), row('bob@example.com'), row('anna@example.com', '120.5'), row('bob@example.com')].join('\n'));
    expect(check.badRows).toEqual([
      { line: 4, cells: good('anna@example.com', '120.5') },
      { line: 5, cells: good('bob@example.com') },
    ]);
  });

  it.each([
    ['an empty file', '', []],
    ['a header alone', `${header}\n\n`, columns],
    ['a header with spaces around its names (trimmed)', ` amount , currency,description,beneficiaryType,beneficiaryName,beneficiaryEmail,beneficiaryCountryCode,feeShare,paymentMethods\n${row('anna@example.com')}`, columns],
    ['a file over 10 MB', 'x'.repeat(10_000_001), []],
  ])('no bad lines: %s', (_name, text, expectedHeader) => {
    const check = checkGlobalPayText(text);
    expect(check.header).toEqual(expectedHeader);
    expect(check.badRows).toEqual([]);
  });

  it('a header with problems is given as read; its lines are read against it', () => {
    const check = checkGlobalPayText('amount,currency,iban\n1,EUR,x\n2,USD');
    expect(check.header).toEqual(['amount', 'currency', 'iban']);
    expect(check.badRows).toEqual([
      { line: 2, cells: ['1', 'EUR', 'x'] },
      { line: 3, cells: ['2', 'USD'] },
    ]);
  });

  it('lines after the 10,000th payment are not read', () => {
    const text = [header, ...Array.from({ length: 9_999 }, (_, i) => row(`p${i}@example.com`)), 'too,few', 'also,bad'].join('\n');
    const check = checkGlobalPayText(text);
    expect(check.badRows).toEqual([{ line: 10_001, cells: ['too', 'few'] }]);
    expect(check.problems).toEqual([
      { line: 10_001, column: '', problem: 'cells' },
      { line: 0, column: '', problem: 'tooManyRows' },
    ]);
  });
});

describe('the file written back with the fixes (applyFixesToText)', () => {
  const columns = header.split(',');
  const acme = '12.00,USD,"Rent, March",business,"Acme, Inc.",ap@acme.example,US,recipient,';
  const lines = [
    header, // 1
    row('anna@example.com'), // 2
    '0.50,EUR,March,individual,Anna Schmidt,bob@example.com,DE,sender,', // 3: an amount out of range
    '', // 4: empty
    acme, // 5: good, quoted cells
    'too,few', // 6: the wrong number of cells
    row('anna@example.com'), // 7: a repeat of line 2
    row('dora@example', '15.00'), // 8: a bad e-mail
  ];
  const text = lines.join('\r\n');
  const unchanged = lines.filter(Boolean).join('\n');
  const fixedLine3 = ['10.00', 'EUR', 'March', 'individual', 'Anna Schmidt', 'bob@example.com', 'DE', 'sender', ''];

  it('a replaced line, a line left out (null), the other lines as they were (empty lines dropped)', () => {
    expect(applyFixesToText(text, { 3: fixedLine3, 6: null }).split('\n')).toEqual([header, row('anna@example.com'), fixedLine3.join(','), acme, row('anna@example.com'), row('dora@example', '15.00')]);
  });

  it('no replacements: every line as it was, with \\n between lines', () => {
    expect(applyFixesToText(text, {})).toBe(unchanged);
  });

  it('the header is never replaced nor left out; a line the file does not have changes nothing', () => {
    expect(applyFixesToText(text, { 1: null, 4: null, 99: fixedLine3 })).toBe(unchanged);
    expect(applyFixesToText(text, { 1: ['x'] })).toBe(unchanged);
  });

  it('a cell with a comma or quotes is quoted, and reads back the same', () => {
    const replacement = [...fixedLine3];
    replacement[2] = 'Rent, "April"';
    replacement[4] = 'Schmidt, Anna';
    const written = applyFixesToText(text, { 3: replacement });
    expect(written.split('\n')[2]).toBe('10.00,EUR,"Rent, ""April""",individual,"Schmidt, Anna",bob@example.com,DE,sender,');
    const read: Record<number, string[]> = {};
    readCsvRows(written, { onHeader: (cells, line) => (read[line] = cells), onRow: (cells, line) => (read[line] = cells) });
    expect(read[3]).toEqual(replacement);
    expect(read[4]).toEqual(['12.00', 'USD', 'Rent, March', 'business', 'Acme, Inc.', 'ap@acme.example', 'US', 'recipient', '']);
  });

  it('every bad line fixed or left out: the file written back has no problems', () => {
    const check = checkGlobalPayText(text);
    expect(check.badRows.map((r) => r.line)).toEqual([3, 6, 7, 8]);
    expect(canFixInPlace(check.problems, check.badRows)).toBe(true);
    const six = ['75.25', 'GBP', 'Six', 'business', 'Six Ltd', 'six@example.com', 'GB', 'recipient', 'card'];
    const fixes: GlobalPayFixes = {
      3: { amount: '10.00' },
      6: Object.fromEntries(columns.map((c, i) => [c, six[i]!])),
      7: { amount: '121.00' },
    };
    expect(fixesReady(check.header, check.badRows, check.problems, fixes, [])).toBe(false);
    expect(fixesReady(check.header, check.badRows, check.problems, fixes, [8])).toBe(true);
    const written = applyFixesToText(text, fixReplacements(check.header, check.badRows, fixes, [8]));
    expect(written.split('\n')).toEqual([header, row('anna@example.com'), fixedLine3.join(','), acme, six.join(','), row('anna@example.com', '121.00')]);
    expect(checkGlobalPayText(written)).toEqual({ rows: 5, problems: [], header: columns, badRows: [] });
  });

  it('a repeat changed in its description only is not ready, and the file written back still has the repeat', () => {
    const source = [header, row('anna@example.com'), row('anna@example.com')].join('\n');
    const check = checkGlobalPayText(source);
    const fixes: GlobalPayFixes = { 3: { description: 'April' } };
    expect(fixesReady(check.header, check.badRows, check.problems, fixes, [])).toBe(false);
    const written = applyFixesToText(source, fixReplacements(check.header, check.badRows, fixes, []));
    expect(written.split('\n')[2]).toBe('120.50,EUR,April,individual,Anna Schmidt,anna@example.com,DE,sender,');
    expect(checkGlobalPayText(written).problems).toEqual([{ line: 3, column: 'beneficiaryEmail', problem: 'duplicate' }]);
  });

  it('a fix that makes a new repeat is found when the file written back is checked again', () => {
    const source = [header, row('anna@example.com'), row('bob@example', '50.00')].join('\n');
    const check = checkGlobalPayText(source);
    const fixes: GlobalPayFixes = { 3: { amount: '120.50', beneficiaryEmail: 'anna@example.com' } };
    expect(fixesReady(check.header, check.badRows, check.problems, fixes, [])).toBe(true);
    expect(checkGlobalPayText(applyFixesToText(source, fixReplacements(check.header, check.badRows, fixes, []))).problems).toEqual([
      { line: 3, column: 'beneficiaryEmail', problem: 'duplicate' },
    ]);
  });
});

describe('the bad lines of a generated 10,000-payment file', () => {
  it('badRows has exactly the bad lines, with their cells; leaving them all out gives a clean file', async () => {
    const { execFileSync } = await import('node:child_process');
    const script = new URL('../../scripts/generate-global-pay-csv.mjs', import.meta.url).pathname;
    const args = ['--rows', '10000', '--bad', '25', '--seed', '11'];
    const text = execFileSync(process.execPath, [script, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const lines = execFileSync(process.execPath, [script, ...args, '--list'], { encoding: 'utf8' }).trim().split('\n').map(Number);
    expect(lines).toHaveLength(25);
    const check = checkGlobalPayText(text);
    expect(check.header).toEqual(header.split(','));
    expect(check.badRows.map((r) => r.line)).toEqual(lines);
    const fileLines = text.split('\n');
    for (const bad of check.badRows) expect(bad.cells.join(',')).toBe(fileLines[bad.line - 1]);
    const written = applyFixesToText(text, fixReplacements(check.header, check.badRows, {}, lines));
    expect(checkGlobalPayText(written)).toEqual({ rows: 9_975, problems: [], header: header.split(','), badRows: [] });
  });
});
