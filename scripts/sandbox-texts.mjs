#!/usr/bin/env node
/**
 * The texts the sandbox writes to a customer (issue 46 item 8), found in its source: every string
 * or template literal of the files below that reads as a sentence (a capital letter, then at least
 * two more words), a template's `${…}` parts written {0}, {1}, … These are the keys of the
 * translation tables in sandbox/texts/ (one file a language); tests/sandbox/texts.test.ts checks
 * each table has every key with the same placeholders.
 *
 *   node scripts/sandbox-texts.mjs                # every text, as JSON
 *   node scripts/sandbox-texts.mjs --missing ru   # the texts the Russian table lacks
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Where the customer-facing texts are: the handlers and what they share. Not the seed and demo
 * data (names, notes for developers), the dictionaries (reference-texts.ts translates them), the
 * auth service's and the kernel's own tables (auth-messages.ts, messages.ts: already in six
 * languages), the documents' PDF and CSV contents, the control API, the analytics collector (the app reads its replies, never a customer) and the tables themselves.
 */
const SKIP = /^sandbox\/(seed[^/]*|reference-[^/]*|announcement-texts|demo-facts|device-cli|auth-messages|messages|control|analytics|main|server|contract|db|tax-reference)\.ts$|^sandbox\/(texts|documents)\//;

export function sandboxSourceFiles(root = ROOT) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !SKIP.test(relative(root, path))) out.push(path);
    }
  };
  walk(join(root, 'sandbox'));
  return out.sort();
}

/** A sentence a customer reads: a capital letter first, three words or more, not SQL or a path. */
const isSentence = (text) =>
  /^[A-Z][a-z’']*\b/.test(text) && text.trim().split(/\s+/).length >= 3 && !/^(SELECT|INSERT|UPDATE|DELETE|CREATE|WITH|PRAGMA|DROP)\b/.test(text) && !/\n/.test(text);

/**
 * Properties whose strings are data, not a message to the customer (bank and branch names, card
 * issuers, a device's name, the terms' own text): never translated (sandbox/texts `translateReply`
 * touches only the texts of a reply), so not listed.
 */
const DATA_PROPERTIES = new Set(['bankName', 'label', 'name', 'holderName', 'country', 'bank', 'counterparty', 'issuer', 'device', 'address1', 'postalCode', 'title', 'text']);
const isData = (node) => ts.isPropertyAssignment(node.parent) && node.parent.initializer === node && DATA_PROPERTIES.has(node.parent.name.getText());

/** The key of a literal: its text, a template's substitutions as {0}, {1}, … */
function keyOf(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span, i) => `{${i}}${span.literal.text}`).join('');
  return null;
}

/** Every sentence of the files, with where it is. */
export function sandboxTexts(files = sandboxSourceFiles()) {
  const found = new Map();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      // A template inside a template is its own text.
      const key = keyOf(node);
      if (key !== null && isSentence(key) && !isData(node)) {
        const where = `${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        if (!found.has(key)) found.set(key, where);
      }
      if (ts.isTemplateExpression(node)) for (const span of node.templateSpans) ts.forEachChild(span.expression, visit);
      else ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The placeholders of a text, sorted: a translation must keep exactly these. */
export const placeholdersOf = (text) => (text.match(/\{\w+\}/g) ?? []).sort();

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const texts = sandboxTexts();
  const missing = process.argv.indexOf('--missing');
  if (missing === -1) {
    process.stdout.write(`${JSON.stringify(Object.fromEntries(texts), null, 2)}\n`);
  } else {
    const language = process.argv[missing + 1];
    const { SANDBOX_TEXTS } = await import(join(ROOT, 'sandbox/texts/index.ts'));
    const table = SANDBOX_TEXTS[language] ?? {};
    process.stdout.write(`${JSON.stringify(Object.fromEntries([...texts].filter(([text]) => !(text in table))), null, 2)}\n`);
  }
}
