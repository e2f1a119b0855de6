import { checkGlobalPayText } from './parse-global-pay';

/**
 * The file check off the main thread: the page posts `{ file }`, the worker reads it, posts
 * `{ type: 'progress', share }` as it goes and `{ type: 'done', check }` at the end (or
 * `{ type: 'failed' }` when the file cannot be read). The page ends the worker to cancel.
 */
self.onmessage = async (event: MessageEvent<{ file: Blob }>) => {
  try {
    const text = await event.data.file.text();
    const check = checkGlobalPayText(text, (share) => self.postMessage({ type: 'progress', share }));
    self.postMessage({ type: 'done', check });
  } catch {
    self.postMessage({ type: 'failed' });
  }
};
