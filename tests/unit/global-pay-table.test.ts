// @vitest-environment node
import { deMethods, paymentFact, paymentInput } from '../support/global-pay-payments';
import {
  DEFAULT_TABLE_VIEW,
  FILE_COLUMNS,
  INLINE_COLUMNS,
  PAYMENT_SHOWS,
  PAYMENT_SORTS,
  canFixInPlace,
  changedPayments,
  checkPaymentChange,
  fixColumns,
  fixLineProblems,
  openProblems,
  fixReplacements,
  fixedRow,
  fixesReady,
  paymentRow,
  totalsAfter,
  visiblePayments,
  type GlobalPayBadRow,
  type GlobalPayFixes,
  type GlobalPayInlineColumn,
  type GlobalPayTableView,
} from '@machines/batches/global-pay-table';
import { batchTotals, type FeeShare, type GlobalPayCellError, type GlobalPayPaymentInput, type GlobalPayTotal } from '@machines/batches/global-pay-rules';
import type { GlobalPayPaymentFact } from '@machines/batches/global-pay.logic';

/**
 * The global pay tables' pure rules: a file's bad lines fixed in place before upload,
 * and after upload a cell's change, which payments are shown, and the totals carried forward;
 * every branch and boundary of each rule.
 */

// ---- before upload: fixing the file's bad lines in place ------------------------------------------

/** The file's header in the file's order (written out, not taken from the module). */
const HEADER = ['amount', 'currency', 'description', 'beneficiaryType', 'beneficiaryName', 'beneficiaryEmail', 'beneficiaryCountryCode', 'feeShare', 'paymentMethods'];
/** A good line's cells, in the header's order. */
const GOOD = ['120.50', 'EUR', 'March', 'individual', 'Anna Schmidt', 'anna@example.com', 'DE', 'sender', ''];
const cellsWith = (over: Record<string, string>): string[] => HEADER.map((column, i) => over[column] ?? GOOD[i]!);
const bad = (line: number, over: Record<string, string> = {}): GlobalPayBadRow => ({ line, cells: cellsWith(over) });
const err = (column: GlobalPayCellError['column'], problem: GlobalPayCellError['problem']): GlobalPayCellError => ({ column, problem });
const problem = (line: number, column: string, name: string) => ({ line, column, problem: name });

describe('the file columns the fix form lists', () => {
  it('every column, required first, in the file order', () => {
    expect(FILE_COLUMNS).toEqual(HEADER.filter((c) => !['description', 'feeShare', 'paymentMethods'].includes(c)).concat(['description', 'feeShare', 'paymentMethods']));
  });
});

describe('a bad line with the fixes laid over it (fixedRow)', () => {
  const good = {
    amount: '120.50',
    currency: 'EUR',
    description: 'March',
    beneficiaryType: 'individual',
    beneficiaryName: 'Anna Schmidt',
    beneficiaryEmail: 'anna@example.com',
    beneficiaryCountryCode: 'DE',
    feeShare: 'sender',
    paymentMethods: '',
  };
  it.each([
    ['no fixes: the cells by column', HEADER, bad(3), {}, good],
    ['a fix replaces its cell only', HEADER, bad(3), { 3: { amount: '99.00' } }, { ...good, amount: '99.00' }],
    ['several fixes of the line', HEADER, bad(3), { 3: { amount: '99.00', beneficiaryEmail: 'bob@example.com' } }, { ...good, amount: '99.00', beneficiaryEmail: 'bob@example.com' }],
    ['fixes of another line are not used', HEADER, bad(3), { 4: { amount: '99.00' } }, good],
    ['a fix to an empty value empties the cell (not the value read)', HEADER, bad(3), { 3: { description: '' } }, { ...good, description: '' }],
    ['a fix of a column the header lacks is not in the row', HEADER, bad(3), { 3: { iban: 'DE00' } }, good],
    [
      'fewer cells than the header: the missing columns are empty',
      HEADER,
      { line: 5, cells: ['too', 'few'] },
      {},
      { amount: 'too', currency: 'few', description: '', beneficiaryType: '', beneficiaryName: '', beneficiaryEmail: '', beneficiaryCountryCode: '', feeShare: '', paymentMethods: '' },
    ],
    [
      'fewer cells with fixes of the missing columns',
      HEADER,
      { line: 5, cells: ['too', 'few'] },
      { 5: { amount: '10.00', currency: 'USD', beneficiaryEmail: 'x@example.com' } },
      { amount: '10.00', currency: 'USD', description: '', beneficiaryType: '', beneficiaryName: '', beneficiaryEmail: 'x@example.com', beneficiaryCountryCode: '', feeShare: '', paymentMethods: '' },
    ],
    ['more cells than the header: the extra ones are left out', HEADER, { line: 6, cells: [...GOOD, 'extra', 'more'] }, {}, good],
    ['the header decides the columns and their order', ['beneficiaryEmail', 'amount'], { line: 2, cells: ['z@example.com', '5'] }, {}, { beneficiaryEmail: 'z@example.com', amount: '5' }],
    ['an empty header: an empty row', [], bad(3), { 3: { amount: '1' } }, {}],
  ] as [string, string[], GlobalPayBadRow, GlobalPayFixes, Record<string, string>][])('%s', (_name, header, row, fixes, expected) => {
    const fixed = fixedRow(header, row, fixes);
    expect(fixed).toEqual(expected);
    expect(Object.keys(fixed)).toEqual(header);
  });
});

describe('the problems still open while lines are fixed (openProblems: the red summary)', () => {
  const rows = [bad(3, { amount: '0.50' }), bad(5, { amount: 'abc', beneficiaryEmail: 'anna' }), bad(7, { currency: 'XXX' })];
  const found = [problem(3, 'amount', 'amountRange'), problem(5, 'amount', 'amountNotNumber'), problem(5, 'beneficiaryEmail', 'email'), problem(7, 'currency', 'currency'), problem(1, '', 'tooManyRows')];
  it.each([
    ['nothing fixed: every problem, as found', {}, [], found],
    ['a line fixed: gone from the list', { 3: { amount: '10.00' } }, [], found.slice(1)],
    ['a line fixed in part: only what is still wrong, where it was', { 5: { amount: '10.00' } }, [], [found[0], problem(5, 'beneficiaryEmail', 'email'), found[3], found[4]]],
    ['a fix that breaks another way: the new problem', { 3: { amount: '-3' } }, [], [problem(3, 'amount', 'amountNegative'), ...found.slice(1)]],
    ['a line left out: gone', {}, [7], [...found.slice(0, 3), found[4]]],
    ['every line fixed or left out: only the file’s own problem', { 3: { amount: '10.00' }, 5: { amount: '10.00', beneficiaryEmail: 'anna@example.com' } }, [7], [found[4]]],
  ] as [string, GlobalPayFixes, number[], { line: number; column: string; problem: string }[]][])('%s', (_name, fixes, omitted, expected) => {
    expect(openProblems(HEADER, rows, found, fixes, omitted)).toEqual(expected);
  });
});

