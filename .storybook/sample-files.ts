/**
 * The smallest real files of the kinds the document uploads take (a PDF, a PNG, a JPEG): the
 * sandbox checks a file's first bytes against its declared type (sandbox/kernel/file-kinds.ts), so
 * the stories and tests upload real ones, not bytes that only carry the name. The tests pad these
 * to any size (tests/support/sample-files.ts); no dependencies, so both can import it.
 */

/** A white 1 × 1 PNG (greyscale, 8 bits), 82 bytes, as an encoder writes it. */
export const SAMPLE_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABAQMAAAAl21bKAAAAA1BMVEX///+nxBvIAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==';

/** A white 1 × 1 baseline JPEG (JFIF, quality 50), 614 bytes, as an encoder writes it. */
export const SAMPLE_JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAEAAQMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/APQKAP8A/9k=';

/** A one-page PDF (a catalogue, a page tree, an empty A4 page, its cross-reference table), 329 bytes. */
export const SAMPLE_PDF_TEXT = [
  '%PDF-1.4',
  '1 0 obj',
  '<< /Type /Catalog /Pages 2 0 R >>',
  'endobj',
  '2 0 obj',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  'endobj',
  '3 0 obj',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  'endobj',
  'xref',
  '0 4',
  '0000000000 65535 f ',
  '0000000009 00000 n ',
  '0000000058 00000 n ',
  '0000000115 00000 n ',
  'trailer',
  '<< /Size 4 /Root 1 0 R >>',
  'startxref',
  '186',
  '%%EOF',
  '',
].join('\n');

const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A real file of a kind, as a browser's file input gives it. */
export const sampleUpload = {
  pdf: (name = 'scan.pdf') => new File([SAMPLE_PDF_TEXT], name, { type: 'application/pdf' }),
  png: (name = 'scan.png') => new File([fromBase64(SAMPLE_PNG_BASE64)], name, { type: 'image/png' }),
  jpeg: (name = 'scan.jpg') => new File([fromBase64(SAMPLE_JPEG_BASE64)], name, { type: 'image/jpeg' }),
};
