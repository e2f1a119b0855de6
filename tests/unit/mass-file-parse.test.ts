// @vitest-environment node
import { checkMassFileText } from '../../src/features/mass-transfer/model/parse-mass-file';

/** The browser's check of a mass file (Papa Parse + the shared row rule): every problem with its line and column. */
const header = 'beneficiaryName,beneficiaryAddress,countryCode,currencyCode,amount,iban,swiftCode,accountNumber,routingNumber,sortCode,reference';
const good = 'Anna Schmidt,"Hauptstraße 1, Berlin",DE,EUR,120.50,DE89370400440532013000,,,,,rent';

describe('mass file check', () => {
  it('a clean file: its rows and their exact total, no problems', () => {
    const text = [header, good, 'Luc Tremblay,200 Bay Street Toronto,US,USD,0.10,,,123456789,021000021,,'].join('\n');
    expect(checkMassFileText('wire', text)).toEqual({ rows: 2, total: '120.6', problems: [] });
  });

  it('bad rows with their lines (empty lines keep the numbering) and columns', () => {
    const text = [header, good, '', 'Bob,Rua,PT,EUR,0,PT50000201231234567890155,,,,,', good, 'Too,few,cells'].join('\r\n');
    expect(checkMassFileText('wire', text).problems).toEqual([
      { line: 4, column: 'beneficiaryAddress', problem: 'format' },
      { line: 4, column: 'amount', problem: 'amount' },
      { line: 4, column: 'iban', problem: 'format' },
      { line: 6, column: '', problem: 'cells' },
    ]);
  });

  it('a header without the kind’s required columns; an empty file; a header alone', () => {
    expect(checkMassFileText('crypto', 'walletAddress,reference\n0x742d35Cc6634C0532925a3b844Bc454e4438f44e,x').problems.slice(0, 2)).toEqual([
      { line: 1, column: 'toCurrencyCode', problem: 'header' },
      { line: 1, column: 'amount', problem: 'header' },
    ]);
    expect(checkMassFileText('wire', '').problems).toEqual([{ line: 1, column: '', problem: 'empty' }]);
    expect(checkMassFileText('wire', `${header}\n\n`).problems).toEqual([{ line: 2, column: '', problem: 'empty' }]);
  });

  it('reports progress up to the whole file', () => {
    const shares: number[] = [];
    const text = [header, ...Array.from({ length: 200 }, () => good)].join('\n');
    checkMassFileText('wire', text, (share) => shares.push(share));
    expect(shares.length).toBeGreaterThan(5);
    expect(shares.at(-1)).toBe(1);
    expect([...shares].sort((a, b) => a - b)).toEqual(shares);
  });

  it('more than 10,000 rows, or more than 5 MB, is refused as a whole', () => {
    const many = [header, ...Array.from({ length: 10_001 }, () => good)].join('\n');
    expect(checkMassFileText('wire', many).problems).toEqual([{ line: 0, column: '', problem: 'tooManyRows' }]);
    expect(checkMassFileText('wire', `${header}\n${'x'.repeat(5_000_001)}`).problems).toEqual([{ line: 0, column: '', problem: 'tooBig' }]);
  });
});