describe('what is still wrong with a bad line once fixed (fixLineProblems)', () => {
  const duplicate = [problem(4, 'beneficiaryEmail', 'duplicate')];
  it.each([
    ['an amount out of range, not fixed', bad(3, { amount: '0.50' }), {}, [problem(3, 'amount', 'amountRange')], [err('amount', 'amountRange')]],
    ['fixed with a good amount: nothing', bad(3, { amount: '0.50' }), { 3: { amount: '10.00' } }, [problem(3, 'amount', 'amountRange')], []],
    ['fixed with another bad amount: the new problem', bad(3, { amount: '0.50' }), { 3: { amount: '1.234' } }, [problem(3, 'amount', 'amountRange')], [err('amount', 'amountDecimals')]],
    ['fixed, but another cell broken by a fix', bad(3, { amount: '0.50' }), { 3: { amount: '10.00', currency: 'XXX' } }, [problem(3, 'amount', 'amountRange')], [err('currency', 'currency')]],
    ['several problems, one fixed: the others', bad(3, { amount: '0.50', beneficiaryEmail: 'anna' }), { 3: { amount: '10.00' } }, [problem(3, 'amount', 'amountRange'), problem(3, 'beneficiaryEmail', 'email')], [err('beneficiaryEmail', 'email')]],
    [
      'the wrong number of cells: the row rule on what was read',
      { line: 5, cells: ['too', 'few'] },
      {},
      [problem(5, '', 'cells')],
      [err('amount', 'amountNotNumber'), err('currency', 'currency'), err('beneficiaryType', 'required'), err('beneficiaryName', 'required'), err('beneficiaryEmail', 'required'), err('beneficiaryCountryCode', 'required')],
    ],
    [
      'the wrong number of cells, every column fixed: nothing',
      { line: 5, cells: ['too', 'few'] },
      { 5: Object.fromEntries(HEADER.map((c, i) => [c, GOOD[i]!])) },
      [problem(5, '', 'cells')],
      [],
    ],
    ['a repeat, not changed: still a repeat', bad(4), {}, duplicate, [err('beneficiaryEmail', 'duplicate')]],
    ['a repeat with only its description changed: still a repeat', bad(4), { 4: { description: 'April' } }, duplicate, [err('beneficiaryEmail', 'duplicate')]],
    ['a repeat with only its name and fee side changed: still a repeat', bad(4), { 4: { beneficiaryName: 'Bob', feeShare: 'recipient' } }, duplicate, [err('beneficiaryEmail', 'duplicate')]],
    ['a repeat with its e-mail changed: nothing', bad(4), { 4: { beneficiaryEmail: 'bob@example.com' } }, duplicate, []],
    ['a repeat with its amount changed: nothing', bad(4), { 4: { amount: '120.51' } }, duplicate, []],
    ['a repeat with its currency changed: nothing', bad(4), { 4: { currency: 'USD' } }, duplicate, []],
    ['a repeat "fixed" with spaces around its e-mail only: still a repeat', bad(4), { 4: { beneficiaryEmail: '  anna@example.com ' } }, duplicate, [err('beneficiaryEmail', 'duplicate')]],
    ['a repeat "fixed" with spaces around amount and currency only: still a repeat', bad(4), { 4: { amount: ' 120.50', currency: 'EUR  ' } }, duplicate, [err('beneficiaryEmail', 'duplicate')]],
    ['a repeat fixed with the same value typed again: still a repeat', bad(4), { 4: { amount: '120.50' } }, duplicate, [err('beneficiaryEmail', 'duplicate')]],
    ['a repeat "fixed" by the e-mail\'s case only: still a repeat (the repeat check ignores case)', bad(4), { 4: { beneficiaryEmail: 'ANNA@example.com' } }, duplicate, [err('beneficiaryEmail', 'duplicate')]],
    ['a repeat "fixed" by writing the amount another way: still a repeat', bad(4), { 4: { amount: '120.5' } }, duplicate, [err('beneficiaryEmail', 'duplicate')]],
    ['a repeat "fixed" by the currency\'s case only: still a repeat', bad(4), { 4: { currency: 'eur' } }, duplicate, [err('beneficiaryEmail', 'duplicate')]],
    ['a repeat whose fix breaks the e-mail: the row rule only, not a repeat', bad(4), { 4: { beneficiaryEmail: 'anna' } }, duplicate, [err('beneficiaryEmail', 'email')]],
    ['a repeat whose fix breaks its description: the row rule only, not a repeat', bad(4), { 4: { description: 'd'.repeat(141) } }, duplicate, [err('description', 'tooLong')]],
    ['a line without a repeat problem is never called a repeat', bad(3), {}, [problem(3, 'description', 'tooLong')], []],
    ['no problems given and a good line: nothing', bad(3), {}, [], []],
  ] as [string, GlobalPayBadRow, GlobalPayFixes, { column: string; problem: string }[], GlobalPayCellError[]][])('%s', (_name, row, fixes, problems, expected) => {
    expect(fixLineProblems(HEADER, row, fixes, problems)).toEqual(expected);
  });
});

describe('the columns a bad line offers to fix (fixColumns)', () => {
  const p = (column: string, name: string) => ({ column, problem: name });
  it.each([
    ['no problems: none', HEADER, [], []],
    ['one problem: its column', HEADER, [p('amount', 'amountRange')], ['amount']],
    ['several problems: in the header order, not the problems order', HEADER, [p('beneficiaryEmail', 'email'), p('currency', 'currency'), p('amount', 'amountDecimals')], ['amount', 'currency', 'beneficiaryEmail']],
    ['two problems of one column: once', HEADER, [p('amount', 'amountDecimals'), p('amount', 'feeAboveAmount')], ['amount']],
    ['a repeat: its recipient, amount and currency (header order)', HEADER, [p('beneficiaryEmail', 'duplicate')], ['amount', 'currency', 'beneficiaryEmail']],
    ['a repeat under another header order', ['beneficiaryEmail', 'description', 'currency', 'amount'], [p('beneficiaryEmail', 'duplicate')], ['beneficiaryEmail', 'currency', 'amount']],
    ['a repeat whose problem names no column still offers the three', HEADER, [p('', 'duplicate')], ['amount', 'currency', 'beneficiaryEmail']],
    ['a repeat and a description problem', HEADER, [p('description', 'tooLong'), p('beneficiaryEmail', 'duplicate')], ['amount', 'currency', 'description', 'beneficiaryEmail']],
    ['the wrong number of cells: every column of the header', HEADER, [p('', 'cells')], HEADER],
    ['the wrong number of cells wins over other problems', ['amount', 'currency'], [p('amount', 'amountDecimals'), p('', 'cells')], ['amount', 'currency']],
    ['a problem of a column the header lacks: left out', ['amount', 'currency'], [p('description', 'tooLong'), p('currency', 'currency')], ['currency']],
    ['a problem without a column (not cells, not a repeat): nothing', HEADER, [p('', 'empty')], []],
    ['a problem without a column, under a header with an empty name: nothing', ['amount', ''], [p('', 'required')], []],
  ] as [string, string[], { column: string; problem: string }[], string[]][])('%s', (_name, header, problems, columns) => {
    expect(fixColumns(header, problems)).toEqual(columns);
  });

  it('every column of a line with the wrong number of cells is a copy of the header', () => {
    const header = ['amount', 'currency'];
    const columns = fixColumns(header, [{ column: '', problem: 'cells' }]);
    expect(columns).not.toBe(header);
    columns.push('x');
    expect(header).toEqual(['amount', 'currency']);
  });
});

