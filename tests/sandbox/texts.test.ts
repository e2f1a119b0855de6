// @vitest-environment node
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/server.ts';
import { SANDBOX_TEXTS, translateReply, translateText } from '../../sandbox/texts/index.ts';
import { placeholdersOf, sandboxTexts } from '../../scripts/sandbox-texts.mjs';
import { sandboxClient } from './client';

/**
 * Every text the sandbox writes to a customer is in the six languages (issue 46 item 8): the
 * handlers' English texts, found in their source (scripts/sandbox-texts.mjs), each in every table
 * with the same placeholders, and no table keeps a text the sandbox no longer writes. A refusal
 * reaches a Russian or Portuguese page in that language.
 */
const texts = sandboxTexts() as Map<string, string>;

describe('sandbox texts in six languages', () => {
  it('finds the texts (a few hundred), templates among them', () => {
    expect(texts.size).toBeGreaterThan(300);
    expect(texts.has('You cannot act for this customer')).toBe(true);
    expect(texts.has('Line {0}: {1}')).toBe(true);
  });

  for (const [language, table] of Object.entries(SANDBOX_TEXTS)) {
    it(`${language}: every text translated, with its placeholders; nothing stale`, () => {
      const missing = [...texts.keys()].filter((text) => !(text in table));
      expect(missing).toEqual([]);
      const broken = Object.entries(table).filter(([english, translated]) => JSON.stringify(placeholdersOf(english)) !== JSON.stringify(placeholdersOf(translated)));
      expect(broken).toEqual([]);
      const stale = Object.keys(table).filter((english) => !texts.has(english));
      expect(stale).toEqual([]);
      expect(Object.values(table).filter((translated) => translated.trim() === '')).toEqual([]);
    });
  }

  it('a template is translated with its parts, which are translated in turn; an unknown text stays as written', () => {
    expect(translateText('Line 3: Enter an amount above zero', 'ru')).toBe(`Строка 3: ${SANDBOX_TEXTS.ru['Enter an amount above zero']}`);
    expect(translateText('Line 3: Enter an amount above zero', 'en')).toBe('Line 3: Enter an amount above zero');
    expect(translateText('Something the table does not know', 'pt')).toBe('Something the table does not know');
  });

  it('only the texts of a reply are translated: not names, not a transaction’s own description', () => {
    const reply = {
      responseCode: 'VF',
      responseDescription: 'You cannot act for this customer',
      validationErrors: [{ param: 'amount', description: 'Enter an amount above zero' }],
      errors: ['You cannot act for this customer', { line: 2, message: 'Enter an amount above zero' }],
      transactions: [{ description: 'Enter an amount above zero', name: 'You cannot act for this customer' }],
    };
    const ru = SANDBOX_TEXTS.ru;
    expect(translateReply(reply, 'ru')).toEqual({
      responseCode: 'VF',
      responseDescription: ru['You cannot act for this customer'],
      validationErrors: [{ param: 'amount', description: ru['Enter an amount above zero'] }],
      errors: [ru['You cannot act for this customer'], { line: 2, message: ru['Enter an amount above zero'] }],
      transactions: [{ description: 'Enter an amount above zero', name: 'You cannot act for this customer' }],
    });
  });
});

describe('sandbox refusals reach the page in its language (issue 46)', () => {
  let sb: Sandbox;
  const { tokenOf, post } = sandboxClient(() => sb.url);
  beforeAll(async () => {
    sb = await createSandbox({ dbPath: join(mkdtempSync(join(tmpdir(), 'sandbox-texts-')), 'db.sqlite') });
  });
  afterAll(() => sb.close());

  it('a refusal in Russian and in Portuguese, saying so in Content-Language; English without a language', async () => {
    const token = await tokenOf('approver@brand1.test');
    const stranger = (sb.db.prepare("SELECT id FROM customers WHERE login = 'company-b@brand1.test'").get() as { id: number }).id;
    const ask = async (language?: string) => {
      const res = await post('/main/?method=balanceInquiry', { method: 'balanceInquiry', fromCustomerId: stranger }, { Authorization: `Bearer ${token}`, ...(language ? { 'Accept-Language': language } : {}) });
      return { text: ((await res.json()) as { responseDescription: string }).responseDescription, language: res.headers.get('content-language') };
    };
    expect(await ask('ru-RU,ru;q=0.9')).toEqual({ text: SANDBOX_TEXTS.ru['You cannot act for this customer'], language: 'ru' });
    expect(await ask('pt')).toEqual({ text: SANDBOX_TEXTS.pt['You cannot act for this customer'], language: 'pt' });
    expect(await ask()).toEqual({ text: 'You cannot act for this customer', language: null });
  });
});
