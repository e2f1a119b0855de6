import { crc32 } from 'node:zlib';
import { SAMPLE_JPEG_BASE64 as JPEG_BASE64, SAMPLE_PNG_BASE64 as PNG_BASE64 } from '../../.storybook/sample-files';

/**
 * Real files for the tests that upload one (the sandbox checks a file's first bytes against its
 * declared type: sandbox/kernel/file-kinds.ts): a one-page PDF, a 1 × 1 PNG and a 1 × 1 JPEG, each
 * valid for its type at any size asked for. The size is made up by padding the format allows: a
 * comment line in the PDF (its cross-reference offsets counted after it), a tEXt chunk in the PNG,
 * comment (COM) segments in the JPEG. Without a size, the smallest file (the stories' own:
 * .storybook/sample-files.ts).
 */

const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(text, 'base64'));

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const exact = (bytes: Uint8Array<ArrayBuffer>, size: number | undefined, kind: string): Uint8Array<ArrayBuffer> => {
  if (size !== undefined && bytes.length !== size) throw new Error(`sample ${kind}: ${size} bytes cannot be made (${bytes.length})`);
  return bytes;
};

/** A one-page PDF (a catalogue, a page tree, an empty A4 page, its cross-reference table), `size` bytes if given. */
export function samplePdf(size?: number): Uint8Array<ArrayBuffer> {
  const build = (pad: number): Uint8Array<ArrayBuffer> => {
    const head = `%PDF-1.4\n${pad > 0 ? `%${'x'.repeat(Math.max(0, pad - 2))}\n`.slice(0, pad) : ''}`;
    const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'];
    let text = head;
    const offsets: number[] = [];
    objects.forEach((body, i) => {
      offsets.push(text.length);
      text += `${i + 1} 0 obj\n${body}\nendobj\n`;
    });
    const xref = text.length;
    text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return new TextEncoder().encode(text);
  };
  let bytes = build(0);
  if (size === undefined) return bytes;
  // The padding moves the offsets, and so the digits of startxref: settle in a few rounds.
  let pad = size - bytes.length;
  for (let round = 0; round < 4 && bytes.length !== size; round++) {
    bytes = build(pad < 2 ? 0 : pad);
    pad += size - bytes.length;
  }
  return exact(bytes, size, 'PDF');
}

/** A PNG chunk: length, type, data, CRC of type and data. */
const pngChunk = (type: string, data: Uint8Array): Uint8Array<ArrayBuffer> => {
  const head = new Uint8Array(8);
  const view = new DataView(head.buffer);
  view.setUint32(0, data.length);
  head.set(new TextEncoder().encode(type), 4);
  const crc = new Uint8Array(4);
  new DataView(crc.buffer).setUint32(0, crc32(concat(head.subarray(4), data)));
  return concat(head, data, crc);
};

/** A 1 × 1 PNG, `size` bytes if given (at least 20 more than the smallest: a tEXt chunk "Comment" before IEND). */
export function samplePng(size?: number): Uint8Array<ArrayBuffer> {
  const png = fromBase64(PNG_BASE64);
  if (size === undefined || size === png.length) return png;
  const iend = png.length - 12;
  const keyword = new TextEncoder().encode('Comment\0');
  const text = concat(keyword, new TextEncoder().encode('x'.repeat(Math.max(0, size - png.length - 12 - keyword.length))));
  return exact(concat(png.subarray(0, iend), pngChunk('tEXt', text), png.subarray(iend)), size, 'PNG');
}

/** A 1 × 1 JPEG, `size` bytes if given (at least 4 more than the smallest: comment segments after the JFIF header). */
export function sampleJpeg(size?: number): Uint8Array<ArrayBuffer> {
  const jpeg = fromBase64(JPEG_BASE64);
  if (size === undefined || size === jpeg.length) return jpeg;
  // After SOI (2 bytes) and the APP0 JFIF segment (its marker and its length).
  const afterJfif = 4 + ((jpeg[4]! << 8) | jpeg[5]!);
  const segments: Uint8Array[] = [];
  let left = size - jpeg.length;
  while (left >= 4) {
    // A segment is its marker (FF FE), its length (2 bytes, counting itself) and at most 65,533 bytes.
    let length = Math.min(left - 2, 65_535);
    if (left - 2 - length > 0 && left - 2 - length < 4) length -= 4; // leave room for a whole last segment
    segments.push(concat(new Uint8Array([0xff, 0xfe, length >> 8, length & 0xff]), new Uint8Array(length - 2).fill(0x20)));
    left -= length + 2;
  }
  return exact(concat(jpeg.subarray(0, afterJfif), ...segments, jpeg.subarray(afterJfif)), size, 'JPEG');
}

/** A sample file of a declared type: `{ type, bytes }`. */
export const sampleFile = {
  pdf: (size?: number) => ({ type: 'application/pdf', bytes: samplePdf(size) }),
  png: (size?: number) => ({ type: 'image/png', bytes: samplePng(size) }),
  jpeg: (size?: number) => ({ type: 'image/jpeg', bytes: sampleJpeg(size) }),
} as const;

export type SampleType = 'application/pdf' | 'image/png' | 'image/jpeg';

/** A file for Playwright's setInputFiles: a real file of its type, `size` bytes if given. */
export function inputFile(name: string, mimeType: SampleType, size?: number): { name: string; mimeType: SampleType; buffer: Buffer } {
  const bytes = mimeType === 'application/pdf' ? samplePdf(size) : mimeType === 'image/png' ? samplePng(size) : sampleJpeg(size);
  return { name, mimeType, buffer: Buffer.from(bytes) };
}