describe('whether a file can be fixed here (canFixInPlace)', () => {
  const rows = [bad(3), bad(4), { line: 7, cells: ['too', 'few'] }];
  it.each([
    ['no problems: nothing to fix', [], rows, false],
    ['no problems and no bad rows', [], [], false],
    ['a problem on a bad row', [problem(3, 'amount', 'amountRange')], rows, true],
    ['problems on every bad row (a repeat, the wrong number of cells)', [problem(3, 'amount', 'amount'), problem(3, 'currency', 'currency'), problem(4, 'beneficiaryEmail', 'duplicate'), problem(7, '', 'cells')], rows, true],
    ['a problem on line 1 (the header) cannot be fixed here', [problem(1, 'amount', 'amount')], [...rows, bad(1)], false],
    ['a missing column', [problem(1, 'beneficiaryEmail', 'header')], rows, false],
    ['an unknown column', [problem(1, 'iban', 'unknownColumn')], rows, false],
    ['a file too big', [problem(0, '', 'tooBig')], rows, false],
    ['too many rows', [problem(0, '', 'tooManyRows')], rows, false],
    ['an empty file', [problem(1, '', 'empty')], rows, false],
    ['a header alone (empty, line 2)', [problem(2, '', 'empty')], [...rows, bad(2)], false],
    ['a file problem named on a bad row still needs another file', [problem(3, '', 'header')], rows, false],
    ['tooBig on a bad row', [problem(3, '', 'tooBig')], rows, false],
    ['tooManyRows on a bad row', [problem(3, '', 'tooManyRows')], rows, false],
    ['unknownColumn on a bad row', [problem(3, 'iban', 'unknownColumn')], rows, false],
    ['a problem on a line that was not read with its cells', [problem(5, 'amount', 'amount')], rows, false],
    ['good lines fixable, one line not read', [problem(3, 'amount', 'amount'), problem(5, 'amount', 'amount')], rows, false],
    ['good lines fixable, plus a file problem', [problem(3, 'amount', 'amount'), problem(0, '', 'tooManyRows')], rows, false],
    ['no bad rows at all', [problem(3, 'amount', 'amount')], [], false],
  ] as [string, { line: number; problem: string }[], GlobalPayBadRow[], boolean][])('%s', (_name, problems, badRows, expected) => {
    expect(canFixInPlace(problems, badRows)).toBe(expected);
  });
});

describe('every bad line fixed or left out (fixesReady)', () => {
  // Line 3: an amount out of range; line 4: a repeat of line 2; line 5: a description too long; line 6: the wrong number of cells.
  const rows = [bad(3, { amount: '0.50' }), bad(4), bad(5, { description: 'x'.repeat(141) }), { line: 6, cells: ['1', 'EUR'] }];
  const problems = [problem(3, 'amount', 'amountRange'), problem(4, 'beneficiaryEmail', 'duplicate'), problem(5, 'description', 'tooLong'), problem(6, '', 'cells')];
  const whole = (over: Record<string, string>) => Object.fromEntries(HEADER.map((c, i) => [c, over[c] ?? GOOD[i]!]));
  const allFixed: GlobalPayFixes = {
    3: { amount: '10.00' },
    4: { amount: '130.00' },
    5: { description: 'March' },
    6: whole({ beneficiaryEmail: 'six@example.com' }),
  };
  it.each([
    ['nothing fixed yet', {}, [], false],
    ['every line fixed', allFixed, [], true],
    ['every line left out', {}, [3, 4, 5, 6], true],
    ['some fixed, the rest left out', { 3: allFixed[3]!, 5: allFixed[5]! }, [4, 6], true],
    ['one line neither fixed nor left out', { 3: allFixed[3]!, 5: allFixed[5]! }, [4], false],
    ['a line fixed wrongly', { ...allFixed, 3: { amount: '0.99' } }, [], false],
    ['a repeat fixed in its description only', { ...allFixed, 4: { description: 'April' } }, [], false],
    ['a repeat fixed with spaces only', { ...allFixed, 4: { beneficiaryEmail: ' anna@example.com ' } }, [], false],
    ['the wrong number of cells fixed in one column only', { ...allFixed, 6: { currency: 'EUR' } }, [], false],
    ['a line left out that is not bad changes nothing', {}, [2, 9], false],
    // A repeat's problem belongs to its own line: line 5 (description fixed, recipient, amount and currency unchanged) is not a repeat.
    ['the repeat problem of line 4 does not make line 5 a repeat', { 3: allFixed[3]!, 5: allFixed[5]!, 6: allFixed[6]! }, [4], true],
  ] as [string, GlobalPayFixes, number[], boolean][])('%s', (_name, fixes, omitted, expected) => {
    expect(fixesReady(HEADER, rows, problems, fixes, omitted)).toBe(expected);
  });

  it.each([
    ['no problems at all', [], rows],
    ['a file problem besides the lines', [...problems, problem(1, 'iban', 'unknownColumn')], rows],
    ['a problem on a line not read', [...problems, problem(8, 'amount', 'amount')], rows],
  ] as [string, { line: number; column: string; problem: string }[], GlobalPayBadRow[]][])('not ready when the file cannot be fixed here: %s', (_name, fileProblems, badRows) => {
    expect(fixesReady(HEADER, badRows, fileProblems, allFixed, [3, 4, 5, 6])).toBe(false);
  });
});

