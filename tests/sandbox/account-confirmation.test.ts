// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { SANDBOX_TEXTS } from '../../sandbox/texts/index.ts';
import { regulatedEntityOf } from '../../sandbox/documents/regulated-entity.ts';
import { accountConfirmationPdf } from '../../sandbox/documents/account-confirmation-pdf.ts';
import { entityBlockLines } from '../../machines/shared/entity-block.rules.ts';
import { pdfLines } from '../support/pdf-text';
import { sandboxClient } from './client';

/**
 * Account confirmations (issue 61; documents.yaml generatePdf `accountConfirmation`,
 * sandbox/handlers/documents.ts): one account's confirmation as a real PDF, its lines in the
 * request's language (Cyrillic set in the embedded Unicode font), the account's bank details,
 * the brand's regulated-entity block at the foot; another customer's account is 404, a company's
 * account is there for who may act for the company, as with statements.
 */
const CLOCK = Date.UTC(2026, 10, 24, 10);
let sb: Sandbox;
const { post, tokenOf, call } = sandboxClient(() => sb.url);

beforeAll(async () => {
  sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-account-confirmation-')), 'db.sqlite'), now: () => CLOCK });
});
afterAll(() => sb.close());

const generate = (token: string, body: Record<string, unknown>, language?: string) =>
  post('/documents/pdf/api/generator_pdf/accountConfirmation', body, { Authorization: `Bearer ${token}`, ...(language ? { 'Accept-Language': language } : {}) });
const getFile = (token: string, link: string) => fetch(`${sb.url}/documents${link}`, { headers: { Authorization: `Bearer ${token}` } });
const customerId = (login: string) => (sb.db.prepare('SELECT id FROM customers WHERE login = ?').get(login) as { id: number }).id;
interface Account {
  accountId: number;
  type: number;
  currencyCode: string;
  accountStatusId: number;
}
const accountsOf = async (token: string, body: Record<string, unknown> = {}): Promise<Account[]> => (await call(token, 'balanceInquiry', body)).accounts;

