import type { MassFileMethod } from '@machines/transfers/external-rails';
import { checkMassFileText } from './parse-mass-file';

/**
 * The file check off the main thread: the page posts `{ file, method }`, the worker reads the file,
 * posts `{ type: 'progress', share }` as it goes and `{ type: 'done', check }` at the end (or
 * `{ type: 'failed' }` when the file cannot be read). The page ends the worker to cancel.
 */
self.onmessage = async (event: MessageEvent<{ file: Blob; method: MassFileMethod }>) => {
  try {
    const text = await event.data.file.text();
    const check = checkMassFileText(event.data.method, text, (share) => self.postMessage({ type: 'progress', share }));
    self.postMessage({ type: 'done', check });
  } catch {
    self.postMessage({ type: 'failed' });
  }
};
