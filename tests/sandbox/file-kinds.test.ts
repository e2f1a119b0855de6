// @vitest-environment node
import { crc32 } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { bytesAre, bytesMatchType, isText, kindOfBytes, kindOfType, typeBorneOut, type FileKind } from '../../sandbox/kernel/file-kinds.ts';
import { sampleJpeg, samplePdf, samplePng } from '../support/sample-files';
import { SAMPLE_PDF_TEXT } from '../../.storybook/sample-files';

/**
 * What a file's first bytes say it is (sandbox/kernel/file-kinds.ts, issue 46 item 7): a table of
 * real files and impostors, each with what its bytes are and whether they bear out a declared type.
 */
const ascii = (text: string) => new TextEncoder().encode(text);
const bytes = (...values: number[]) => new Uint8Array(values);
const utf16le = (text: string) => new Uint8Array([0xff, 0xfe, ...Array.from(text).flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])]);

const FILES: { name: string; bytes: Uint8Array; kind: FileKind | null }[] = [
  { name: 'a one-page PDF', bytes: samplePdf(), kind: 'pdf' },
  { name: 'a 1 × 1 PNG', bytes: samplePng(), kind: 'png' },
  { name: 'a 1 × 1 JPEG', bytes: sampleJpeg(), kind: 'jpeg' },
  { name: 'a JPEG with an Exif header (FF D8 FF E1)', bytes: bytes(0xff, 0xd8, 0xff, 0xe1, 0x00, 0x10), kind: 'jpeg' },
  { name: 'a CSV', bytes: ascii('amount,currency\n10.00,EUR\n'), kind: 'text' },
  { name: 'a CSV in UTF-8 with accents and a byte order mark', bytes: new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('name\nJoão Müller,Іван\n')]), kind: 'text' },
  { name: 'an HTML page', bytes: ascii('<!doctype html><script>alert(1)</script>'), kind: 'text' },
  { name: 'a Windows program (MZ)', bytes: bytes(0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00), kind: null },
  { name: 'a Linux program (ELF)', bytes: bytes(0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00), kind: null },
  { name: 'a ZIP archive (an .xlsx too)', bytes: bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00), kind: null },
  { name: 'a CSV in UTF-16 (Excel\'s "Unicode text")', bytes: utf16le('amount\n10\n'), kind: null },
  { name: 'a CSV in Latin-1 (é as E9: not UTF-8)', bytes: bytes(...ascii('name\nRen'), 0xe9, 0x0a), kind: null },
  { name: 'text with a NUL byte', bytes: bytes(...ascii('amount'), 0x00, ...ascii('10')), kind: null },
  { name: 'zeros', bytes: new Uint8Array(64), kind: null },
  { name: '"%PDF" without the dash', bytes: ascii('%PDF1.4'), kind: 'text' },
  { name: 'the PNG signature cut short', bytes: bytes(0x89, 0x50, 0x4e, 0x47), kind: null },
  { name: 'FF D8 alone (too short for a JPEG)', bytes: bytes(0xff, 0xd8), kind: null },
  { name: 'nothing', bytes: new Uint8Array(0), kind: null },
];

describe('file kinds: what the first bytes say', () => {
  it.each(FILES)('$name is $kind', ({ bytes, kind }) => {
    expect(kindOfBytes(bytes)).toBe(kind);
    for (const other of ['pdf', 'png', 'jpeg'] as const) expect(bytesAre(other, bytes)).toBe(kind === other);
  });

  it('text is valid UTF-8 without a NUL byte, whatever else it is (an empty file is text, though not a kind)', () => {
    expect(isText(new Uint8Array(0))).toBe(true);
    expect(isText(ascii('a,b\r\n1,2'))).toBe(true);
    expect(isText(bytes(0xe2, 0x82))).toBe(false); // a cut-off euro sign
    expect(isText(bytes(0xc0, 0xaf))).toBe(false); // an overlong "/"
    expect(isText(bytes(0xed, 0xa0, 0x80))).toBe(false); // a lone surrogate
    expect(isText(samplePdf())).toBe(true); // a PDF may well be text: the declared type decides what is asked of it
    expect(isText(samplePng())).toBe(false);
    expect(isText(sampleJpeg())).toBe(false);
  });
});