describe('what the file is written back with (fixReplacements)', () => {
  it.each([
    ['no bad rows: nothing', [], {}, [], {}],
    ['a line left out: null', [bad(3)], {}, [3], { 3: null }],
    ['left out wins over its fixes', [bad(3)], { 3: { amount: '10.00' } }, [3], { 3: null }],
    ['a fixed line: its cells in the header order', [bad(3, { amount: '0.50' })], { 3: { amount: '10.00' } }, [], { 3: cellsWith({ amount: '10.00' }) }],
    ['a line with an empty set of fixes is written (as read)', [bad(3)], { 3: {} }, [], { 3: GOOD }],
    ['a line not fixed, with the right number of cells: not written', [bad(3)], {}, [], {}],
    ['fixes of another line do not write this one', [bad(3)], { 4: { amount: '10.00' } }, [], {}],
    ['a line not fixed with too few cells: the header columns, empty ones added', [{ line: 6, cells: ['1', 'EUR'] }], {}, [], { 6: ['1', 'EUR', '', '', '', '', '', '', ''] }],
    ['a line not fixed with too many cells: cut to the header', [{ line: 6, cells: [...GOOD, 'extra'] }], {}, [], { 6: GOOD }],
    [
      'a line with too few cells, fixed',
      [{ line: 6, cells: ['1', 'EUR'] }],
      { 6: { beneficiaryEmail: 'x@example.com', amount: '5' } },
      [],
      { 6: ['5', 'EUR', '', '', '', 'x@example.com', '', '', ''] },
    ],
    [
      'several lines: each on its own',
      [bad(3), bad(4), bad(5), { line: 6, cells: ['1'] }],
      { 3: { currency: 'USD' } },
      [5],
      { 3: cellsWith({ currency: 'USD' }), 5: null, 6: ['1', '', '', '', '', '', '', '', ''] },
    ],
  ] as [string, GlobalPayBadRow[], GlobalPayFixes, number[], Record<number, string[] | null>][])('%s', (_name, rows, fixes, omitted, expected) => {
    expect(fixReplacements(HEADER, rows, fixes, omitted)).toEqual(expected);
  });

  it('follows the header order, whatever the order of the fixes', () => {
    const header = ['beneficiaryEmail', 'currency', 'amount'];
    expect(fixReplacements(header, [{ line: 2, cells: ['a@example.com', 'EUR', '1'] }], { 2: { amount: '2', beneficiaryEmail: 'b@example.com' } }, [])).toEqual({
      2: ['b@example.com', 'EUR', '2'],
    });
  });
});

// ---- after upload: a cell of the draft's table ----------------------------------------------------

/** The table's payment: a March description, the card forbidden. */
const input = (over: Partial<GlobalPayPaymentInput> = {}): GlobalPayPaymentInput => paymentInput({ description: 'March', paymentMethods: deMethods('card'), ...over });

describe('a payment as a file row (paymentRow)', () => {
  it.each([
    [
      'every field, the methods left empty (a forbidden method is not a row rule)',
      input(),
      { amount: '100.00', currency: 'EUR', description: 'March', beneficiaryType: 'individual', beneficiaryName: 'Anna Schmidt', beneficiaryEmail: 'anna@example.com', beneficiaryCountryCode: 'DE', feeShare: 'sender', paymentMethods: '' },
    ],
    [
      'another payment',
      input({ amount: '7.5', currency: 'USD', description: '', beneficiaryType: 'business', beneficiaryName: 'Acme', beneficiaryEmail: 'ap@acme.example', beneficiaryCountryCode: 'US', feeShare: 'recipient', paymentMethods: [] }),
      { amount: '7.5', currency: 'USD', description: '', beneficiaryType: 'business', beneficiaryName: 'Acme', beneficiaryEmail: 'ap@acme.example', beneficiaryCountryCode: 'US', feeShare: 'recipient', paymentMethods: '' },
    ],
  ])('%s', (_name, payment, row) => expect(paymentRow(payment)).toEqual(row));

  it('the table edits the amount, the e-mail and the description in place', () => {
    expect([...INLINE_COLUMNS]).toEqual(['amount', 'beneficiaryEmail', 'description']);
  });
});

