// English messages travel with the code that shows them (first paint).
//
// An rspack loader that runs after SWC (with the Lingui macro plugin) has compiled a module of
// src/, machines/ or brands/. It finds the message ids the compiled code names (every string
// literal that is a key of the compiled English catalog), and appends one call that registers
// those messages, in their compiled form, with the app's English message table
// (src/shared/i18n/source-messages.ts). So a module brings its own English strings: the first
// page carries only the strings of the code it runs, and each lazy chunk those of its modules,
// instead of one catalog of every screen in the entry. Other languages still load as one chunk.
//
// Any string literal equal to an id counts, so an id written as a constant in one module and
// translated in another is registered where the literal is (and that module has run before the
// id can be used). A literal that only happens to equal an id costs a few bytes, nothing else.
const { readFileSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const CATALOG = path.join(ROOT, 'locales/en/messages.ts');
const REGISTRY = path.join(ROOT, 'src/shared/i18n/source-messages.ts');

let cached = { text: '', messages: {} };

/** The compiled English catalog (`lingui compile --typescript` writes `JSON.parse("…")`). */
function catalog() {
  const text = readFileSync(CATALOG, 'utf8');
  if (text === cached.text) return cached.messages;
  const start = text.indexOf('JSON.parse(');
  const end = text.lastIndexOf(')');
  if (start < 0 || end < start) throw new Error(`${CATALOG}: not a compiled Lingui catalog`);
  const messages = JSON.parse(JSON.parse(text.slice(start + 'JSON.parse('.length, end)));
  cached = { text, messages };
  return messages;
}

/**
 * Every quoted token of compiled JavaScript that could be a message id (letters, digits and
 * `_ - . + / =`, at most 64 characters, between the same quotes). The closing quote is not
 * consumed, so a stray quote earlier in the code (in a regular expression, a comment) cannot
 * pair with an id's opening quote and hide it: every quoted id is found, whatever precedes it.
 */
function stringLiterals(code) {
  const found = new Set();
  for (const m of code.matchAll(/(["'`])([\w.+/=-]{1,64})(?=\1)/g)) found.add(m[2]);
  return found;
}

/** @this {import('@rspack/core').LoaderContext} */
module.exports = function moduleMessagesLoader(code, map) {
  if (this.resourcePath === REGISTRY) return this.callback(null, code, map);
  this.addDependency(CATALOG);
  const messages = catalog();
  const own = {};
  for (const literal of stringLiterals(code)) {
    if (Object.prototype.hasOwnProperty.call(messages, literal)) own[literal] = messages[literal];
  }
  const ids = Object.keys(own).sort();
  if (ids.length === 0) return this.callback(null, code, map);
  const table = JSON.stringify(Object.fromEntries(ids.map((id) => [id, own[id]])));
  const request = JSON.stringify(path.relative(path.dirname(this.resourcePath), REGISTRY).replace(/\\/g, '/').replace(/^(?!\.)/, './'));
  // Appended, so the source map's lines stay true; imports are hoisted whatever their place.
  const appended = `\nimport { registerSourceMessages as __registerSourceMessages } from ${request};\n__registerSourceMessages(${table});\n`;
  return this.callback(null, code + appended, map);
};

module.exports.stringLiterals = stringLiterals;
module.exports.catalog = catalog;