describe('file kinds: the declared type borne out', () => {
  it.each([
    ['application/pdf', 'pdf'],
    ['image/png', 'png'],
    ['image/jpeg', 'jpeg'],
    ['IMAGE/JPEG', 'jpeg'],
    ['text/csv', 'text'],
    ['text/csv; charset=utf-8', 'text'],
    ['text/plain', 'text'],
    ['text/html', null],
    ['application/octet-stream', null],
    ['application/vnd.ms-excel', null],
    ['', null],
  ] as const)('%s names %s', (type, kind) => expect(kindOfType(type)).toBe(kind));

  const pdf = samplePdf();
  const png = samplePng();
  const jpeg = sampleJpeg();
  const html = ascii('<html><body>Your account is locked</body></html>');
  const exe = bytes(0x4d, 0x5a, 0x90, 0x00);
  it.each([
    ['a PDF as application/pdf', 'application/pdf', pdf, true],
    ['a PNG as image/png', 'image/png', png, true],
    ['a JPEG as image/jpeg', 'image/jpeg', jpeg, true],
    ['a CSV as text/csv', 'text/csv', ascii('a,b\n1,2'), true],
    ['HTML named scan.pdf', 'application/pdf', html, false],
    ['a program named scan.pdf', 'application/pdf', exe, false],
    ['a program named photo.png', 'image/png', exe, false],
    ['HTML named photo.jpg', 'image/jpeg', html, false],
    ['a PNG named photo.jpg', 'image/jpeg', png, false],
    ['a JPEG named scan.pdf', 'application/pdf', jpeg, false],
    ['a PNG named payments.csv', 'text/csv', png, false],
    ['a PDF as text/html', 'text/html', pdf, false],
  ] as const)('%s: %s', (_, type, bytes, borne) => {
    expect(bytesMatchType(type, bytes)).toBe(borne);
    expect(typeBorneOut({ type, bytes })).toBe(borne ? type : '');
  });

  it('an empty file keeps its declared type, so the rule calls it empty, not the wrong type', () => {
    expect(typeBorneOut({ type: 'application/pdf', bytes: new Uint8Array(0) })).toBe('application/pdf');
  });
});

/** The test files are real files of their kind at every size (tests/support/sample-files.ts), so the uploads test what the app sends. */
describe('sample files', () => {
  const SIZES = [undefined, 2048, 70_000, 1_000_003];

  it.each(SIZES)('a PDF of %s bytes: every cross-reference offset points at its object; pdf-lib reads one page', async (size) => {
    const pdf = samplePdf(size);
    if (size !== undefined) expect(pdf.length).toBe(size);
    const text = new TextDecoder().decode(pdf);
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.map((at, i) => text.startsWith(`${i + 1} 0 obj`, at))).toEqual([true, true, true]);
    expect(text.startsWith('xref', Number(/startxref\n(\d+)/.exec(text)![1]))).toBe(true);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
  });

  it('the smallest PDF is the stories\' own', () => expect(new TextDecoder().decode(samplePdf())).toBe(SAMPLE_PDF_TEXT));

  it.each(SIZES)('a PNG of %s bytes: the signature, then chunks with right CRCs from IHDR to IEND', (size) => {
    const png = samplePng(size);
    if (size !== undefined) expect(png.length).toBe(size);
    const view = new DataView(png.buffer, png.byteOffset);
    const types: string[] = [];
    for (let at = 8; at < png.length; ) {
      const length = view.getUint32(at);
      const type = new TextDecoder().decode(png.subarray(at + 4, at + 8));
      expect(view.getUint32(at + 8 + length), type).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
      types.push(type);
      at += 12 + length;
    }
    expect(types[0]).toBe('IHDR');
    expect(types.at(-1)).toBe('IEND');
  });

  it.each(SIZES)('a JPEG of %s bytes: SOI, segments whose lengths lead to the scan, EOI at the end', (size) => {
    const jpeg = sampleJpeg(size);
    if (size !== undefined) expect(jpeg.length).toBe(size);
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    const markers: number[] = [];
    let at = 2;
    for (;;) {
      expect(jpeg[at]).toBe(0xff);
      const marker = jpeg[at + 1]!;
      markers.push(marker);
      at += 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
      if (marker === 0xda) break; // start of scan: the image data follows
    }
    expect(markers[0]).toBe(0xe0); // JFIF first
    expect(markers).toContain(0xc0); // a baseline frame
    expect([jpeg.at(-2), jpeg.at(-1)]).toEqual([0xff, 0xd9]);
  });
});
