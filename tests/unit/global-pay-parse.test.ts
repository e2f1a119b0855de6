// @vitest-environment node
import { checkGlobalPayText } from '../../src/features/global-pay/model/parse-global-pay';
import { validateGlobalPayPayment, validateGlobalPayResend, validateReceiveChoice } from '@machines/batches/global-pay-forms.machine';

/** The browser's check of a global pay file (Papa Parse + the shared row rule + duplicates), and the three forms' rules. */
const header = 'amount,currency,description,beneficiaryType,beneficiaryName,beneficiaryEmail,beneficiaryCountryCode,feeShare,paymentMethods';
const row = (email: string, amount = '120.50', extra = ''): string => `${amount},EUR,March,individual,Anna Schmidt,${email},DE,sender,${extra}`;

describe('global pay file check', () => {
  it('a clean file: its rows, no problems (quoted cells, CRLF, empty lines)', () => {
    const text = [header, row('anna@example.com'), '', '"1,000.00",USD,"Rent, March",business,"Acme, Inc.",ap@acme.example,US,recipient,bankTransfer;card'].join('\r\n');
    const check = checkGlobalPayText(text);
    // "1,000.00" is not an amount (a thousands separator): one problem on line 4.
    expect(check).toEqual({ rows: 2, problems: [{ line: 4, column: 'amount', problem: 'amount' }] });
    expect(checkGlobalPayText([header, row('anna@example.com'), row('bob@example.com', '99')].join('\n'))).toEqual({ rows: 2, problems: [] });
  });

  it('every bad row with its line and column; duplicates of an earlier line; a row with the wrong number of cells', () => {
    const text = [
      header,
      row('anna@example.com'),
      '0.50,XXX,,person,,not-an-email,ZZ,nobody,',
      row('ANNA@example.com ', '120.5'),
      'too,few',
      row('carl@example.com', '10', 'instantPayment'),
    ].join('\n');
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
