import { GLOBAL_PAY_MAX_BYTES } from '@machines/batches/global-pay-rules';
import { readTextAtMost } from '@/shared/csv';
import { annotateGlobalPayText, applyFixesToText, checkGlobalPayText } from './parse-global-pay';

/**
 * The file's work off the main thread. `{ file }`: the worker reads the file, posts
 * `{ type: 'progress', share }` as it goes and `{ type: 'done', check, ms }` at the end (or
 * `{ type: 'failed' }` when the file cannot be read); the page ends the worker to cancel.
 * `{ file, notes, column }`: the file written back with its problems in one more column,
 * `{ type: 'annotated', text }`. `{ file, replacements }`: the file written back with its fixed
 * lines (null: left out), `{ type: 'rewritten', text }`.
 */
self.onmessage = async (event: MessageEvent<{ file: Blob; notes?: Record<number, string>; column?: string; replacements?: Record<number, string[] | null> }>) => {
  try {
    const started = performance.now();
    // At most one byte over the limit is read (issue 47): a file of gigabytes is "too big" at once,
    // without the whole of it in memory (a file written back is one that passed, so under it).
    const text = await readTextAtMost(event.data.file, GLOBAL_PAY_MAX_BYTES);
    if (event.data.replacements) {
      self.postMessage({ type: 'rewritten', text: applyFixesToText(text, event.data.replacements) });
      return;
    }
    if (event.data.notes) {
      self.postMessage({ type: 'annotated', text: annotateGlobalPayText(text, event.data.notes, event.data.column ?? 'problems') });
      return;
    }
    const check = checkGlobalPayText(text, (share) => self.postMessage({ type: 'progress', share }));
    // How long the worker took (read, parse, check): `npm run bench` prints it.
    self.postMessage({ type: 'done', check, ms: performance.now() - started });
  } catch {
    self.postMessage({ type: 'failed' });
  }
};
