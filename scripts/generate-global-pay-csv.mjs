#!/usr/bin/env node
// A global pay batch file for tests and the bench: `node scripts/generate-global-pay-csv.mjs
// --rows 10000 --bad 20 [--seed 7] [--out file.csv]` writes a CSV with the columns of
// machines/batches/global-pay-rules.ts, `rows` payments of which `bad` (spread evenly) break one
// rule each (an amount out of range, an e-mail, a country, a currency, a duplicate of the line
// before); every 20th payment's description says "Bonus". The same arguments give the same file; `--list` prints the bad lines' numbers instead.
import { writeFileSync } from 'node:fs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]?.startsWith('--') || all[i + 1] === undefined ? 'true' : all[i + 1]]] : pairs), []),
);
const rows = Number(args.rows ?? 1000);
const bad = Math.min(Number(args.bad ?? 0), rows - 1);
let seed = Number(args.seed ?? 7) >>> 0;
const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);

const HEADER = 'amount,currency,description,beneficiaryType,beneficiaryName,beneficiaryEmail,beneficiaryCountryCode,feeShare,paymentMethods';
const COUNTRIES = [['DE', 'EUR'], ['US', 'USD'], ['GB', 'GBP'], ['PT', 'EUR'], ['BR', 'BRL'], ['RO', 'RON'], ['PL', 'PLN'], ['MX', 'MXN']];
const NAMES = ['Anna Schmidt', 'John Carter', 'Rita Sousa', 'Andrei Popescu', 'Lena Fischer', 'Maria Silva', 'Tom Baker', 'Olga Kim'];
const BREAKS = [
  (cells) => ({ ...cells, amount: '0.50' }),
  (cells) => ({ ...cells, beneficiaryEmail: cells.beneficiaryEmail.replace('@', '') }),
  (cells) => ({ ...cells, beneficiaryCountryCode: 'ZZ' }),
  (cells) => ({ ...cells, currency: 'XXX' }),
  (cells) => ({ ...cells, amount: '50000.01' }),
];

const lines = [HEADER];
const badLines = [];
const step = bad > 0 ? Math.floor(rows / bad) : Infinity;
for (let i = 0; i < rows; i += 1) {
  const [country, currency] = COUNTRIES[i % COUNTRIES.length];
  let cells = {
    amount: `${10 + Math.floor(random() * 4990)}.${String(Math.floor(random() * 100)).padStart(2, '0')}`,
    currency,
    // Every 20th payment is a bonus (500 of 10,000): the e2e finds them by that word.
    description: i % 20 === 0 ? `Bonus ${i + 1}` : `Payment ${i + 1}`,
    beneficiaryType: i % 5 === 0 ? 'business' : 'individual',
    beneficiaryName: NAMES[i % NAMES.length],
    beneficiaryEmail: `payee${i + 1}@example.com`,
    beneficiaryCountryCode: country,
    feeShare: i % 4 === 0 ? 'recipient' : 'sender',
    paymentMethods: '',
  };
  if (bad > 0 && i % step === step - 1 && badLines.length < bad) {
    cells = BREAKS[badLines.length % BREAKS.length](cells);
    badLines.push(i + 2); // the header is line 1
  }
  lines.push([cells.amount, cells.currency, cells.description, cells.beneficiaryType, cells.beneficiaryName, cells.beneficiaryEmail, cells.beneficiaryCountryCode, cells.feeShare, cells.paymentMethods].join(','));
}

if (args.list) process.stdout.write(`${badLines.join('\n')}\n`);
else if (args.out) writeFileSync(args.out, `${lines.join('\n')}\n`);
else process.stdout.write(`${lines.join('\n')}\n`);
