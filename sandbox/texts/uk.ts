/**
 * The sandbox's texts in uk (issue 46 item 8), keyed by the English text as the handlers write it
 * (scripts/sandbox-texts.mjs lists them; {0}, {1}, … and {name} stand for what the handler puts in
 * and must be kept). tests/sandbox/texts.test.ts checks every text is here.
 */
export const uk: Readonly<Record<string, string>> = {
};
