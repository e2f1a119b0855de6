import type { Ajv2020 } from 'ajv/dist/2020.js';

/**
 * Exact numbers in request bodies (issue 47, spec 000 s5: numeric strings become numbers). The app
 * writes an amount as a JSON number with the digits typed (`100.50`); reading it as a float would
 * lose digits (`0.1`, 8-decimal crypto amounts, 17-digit amounts). So a body is parsed once, keeping
 * each number's source text beside it, and the contract's `x-exact-decimal` positions (an amount)
 * are handed to the handlers as that text, checked against the position's pattern. Everything else
 * stays a plain JSON number.
 */
const sources = new WeakMap<object, Map<string, string>>();

type Reviver = (this: object, key: string, value: unknown, context?: { source?: string }) => unknown;

/** `JSON.parse`, remembering the source text of every number (Node reads it from the reviver's context). */
export function parseExactJson(text: string): unknown {
  const keep: Reviver = function (key, value, context) {
    if (typeof value === 'number' && context?.source !== undefined) {
      let holder = sources.get(this);
      if (!holder) sources.set(this, (holder = new Map()));
      holder.set(key, context.source);
    }
    return value;
  };
  return JSON.parse(text, keep as Parameters<typeof JSON.parse>[1]);
}

/** The source text of the number at `holder[key]`, when it was read by `parseExactJson`. */
export function numberSource(holder: unknown, key: string | number): string | undefined {
  return typeof holder === 'object' && holder !== null ? sources.get(holder)?.get(String(key)) : undefined;
}

/**
 * The contract's `x-exact-decimal: <pattern>` keyword: a number there must be written as the
 * pattern says (digits, no exponent), and becomes its source text for the handler. A number read
 * without its source (not through `parseExactJson`) is refused: never a float's guess.
 */
export function addExactDecimalKeyword(ajv: Ajv2020): void {
  ajv.addKeyword({
    keyword: 'x-exact-decimal',
    type: 'number',
    schemaType: 'string',
    modifying: true,
    errors: true,
    validate: function exactDecimal(pattern: string, data: unknown, _parent: unknown, cxt?: { parentData: unknown; parentDataProperty: string | number }) {
      const self = exactDecimal as { errors?: { keyword: string; message: string; params: Record<string, unknown> }[] };
      if (typeof data !== 'number') return true; // `type: number` says what is wrong
      const source = cxt ? numberSource(cxt.parentData, cxt.parentDataProperty) : undefined;
      if (source === undefined || !new RegExp(pattern).test(source)) {
        self.errors = [{ keyword: 'x-exact-decimal', message: source === undefined ? 'must be read from its source text' : `must be a decimal written as ${pattern}, not ${source}`, params: { pattern } }];
        return false;
      }
      (cxt!.parentData as Record<string | number, unknown>)[cxt!.parentDataProperty] = source;
      return true;
    },
  });
}