describe("a cell's change (checkPaymentChange)", () => {
  type Result = { changes: Partial<GlobalPayPaymentInput> } | { problem: GlobalPayCellError['problem'] };
  const recipient = input({ feeShare: 'recipient' });
  it.each([
    // amount: format
    ['amount: letters', input(), 'amount', 'abc', { problem: 'amountNotNumber' }],
    ['amount: NaN', input(), 'amount', 'NaN', { problem: 'amountNotNumber' }],
    ['amount: an exponent', input(), 'amount', '1e3', { problem: 'amountNotNumber' }],
    ['amount: three decimals', input(), 'amount', '12.345', { problem: 'amountDecimals' }],
    ['amount: a thousands separator', input(), 'amount', '1,000.00', { problem: 'amountNotNumber' }],
    ['amount: a decimal comma with three decimals', input(), 'amount', '12,555', { problem: 'amountDecimals' }],
    ['amount: negative', input(), 'amount', '-5', { problem: 'amountNegative' }],
    ['amount: negative with decimals', input(), 'amount', '-15.00', { problem: 'amountNegative' }],
    ['amount: ten digits', input(), 'amount', '1234567890', { problem: 'amountRange' }],
    ['amount: a point without decimals', input(), 'amount', '12.', { problem: 'amountNotNumber' }],
    ['amount: empty', input(), 'amount', '', { problem: 'required' }],
    ['amount: spaces only', input(), 'amount', '   ', { problem: 'required' }],
    // amount: range
    ['amount: below 1.00', input(), 'amount', '0.99', { problem: 'amountRange' }],
    ['amount: zero', input(), 'amount', '0', { problem: 'amountRange' }],
    ['amount: 1.00 (the lowest)', input(), 'amount', '1.00', { changes: { amount: '1.00' } }],
    ['amount: 1 written with cents', input(), 'amount', '1', { changes: { amount: '1.00' } }],
    ['amount: 50000.00 (the highest)', input(), 'amount', '50000.00', { changes: { amount: '50000.00' } }],
    ['amount: 50000 written with cents', input(), 'amount', '50000', { changes: { amount: '50000.00' } }],
    ['amount: above 50000.00', input(), 'amount', '50000.01', { problem: 'amountRange' }],
    ['amount: far above', input(), 'amount', '999999999', { problem: 'amountRange' }],
    // amount: writing
    ['amount: a decimal comma', input(), 'amount', '12,5', { changes: { amount: '12.50' } }],
    ['amount: a decimal comma with spaces around', input(), 'amount', ' 12,5 ', { changes: { amount: '12.50' } }],
    ['amount: a decimal comma with two decimals', input(), 'amount', '12,34', { changes: { amount: '12.34' } }],
    ['amount: one decimal', input(), 'amount', '7.5', { changes: { amount: '7.50' } }],
    ['amount: leading zeros', input(), 'amount', '0042', { changes: { amount: '42.00' } }],
    ['amount: spaces around', input(), 'amount', ' 250.00 ', { changes: { amount: '250.00' } }],
    // amount: the same value
    ['amount: the same value', input(), 'amount', '100.00', { changes: {} }],
    ['amount: the same value without cents', input(), 'amount', '100', { changes: {} }],
    ['amount: the same value with one decimal', input(), 'amount', '100.0', { changes: {} }],
    ['amount: the same value with a decimal comma', input(), 'amount', '100,00', { changes: {} }],
    ['amount: the same value with leading zeros and spaces', input(), 'amount', ' 0100 ', { changes: {} }],
    // amount: the fee the recipient pays
    ['amount: the recipient pays a fee of 1.00 out of 1.00', recipient, 'amount', '1.00', { problem: 'feeAboveAmount' }],
    ['amount: the recipient pays a fee of 1.00 out of 1', recipient, 'amount', '1', { problem: 'feeAboveAmount' }],
    ['amount: the recipient pays 1.00 out of 1.01', recipient, 'amount', '1.01', { changes: { amount: '1.01' } }],
    ['amount: the recipient, below the range: the range first', recipient, 'amount', '0.99', { problem: 'amountRange' }],
    ['amount: the sender pays the fee of 1.00 on top', input(), 'amount', '1.00', { changes: { amount: '1.00' } }],
    // e-mail
    ['e-mail: no @', input(), 'beneficiaryEmail', 'anna', { problem: 'email' }],
    ['e-mail: no dot in the domain', input(), 'beneficiaryEmail', 'bob@example', { problem: 'email' }],
    ['e-mail: a space inside', input(), 'beneficiaryEmail', 'bob smith@example.com', { problem: 'email' }],
    ['e-mail: empty', input(), 'beneficiaryEmail', '', { problem: 'required' }],
    ['e-mail: another one', input(), 'beneficiaryEmail', 'bob@example.com', { changes: { beneficiaryEmail: 'bob@example.com' } }],
    ['e-mail: trimmed', input(), 'beneficiaryEmail', '  bob@example.com  ', { changes: { beneficiaryEmail: 'bob@example.com' } }],
    ['e-mail: the same', input(), 'beneficiaryEmail', 'anna@example.com', { changes: {} }],
    ['e-mail: the same with spaces around', input(), 'beneficiaryEmail', ' anna@example.com ', { changes: {} }],
    ['e-mail: another case is a change', input(), 'beneficiaryEmail', 'Anna@example.com', { changes: { beneficiaryEmail: 'Anna@example.com' } }],
    // description
    ['description: 140 characters', input(), 'description', 'd'.repeat(140), { changes: { description: 'd'.repeat(140) } }],
    ['description: 141 characters', input(), 'description', 'd'.repeat(141), { problem: 'tooLong' }],
    ['description: 140 characters with spaces around (trimmed first)', input(), 'description', `  ${'d'.repeat(140)}  `, { changes: { description: 'd'.repeat(140) } }],
    ['description: emptied', input(), 'description', '', { changes: { description: '' } }],
    ['description: spaces only is emptied', input(), 'description', '   ', { changes: { description: '' } }],
    ['description: trimmed', input(), 'description', '  April  ', { changes: { description: 'April' } }],
    ['description: the same', input(), 'description', 'March', { changes: {} }],
    ['description: the same with spaces around', input(), 'description', ' March ', { changes: {} }],
    // the other fields' problems are not this cell's
    ['a description change of a payment whose amount the recipient cannot pay', input({ amount: '1.00', feeShare: 'recipient' }), 'description', 'April', { changes: { description: 'April' } }],
    ['an e-mail change of a payment with a long description', input({ description: 'd'.repeat(200) }), 'beneficiaryEmail', 'bob@example.com', { changes: { beneficiaryEmail: 'bob@example.com' } }],
    ['an amount change of a payment with a bad e-mail', input({ beneficiaryEmail: 'anna' }), 'amount', '5', { changes: { amount: '5.00' } }],
  ] as [string, GlobalPayPaymentInput, GlobalPayInlineColumn, string, Result][])('%s', (_name, payment, column, value, expected) => {
    expect(checkPaymentChange(payment, column, value)).toEqual(expected);
  });
});

// ---- after upload: which payments the table shows -------------------------------------------------

const fact = (id: number, over: Partial<GlobalPayPaymentFact> = {}): GlobalPayPaymentFact => paymentFact(id, { ...input(), ...over });
const ids = (list: readonly { id: number }[]) => list.map((p) => p.id);
const view = (over: Partial<GlobalPayTableView> = {}): GlobalPayTableView => ({ ...DEFAULT_TABLE_VIEW, ...over });

