/**
 * Ends `text` as a sentence: appends a full stop unless it already ends in terminal punctuation,
 * so a name that ends in an abbreviation ("Corvel Finance S.L.") does not read "S.L..". Closing
 * quotes and brackets after the punctuation count ("(Ltd.)"); trailing spaces are dropped.
 */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  if (!trimmed) return '';
  return /[.!?…。！？]['"’”»)\]]*$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}
