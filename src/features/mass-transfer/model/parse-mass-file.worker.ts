import type { MassFileMethod } from '@machines/transfers/external-rails';
import { readTextAtMost } from '@/shared/csv';
import { MASS_FILE_MAX_BYTES } from '@machines/transfers/external-rails';
import { checkMassFileText } from './parse-mass-file';

/**
 * The file check off the main thread: the page posts `{ file, method }`, the worker reads the file,
 * posts `{ type: 'progress', share }` as it goes and `{ type: 'done', check }` at the end (or
 * `{ type: 'failed' }` when the file cannot be read). The page ends the worker to cancel.
 */
self.onmessage = async (event: MessageEvent<{ file: Blob; method: MassFileMethod }>) => {
  try {
    // At most one byte over the limit is read (issue 47): a file of gigabytes is "too big" at once,
    // from its size, without the whole of it in memory.
    const text = await readTextAtMost(event.data.file, MASS_FILE_MAX_BYTES);
    const check = checkMassFileText(event.data.method, text, (share) => self.postMessage({ type: 'progress', share }));
    self.postMessage({ type: 'done', check });
  } catch {
    self.postMessage({ type: 'failed' });
  }
};