describe('which payments the table shows (visiblePayments)', () => {
  const payments: readonly GlobalPayPaymentFact[] = [
    fact(1, { beneficiaryName: 'Anna Schmidt', beneficiaryEmail: 'anna@example.com', description: 'March rent', currency: 'EUR', amount: '100.00' }),
    fact(2, { beneficiaryName: 'Bruno Diaz', beneficiaryEmail: 'bruno@music.example', description: 'Studio', currency: 'USD', amount: '9.99' }),
    fact(3, { beneficiaryName: 'Anna Schmidt', beneficiaryEmail: 'aaron@example.com', description: 'Bonus', currency: 'EUR', amount: '10.00', status: 'removed' }),
    fact(4, { beneficiaryName: 'Carl Sagan', beneficiaryEmail: 'carl@space.example', description: 'Cosmos march', currency: 'GBP', amount: '0.5' }),
    fact(5, { beneficiaryName: 'Dana Scully', beneficiaryEmail: 'dana@fbi.example', description: 'X files', currency: 'USD', amount: '100.00', status: 'failed' }),
    fact(-6, { beneficiaryName: 'Eve Added', beneficiaryEmail: 'eve@example.com', description: 'Late', currency: 'EUR', amount: '10.00' }),
  ];

  it('the default view: all of them, in the file order', () => {
    expect(DEFAULT_TABLE_VIEW).toEqual({ query: '', show: 'all', sort: 'line', descending: false });
    expect(ids(visiblePayments(payments, DEFAULT_TABLE_VIEW))).toEqual([1, 2, 3, 4, 5, -6]);
    expect([...PAYMENT_SORTS]).toEqual(['line', 'recipient', 'amount', 'currency']);
    expect([...PAYMENT_SHOWS]).toEqual(['all', 'active', 'removed', 'failed']);
  });

  it.each([
    ['no words', '', [1, 2, 3, 4, 5, -6]],
    ['spaces only', '   ', [1, 2, 3, 4, 5, -6]],
    ['a word of the description, any case', 'MARCH', [1, 4]],
    ['a word of the name', 'schmidt', [1, 3]],
    ['a part of the e-mail', 'example.com', [1, 3, -6]],
    ['the currency', 'usd', [2, 5]],
    ['two words: both must match (name and description)', 'anna   march', [1]],
    ['two words: name and currency', 'Schmidt eur', [1, 3]],
    ['two words, one matches nothing: none', 'anna zzz', []],
    ['a word found nowhere', 'nobody', []],
    ['a word across two fields does not match', 'renteur', []],
    ['the status is not searched', 'removed', []],
    ['the amount is not searched', '9.99', []],
  ])('query: %s', (_name, query, expected) => {
    expect(ids(visiblePayments(payments, view({ query })))).toEqual(expected);
  });

  it.each([
    ['all', 'all', new Set<number>(), [1, 2, 3, 4, 5, -6]],
    ['active: all but the removed', 'active', new Set<number>(), [1, 2, 4, 5, -6]],
    ['removed: the removed only', 'removed', new Set<number>(), [3]],
    ['failed: those with a change not saved (not the status)', 'failed', new Set([2, 3]), [2, 3]],
    ['failed: none when no change failed', 'failed', new Set<number>(), []],
    ['failed: ids of no payment show nothing', 'failed', new Set([99]), []],
    ['all ignores the failed ids', 'all', new Set([2]), [1, 2, 3, 4, 5, -6]],
    ['active ignores the failed ids', 'active', new Set([3]), [1, 2, 4, 5, -6]],
  ] as [string, GlobalPayTableView['show'], Set<number>, number[]][])('show %s', (_name, show, failed, expected) => {
    expect(ids(visiblePayments(payments, view({ show }), failed))).toEqual(expected);
  });

  it('failed without failed ids given: none', () => {
    expect(visiblePayments(payments, view({ show: 'failed' }))).toEqual([]);
  });

  it.each([
    ['active and a query', view({ show: 'active', query: 'anna' }), new Set<number>(), [1]],
    ['removed and a query', view({ show: 'removed', query: 'anna' }), new Set<number>(), [3]],
    ['failed and a query', view({ show: 'failed', query: 'eur' }), new Set([1, 2, -6]), [1, -6]],
    ['active, sorted by amount, descending (ties in the file order)', view({ show: 'active', sort: 'amount', descending: true }), new Set<number>(), [1, 5, -6, 2, 4]],
  ] as [string, GlobalPayTableView, Set<number>, number[]][])('together: %s', (_name, v, failed, expected) => {
    expect(ids(visiblePayments(payments, v, failed))).toEqual(expected);
  });

  // Descending turns the keys around; ties (equal keys) keep the file order both ways.
  it.each([
    ['line', [1, 2, 3, 4, 5, -6], [-6, 5, 4, 3, 2, 1]],
    ['recipient (same name: by e-mail, aaron before anna)', [3, 1, 2, 4, 5, -6], [-6, 5, 4, 2, 1, 3]],
    ['amount (by cents: 0.5 < 9.99 < 10.00 < 100.00; ties in the file order)', [4, 2, 3, -6, 1, 5], [1, 5, 3, -6, 2, 4]],
    ['currency (ties in the file order)', [1, 3, -6, 4, 2, 5], [2, 5, 4, 1, 3, -6]],
  ])('sort by %s, ascending and descending', (name, ascending, descending) => {
    const sort = name.split(' ')[0] as GlobalPayTableView['sort'];
    expect(ids(visiblePayments(payments, view({ sort })))).toEqual(ascending);
    expect(ids(visiblePayments(payments, view({ sort, descending: true })))).toEqual(descending);
  });

  it('nothing to find, all shown, in the file order: the very array given (no copy)', () => {
    expect(visiblePayments(payments, DEFAULT_TABLE_VIEW)).toBe(payments);
    expect(visiblePayments(payments, view({ query: '   ' }))).toBe(payments);
  });

  it.each([
    ['a query', view({ query: 'a' })],
    ['a query matching every payment', view({ query: 'e' })],
    ['another kind shown', view({ show: 'active' })],
    ['another order', view({ sort: 'currency' })],
    ['the file order descending', view({ descending: true })],
  ])('%s: a new array, the payments given not reordered', (_name, v) => {
    const copy = [...payments];
    const shown = visiblePayments(payments, v);
    expect(shown).not.toBe(payments);
    expect(payments).toEqual(copy);
  });

  it.each([
    ['cents, not text: 9.99 < 10.00 < 100.00', ['100.00', '10.00', '9.99'], ['9.99', '10.00', '100.00']],
    ['one decimal is tenths: 0.05 < 0.5 < 1.45 < 1.5', ['1.5', '0.5', '1.45', '0.05'], ['0.05', '0.5', '1.45', '1.5']],
    ['whole amounts and cents: 9 < 9.01 < 10 < 99.99 < 100', ['100', '99.99', '10', '9.01', '9'], ['9', '9.01', '10', '99.99', '100']],
    ['the same amount written differently is a tie (file order)', ['10', '5.00', '10.00', '10.0'], ['5.00', '10', '10.00', '10.0']],
    ['large amounts exactly', ['50000.00', '49999.99', '999999999.99', '999999999.98'], ['49999.99', '50000.00', '999999999.98', '999999999.99']],
  ])('amount sort: %s', (_name, amounts, sorted) => {
    const list = amounts.map((amount, i) => fact(i + 1, { amount }));
    expect(visiblePayments(list, view({ sort: 'amount' })).map((p) => p.amount)).toEqual(sorted);
  });

  it('recipient sort: by name, then by e-mail; equal name and e-mail keep the file order', () => {
    const list = [
      fact(1, { beneficiaryName: 'Zoe', beneficiaryEmail: 'a@example.com' }),
      fact(2, { beneficiaryName: 'Adam', beneficiaryEmail: 'z@example.com' }),
      fact(3, { beneficiaryName: 'Adam', beneficiaryEmail: 'b@example.com' }),
      fact(4, { beneficiaryName: 'Adam', beneficiaryEmail: 'b@example.com' }),
      fact(5, { beneficiaryName: 'Mia', beneficiaryEmail: 'm@example.com' }),
    ];
    expect(ids(visiblePayments(list, view({ sort: 'recipient' })))).toEqual([3, 4, 2, 5, 1]);
    expect(ids(visiblePayments(list, view({ sort: 'recipient', descending: true })))).toEqual([1, 5, 2, 3, 4]);
  });

  it('file order is the order given (added payments last), not the ids', () => {
    const list = [fact(10), fact(2), fact(-1), fact(-3)];
    expect(ids(visiblePayments(list, view({ sort: 'line' })))).toEqual([10, 2, -1, -3]);
    expect(ids(visiblePayments(list, view({ sort: 'line', descending: true })))).toEqual([-3, -1, 2, 10]);
    expect(ids(visiblePayments(list, view({ sort: 'currency' })))).toEqual([10, 2, -1, -3]);
  });
});