/** The confirmation's lines and its file name. */
async function confirmation(token: string, body: Record<string, unknown>, language?: string) {
  const reply = await generate(token, body, language);
  expect(reply.status).toBe(200);
  const file = await getFile(token, (await reply.json()).redirectLink);
  expect(file.status).toBe(200);
  const bytes = new Uint8Array(await file.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  return { lines: pdfLines(bytes), disposition: file.headers.get('content-disposition') };
}

describe('sandbox: account confirmation documents', () => {
  it('English, brand 1: the holder, the number, the EUR account’s IBAN with SWIFT and bank, the currency, the date issued, the entity block', async () => {
    const token = await tokenOf('history@brand1.test');
    const eur = (await accountsOf(token)).find((a) => a.type === 1001 && a.currencyCode === 'EUR')!;
    const { instructions } = await call(token, 'paymentInstructionList', { accountId: eur.accountId });
    const { lines, disposition } = await confirmation(token, { accountId: eur.accountId });
    expect(disposition).toBe(`attachment; filename="account-confirmation-${eur.accountId}.pdf"`);
    const holder = 'Ana Demo 1';
    expect(lines.join(' ')).toContain(`Confirmation of account ${eur.accountId} This document confirms that the account below is held with Northbridge Payments Ltd in the name of ${holder}.`);
    const from = lines.indexOf(`Account holder: ${holder}`);
    expect(lines.slice(from, from + 9)).toEqual([
      `Account holder: ${holder}`,
      `Account number: ${eur.accountId}`,
      `Account IBAN: ${instructions[0].bankAccountNumber}`,
      `Bank SWIFT/BIC code: ${instructions[0].swift}`,
      `Bank name: ${instructions[0].bankName}`,
      'Account currency: EUR',
      'Issued on 2026-11-24',
      'This confirmation is made electronically and is valid without a signature.',
      'Northbridge Payments Ltd',
    ]);
    // The foot: the block as the rule prints it, the long licence sentence wrapped to the page.
    const foot = lines.slice(from + 8).join(' ');
    expect(foot).toBe(entityBlockLines(regulatedEntityOf('brand1'), 'en').join(' '));
    expect(foot).toContain('licence no. EMI-204771');
  });

  it('a USD account carries its bank account number (not an IBAN); a crypto account its wallet address and no bank details', async () => {
    const token = await tokenOf('personal@brand1.test');
    const accounts = await accountsOf(token);
    const usd = accounts.find((a) => a.type === 1001 && a.currencyCode === 'USD')!;
    const usdLines = (await confirmation(token, { accountId: usd.accountId })).lines;
    expect(usdLines.some((l) => /^Bank account number: \d{8,}$/.test(l))).toBe(true);
    expect(usdLines.some((l) => l.startsWith('Account IBAN'))).toBe(false);
    const usdt = accounts.find((a) => a.currencyCode === 'USDT')!;
    const wallet = (sb.db.prepare('SELECT wallet_address FROM accounts WHERE id = ?').get(usdt.accountId) as { wallet_address: string | null }).wallet_address;
    const usdtLines = (await confirmation(token, { accountId: usdt.accountId })).lines;
    expect(usdtLines.some((l) => l.startsWith('Bank'))).toBe(false);
    expect(usdtLines.includes(`Wallet address: ${wallet}`)).toBe(wallet !== null);
    expect(usdtLines).toContain('Account currency: USDT');
  });

  it('Russian, brand 4: the lines in Russian (a Unicode font), the licence sentence in Russian, the entity’s Latin name as written', async () => {
    const token = await tokenOf('history@brand4.test');
    const account = (await accountsOf(token)).find((a) => a.type === 1001)!;
    const { lines } = await confirmation(token, { accountId: account.accountId }, 'ru-RU,ru;q=0.9');
    const ru = SANDBOX_TEXTS.ru;
    expect(lines[0]).toBe(ru['Confirmation of account {0}']!.replace('{0}', String(account.accountId)));
    expect(lines).toContain(ru['Account number: {0}']!.replace('{0}', String(account.accountId)));
    expect(lines).toContain(ru['Issued on {0}']!.replace('{0}', '2026-11-24'));
    expect(lines).toContain('Tidewell Money B.V.');
    expect(lines.join(' ')).toContain('имеет лицензию организации электронных денег');
    expect(lines.join('')).not.toContain('\uFFFD');
    expect(lines.some((l) => l.startsWith('Account holder'))).toBe(false);
  });

  it('brand 3 has no Ukrainian licence sentence: the English one is printed', async () => {
    const token = await tokenOf('history@brand3.test');
    const account = (await accountsOf(token))[0]!;
    const { lines } = await confirmation(token, { accountId: account.accountId }, 'uk');
    expect(lines.join(' ')).toContain('Corvel Finance S.L. is a payment institution');
    expect(lines[0]).toBe(SANDBOX_TEXTS.uk['Confirmation of account {0}']!.replace('{0}', String(account.accountId)));
  });

  it('another customer’s account, no account, an unknown id: 404 with a message, in the language', async () => {
    const mine = await tokenOf('history@brand1.test');
    const other = await tokenOf('history@brand2.test');
    const account = (await accountsOf(mine))[0]!;
    for (const body of [{ accountId: account.accountId }, {}, { accountId: 999_999 }, { accountId: String(account.accountId) }]) {
      const reply = await generate(other, body, 'pt');
      expect(reply.status).toBe(404);
      expect((await reply.json()).message).toBe(SANDBOX_TEXTS.pt['No such account']);
    }
  });

  it('a company’s account: for its authorised users (acting for it), not for a user of another company', async () => {
    const company = customerId('business@brand1.test');
    const approver = await tokenOf('approver@brand1.test');
    const account = (await accountsOf(approver, { fromCustomerId: company }))[0]!;
    const { lines } = await confirmation(approver, { accountId: account.accountId, fromCustomerId: company });
    expect(lines).toContain(`Account number: ${account.accountId}`);
    // Without acting for the company, the account is not the user's own.
    expect((await generate(approver, { accountId: account.accountId })).status).toBe(404);
    const stranger = await tokenOf('company-b-user@brand1.test');
    expect((await generate(stranger, { accountId: account.accountId, fromCustomerId: company })).status).toBe(404);
  });

  it('a line WinAnsi cannot write is set in the Unicode font; one it can stays a Helvetica literal string', async () => {
    const bytes = await accountConfirmationPdf({ title: 'Ș and Я', lines: ['Plain line', '', 'Café'], entity: ['Entity Ltd'], author: 'Entity Ltd', created: new Date(CLOCK) });
    expect(pdfLines(bytes)).toEqual(['Ș and Я', 'Plain line', 'Café', 'Entity Ltd']);
    const page = pdfLines.raw(bytes);
    expect(page).toContain('/F 10 Tf');
    expect(page).toContain('(Plain line) Tj');
    expect(page).toMatch(/\/U 16 Tf [\d.]+ [\d.]+ Td <[0-9A-F]+> Tj/);
  });
});
