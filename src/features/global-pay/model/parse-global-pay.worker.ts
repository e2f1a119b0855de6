import { checkGlobalPayText } from './parse-global-pay';

/**
 * The file check off the main thread: the page posts `{ file }`, the worker reads it, posts
 * `{ type: 'progress', share }` as it goes and `{ type: 'done', check, ms }` at the end (or
 * `{ type: 'failed' }` when the file cannot be read). The page ends the worker to cancel.
 */
self.onmessage = async (event: MessageEvent<{ file: Blob }>) => {
  try {
    const started = performance.now();
    const text = await event.data.file.text();
    const check = checkGlobalPayText(text, (share) => self.postMessage({ type: 'progress', share }));
    // How long the worker took (read, parse, check): `npm run bench` prints it.
    self.postMessage({ type: 'done', check, ms: performance.now() - started });
  } catch {
    self.postMessage({ type: 'failed' });
  }
};