// ---- after upload: the totals carried forward -----------------------------------------------------

describe('the payments that changed (changedPayments)', () => {
  const a = fact(1);
  const b = fact(2);
  const c = fact(3);
  const b2 = { ...b, amount: '5.00' };
  const c2 = { ...c, status: 'removed' as const };
  const d = fact(-4);
  const bCopy = { ...b };

  it.each([
    ['nothing changed', [a, b, c], [a, b, c], [], []],
    ['both empty', [], [], [], []],
    ['one payment replaced (same id)', [a, b, c], [a, b2, c], [b], [b2]],
    ['two replaced, in order', [a, b, c], [a, b2, c2], [b, c], [b2, c2]],
    ['a copy equal in value is a change (identity)', [a, b, c], [a, bCopy, c], [b], [bCopy]],
    ['a payment added', [a, b, c], [a, b, c, d], [], [d]],
    ['added to an empty table: all of them', [], [a, b, c], [], [a, b, c]],
    ['a payment added and another replaced', [a, b, c], [a, b2, c, d], [b], [b2, d]],
    ['a payment taken out of the table', [a, b, c, d], [a, b, c], [d], []],
    ['a payment taken out and another replaced', [a, b, c, d], [a, b2, c], [b, d], [b2]],
    ['one out and one in, the same length', [a, b, c], [a, b, d], [c], [d]],
    ['the same payments in another order: nothing', [a, b, c], [c, a, b], [], []],
    ['everything out', [a, b], [], [a, b], []],
  ] as [string, GlobalPayPaymentFact[], GlobalPayPaymentFact[], GlobalPayPaymentFact[], GlobalPayPaymentFact[]][])('%s', (_name, before, after, gone, come) => {
    const changed = changedPayments(before, after);
    expect(changed).toEqual({ gone, come });
    // By identity: the very objects of the two versions.
    changed.gone.forEach((p, i) => expect(p).toBe(gone[i]));
    changed.come.forEach((p, i) => expect(p).toBe(come[i]));
  });
});

describe('the totals carried forward (totalsAfter)', () => {
  const p = (id: number, amount: string, currency = 'EUR', feeShare: FeeShare = 'sender', status?: string) => ({ id, amount, currency, feeShare, ...(status ? { status } : {}) });
  const t = (currency: string, count: number, amount: string, fee: string, debit: string): GlobalPayTotal => ({ currency, count, amount, fee, debit });
  const eur100 = t('EUR', 1, '100.00', '1.00', '101.00');

  it.each([
    ['nothing: nothing', [], [], [], []],
    ['a payment from nothing (sender: fee on top)', [], [], [p(1, '100.00')], [eur100]],
    ['a payment whose recipient pays the fee', [], [], [p(1, '200.00', 'EUR', 'recipient')], [t('EUR', 1, '200.00', '2.00', '200.00')]],
    ['the fee at least 1.00', [], [], [p(1, '5.00')], [t('EUR', 1, '5.00', '1.00', '6.00')]],
    ['the fee at most 25.00', [], [], [p(1, '5000.00')], [t('EUR', 1, '5000.00', '25.00', '5025.00')]],
    ['the fee rounded half up to cents', [], [], [p(1, '150.50')], [t('EUR', 1, '150.50', '1.51', '152.01')]],
    ['amounts without cents', [], [], [p(1, '5'), p(2, '2500.5')], [t('EUR', 2, '2505.50', '26.00', '2531.50')]],
    ['exact decimals: 1.10 + 1.20', [], [], [p(1, '1.10'), p(2, '1.20')], [t('EUR', 2, '2.30', '2.00', '4.30')]],
    ['currencies sorted', [], [], [p(1, '10.00', 'USD'), p(2, '5.00', 'CHF'), p(3, '100.00')], [t('CHF', 1, '5.00', '1.00', '6.00'), eur100, t('USD', 1, '10.00', '1.00', '11.00')]],
    ['an amount changed', [eur100], [p(1, '100.00')], [p(1, '250.00')], [t('EUR', 1, '250.00', '2.50', '252.50')]],
    ['the fee side changed to the recipient', [eur100], [p(1, '100.00')], [p(1, '100.00', 'EUR', 'recipient')], [t('EUR', 1, '100.00', '1.00', '100.00')]],
    ['the currency changed: the old one goes', [eur100], [p(1, '100.00')], [p(1, '100.00', 'USD')], [t('USD', 1, '100.00', '1.00', '101.00')]],
    ['the last payment of a currency removed: the currency goes', [eur100], [p(1, '100.00')], [p(1, '100.00', 'EUR', 'sender', 'removed')], []],
    ['the last payment of a currency taken out: the currency goes', [eur100, t('USD', 1, '10.00', '1.00', '11.00')], [p(1, '100.00')], [], [t('USD', 1, '10.00', '1.00', '11.00')]],
    ['one of two removed', [t('EUR', 2, '300.00', '3.00', '303.00')], [p(1, '100.00')], [p(1, '100.00', 'EUR', 'sender', 'removed')], [t('EUR', 1, '200.00', '2.00', '202.00')]],
    ['a removed payment restored', [], [p(1, '100.00', 'EUR', 'sender', 'removed')], [p(1, '100.00', 'EUR', 'sender', 'draft')], [eur100]],
    ['a removed payment counts nothing when added', [eur100], [], [p(2, '50.00', 'EUR', 'sender', 'removed')], [eur100]],
    ['a removed payment changed: nothing', [eur100], [p(2, '50.00', 'EUR', 'sender', 'removed')], [p(2, '70.00', 'EUR', 'sender', 'removed')], [eur100]],
    ['other statuses count', [], [], [p(1, '10.00', 'EUR', 'sender', 'failed'), p(2, '10.00', 'EUR', 'sender', 'processing')], [t('EUR', 2, '20.00', '2.00', '22.00')]],
    ['other currencies stay as they were', [eur100, t('USD', 3, '33.33', '3.00', '36.33')], [p(1, '100.00')], [p(1, '90.00')], [t('EUR', 1, '90.00', '1.00', '91.00'), t('USD', 3, '33.33', '3.00', '36.33')]],
    ['an added invalid amount (letters) is not counted', [eur100], [], [p(2, 'abc')], [eur100]],
    ['an added invalid amount (three decimals) is not counted', [eur100], [], [p(2, '1.234')], [eur100]],
    ['an added invalid amount (ten digits) is not counted', [eur100], [], [p(2, '1234567890')], [eur100]],
    ['an added invalid amount (empty) is not counted', [eur100], [], [p(2, '')], [eur100]],
    ['an added invalid amount (decimal comma) is not counted', [eur100], [], [p(2, '12,50')], [eur100]],
    ['an invalid amount that goes takes nothing away', [eur100], [p(2, 'abc')], [], [eur100]],
    ['an invalid amount fixed: counted from then on', [eur100], [p(2, 'abc')], [p(2, '10.00')], [t('EUR', 2, '110.00', '2.00', '112.00')]],
    ['a valid amount made invalid: taken away', [t('EUR', 2, '110.00', '2.00', '112.00')], [p(2, '10.00')], [p(2, '10.0.0')], [eur100]],
  ] as [string, GlobalPayTotal[], ReturnType<typeof p>[], ReturnType<typeof p>[], GlobalPayTotal[]][])('%s', (_name, totals, gone, come, expected) => {
    expect(totalsAfter(totals, gone, come)).toEqual(expected);
  });

  it('the totals before are not changed', () => {
    const before = [eur100];
    totalsAfter(before, [p(1, '100.00')], [p(1, '7.00')]);
    expect(before).toEqual([t('EUR', 1, '100.00', '1.00', '101.00')]);
  });

  describe('carried forward over generated edits equals batchTotals over every payment', () => {
    // A seeded generator (the same numbers every run).
    let seed = 24;
    const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const CURRENCIES = ['EUR', 'USD', 'GBP', 'PLN', 'RON', 'BRL']; // CHF: only payment 1 (to see a currency come and go)
    const amount = (): string => {
      const whole = 1 + Math.floor(random() * 49_999);
      const form = Math.floor(random() * 4);
      if (form === 0) return String(whole);
      if (form === 1) return `${whole}.${Math.floor(random() * 10)}`;
      if (form === 2) return `${whole}.${String(Math.floor(random() * 100)).padStart(2, '0')}`;
      return pick(['1.00', '1.01', '99.99', '100.00', '100.50', '2500.00', '2500.01', '50000.00', '150.50', '0.5']);
    };
    const generated = (id: number, over: Partial<GlobalPayPaymentFact> = {}): GlobalPayPaymentFact =>
      fact(id, { amount: amount(), currency: pick(CURRENCIES), feeShare: random() < 0.3 ? 'recipient' : 'sender', ...over });

    it('200 payments, 400 edits (amounts, fee sides, currencies, removals, restorations, adds, undone adds)', () => {
      let payments: GlobalPayPaymentFact[] = [generated(1, { currency: 'CHF', amount: '10.00' }), ...Array.from({ length: 199 }, (_, i) => generated(i + 2))];
      const first = changedPayments([], payments);
      let totals = totalsAfter([], first.gone, first.come);
      expect(totals).toEqual(batchTotals(payments));
      expect(totals.map((x) => x.currency)).toContain('CHF');
      let nextId = -1;
      const kinds = new Map<string, number>();
      const replace = (list: GlobalPayPaymentFact[], indexes: readonly number[], change: (p: GlobalPayPaymentFact) => Partial<GlobalPayPaymentFact>) => {
        const set = new Set(indexes);
        return list.map((p, i) => (set.has(i) ? { ...p, ...change(p) } : p));
      };
      const someIndexes = (list: readonly unknown[]) => Array.from({ length: 1 + Math.floor(random() * 8) }, () => Math.floor(random() * list.length));
      let chfGone = 0;

      for (let step = 0; step < 400; step += 1) {
        const kind = step % 25 === 0 ? 'chf' : pick(['amount', 'feeSide', 'feeSideAll', 'currency', 'remove', 'restore', 'add', 'undoAdd', 'nothing', 'copy']);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        let next = payments;
        switch (kind) {
          case 'amount':
            next = replace(payments, [Math.floor(random() * payments.length)], () => ({ amount: amount() }));
            break;
          case 'feeSide':
            next = replace(payments, someIndexes(payments), (p) => ({ feeShare: p.feeShare === 'sender' ? 'recipient' : 'sender' }));
            break;
          case 'feeSideAll': {
            const side: FeeShare = random() < 0.5 ? 'sender' : 'recipient';
            next = payments.map((p) => (p.feeShare === side ? p : { ...p, feeShare: side }));
            break;
          }
          case 'currency':
            next = replace(
              payments,
              someIndexes(payments).filter((i) => payments[i]!.id !== 1),
              () => ({ currency: pick(CURRENCIES) }),
            );
            break;
          case 'remove':
            next = replace(payments, someIndexes(payments), () => ({ status: 'removed' }));
            break;
          case 'restore': {
            const removed = payments.flatMap((p, i) => (p.status === 'removed' ? [i] : []));
            next = replace(payments, removed.filter(() => random() < 0.5), () => ({ status: 'draft' }));
            break;
          }
          case 'add':
            next = [...payments, generated(nextId--)];
            break;
          case 'undoAdd': {
            const added = payments.filter((p) => p.id < 0);
            if (added.length) {
              const out = pick(added);
              next = payments.filter((p) => p !== out);
            }
            break;
          }
          case 'copy':
            next = replace(payments, someIndexes(payments), () => ({}));
            break;
          case 'chf': {
            // The only CHF payment removed or restored: CHF goes from the totals and comes back.
            next = replace(payments, [payments.findIndex((p) => p.id === 1)], (p) => ({ status: p.status === 'removed' ? 'draft' : 'removed' }));
            break;
          }
        }
        const { gone, come } = changedPayments(payments, next);
        totals = totalsAfter(totals, gone, come);
        payments = next;
        expect(totals, `step ${step} (${kind})`).toEqual(batchTotals(payments));
        const chfActive = payments.some((p) => p.currency === 'CHF' && p.status !== 'removed');
        expect(totals.some((x) => x.currency === 'CHF')).toBe(chfActive);
        if (!chfActive) chfGone += 1;
      }
      // The walk did what it says: every kind of edit, CHF gone at times, and several currencies left.
      expect([...kinds.keys()].sort()).toEqual(['add', 'amount', 'chf', 'copy', 'currency', 'feeSide', 'feeSideAll', 'nothing', 'remove', 'restore', 'undoAdd']);
      expect(chfGone).toBeGreaterThan(0);
      expect(payments.length).toBeGreaterThan(200);
      expect(payments.some((p) => p.status === 'removed')).toBe(true);
      expect(totals.length).toBeGreaterThanOrEqual(CURRENCIES.length);
    });
  });
});
