import { PDFDocument, PDFName, StandardFonts, type PDFFont } from 'pdf-lib';

/**
 * The sandbox's PDF documents (history exports, statements, confirmations): a title, a few lines
 * (whose, what, which filter or period), an optional table over as many A4 pages as it needs (its
 * header on every page) and "Page n of m" at the foot of each page. pdf-lib with the standard
 * Helvetica font (WinAnsi encoding: a character it cannot encode loses its accent, or becomes
 * '?'). The page content is written as PDF text operators directly (pdf-lib's drawText per cell
 * is far too slow for a 5,000-row table); pdf-lib builds the document, the font and the pages.
 */

export interface PdfColumn {
  title: string;
  /** Width in points (an A4 page has 515 between the margins). */
  width: number;
  align?: 'left' | 'right';
}

export interface PdfSpec {
  title: string;
  /** Lines under the title on the first page: who, which account, the filter or period. */
  lines: string[];
  table?: { columns: PdfColumn[]; rows: string[][] };
  /** Lines after the table (a closing balance). */
  closing?: string[];
  /** The document's date (metadata). */
  created: Date;
}

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 40;
const TITLE_SIZE = 16;
const LINE_SIZE = 10;
const LINE_GAP = 14;
const CELL_SIZE = 8;
const ROW_HEIGHT = 12;
const FOOT = 40;
const CELL_PADDING = 3;

/** Unicode → WinAnsi (Windows-1252) byte, for every character the standard fonts can show. */
const WIN_ANSI: Map<number, number> = (() => {
  const map = new Map<number, number>();
  const decoder = new TextDecoder('windows-1252');
  for (let byte = 0x20; byte <= 0xff; byte += 1) {
    if (byte === 0x7f) continue;
    const char = decoder.decode(Uint8Array.of(byte));
    const code = char.codePointAt(0)!;
    // Bytes Windows-1252 leaves undefined decode to C1 controls: nothing to show.
    if (code >= 0x80 && code <= 0x9f) continue;
    map.set(code, byte);
  }
  return map;
})();

/** Letters that keep their base letter without an accent but do not decompose (NFD). */
const FALLBACK: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };

/**
 * Text as WinAnsi bytes (one char per byte, 0–255): characters WinAnsi has are kept; others lose
 * their accent ('ț' → 't', 'Ș' → 'S'), or become '?' when there is nothing left to show.
 */
export function winAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const byte = WIN_ANSI.get(code);
    if (byte !== undefined) {
      out += String.fromCharCode(byte);
      continue;
    }
    if (code === 0x09 || code === 0x0a || code === 0x0d) {
      out += ' ';
      continue;
    }
    const base = FALLBACK[char] ?? char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    const bytes = [...base].map((c) => WIN_ANSI.get(c.codePointAt(0)!));
    out += base && bytes.every((b) => b !== undefined) ? String.fromCharCode(...(bytes as number[])) : '?';
  }
  return out;
}

/** Whether the standard fonts can show every character of a text as it is (WinAnsi has them all; tabs and line breaks count). */
export const isWinAnsi = (text: string): boolean => [...text].every((char) => WIN_ANSI.has(char.codePointAt(0)!) || char === '\t' || char === '\n' || char === '\r');

/** A WinAnsi byte string as a PDF literal string. */
const literal = (bytes: string): string => `(${bytes.replace(/[\\()]/g, '\\$&')})`;
const num = (n: number): string => (Math.round(n * 100) / 100).toString();

class Writer {
  private readonly widths: Float64Array;
  constructor(font: PDFFont) {
    // Width of each WinAnsi byte at size 1, measured once (measuring per cell is slow).
    this.widths = new Float64Array(256);
    for (const [code, byte] of WIN_ANSI) this.widths[byte] = font.widthOfTextAtSize(String.fromCodePoint(code), 1);
  }

  width(bytes: string, size: number): number {
    let w = 0;
    for (let i = 0; i < bytes.length; i += 1) w += this.widths[bytes.charCodeAt(i)]!;
    return w * size;
  }

  /** Cuts the text to `room` points, ending in '…' when cut. */
  fit(text: string, room: number, size: number): string {
    const bytes = winAnsi(text);
    if (this.width(bytes, size) <= room) return bytes;
    const ellipsis = '\x85';
    const limit = room / size - this.widths[0x85]!;
    let w = 0;
    let end = 0;
    while (end < bytes.length && w + this.widths[bytes.charCodeAt(end)]! <= limit) {
      w += this.widths[bytes.charCodeAt(end)]!;
      end += 1;
    }
    return bytes.slice(0, end) + ellipsis;
  }
}

interface PageText {
  ops: string[];
}

export async function buildPdf(spec: PdfSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(spec.title);
  doc.setAuthor('PayBank sandbox');
  doc.setCreator('PayBank sandbox');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(spec.created);
  doc.setModificationDate(spec.created);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const writer = new Writer(font);

  const rows = spec.table?.rows ?? [];
  const columns = spec.table?.columns ?? [];
  const headTop = PAGE_HEIGHT - MARGIN - TITLE_SIZE - 10 - spec.lines.length * LINE_GAP - 8;
  const closingHeight = (spec.closing?.length ?? 0) * LINE_GAP + (spec.closing?.length ? 8 : 0);
  // Rows that fit under the table header: on the first page below the title and lines, on the others from the top.
  const fits = (top: number) => Math.max(1, Math.floor((top - ROW_HEIGHT - FOOT - 6) / ROW_HEIGHT));
  const pages: { from: number; to: number }[] = [];
  if (spec.table) {
    let at = 0;
    let top = headTop;
    do {
      const n = fits(top);
      pages.push({ from: at, to: Math.min(rows.length, at + n) });
      at += n;
      top = PAGE_HEIGHT - MARGIN;
    } while (at < rows.length);
    // The closing lines need room under the last row; otherwise they get a page of their own.
    const last = pages[pages.length - 1]!;
    const lastTop = pages.length === 1 ? headTop : PAGE_HEIGHT - MARGIN;
    if (closingHeight && lastTop - ROW_HEIGHT - (last.to - last.from) * ROW_HEIGHT - closingHeight < FOOT) pages.push({ from: rows.length, to: rows.length });
  } else {
    pages.push({ from: 0, to: 0 });
  }

  const text = (page: PageText, x: number, y: number, size: number, bytes: string) => {
    page.ops.push(`BT /F ${size} Tf ${num(x)} ${num(y)} Td ${literal(bytes)} Tj ET`);
  };

  pages.forEach((slice, index) => {
    const page: PageText = { ops: ['0 g'] };
    let y = PAGE_HEIGHT - MARGIN;
    if (index === 0) {
      y -= TITLE_SIZE;
      text(page, MARGIN, y, TITLE_SIZE, writer.fit(spec.title, PAGE_WIDTH - 2 * MARGIN, TITLE_SIZE));
      y -= 10;
      for (const line of spec.lines) {
        y -= LINE_GAP;
        text(page, MARGIN, y, LINE_SIZE, writer.fit(line, PAGE_WIDTH - 2 * MARGIN, LINE_SIZE));
      }
      y -= 8;
    }
    if (spec.table && slice.to > slice.from) {
      // Header: a grey band with the column titles, a line under it.
      const tableWidth = columns.reduce((w, c) => w + c.width, 0);
      page.ops.push(`0.9 g ${num(MARGIN)} ${num(y - ROW_HEIGHT)} ${num(tableWidth)} ${ROW_HEIGHT} re f 0 g`);
      y -= ROW_HEIGHT;
      cells(page, writer, columns, columns.map((c) => c.title), y + 3.5);
      for (let r = slice.from; r < slice.to; r += 1) {
        y -= ROW_HEIGHT;
        cells(page, writer, columns, rows[r]!, y + 3.5);
      }
      page.ops.push(`0.6 G 0.5 w ${num(MARGIN)} ${num(y - 2)} m ${num(MARGIN + tableWidth)} ${num(y - 2)} l S`);
    }
    if (index === pages.length - 1 && spec.closing) {
      y -= 8;
      for (const line of spec.closing) {
        y -= LINE_GAP;
        text(page, MARGIN, y, LINE_SIZE, writer.fit(line, PAGE_WIDTH - 2 * MARGIN, LINE_SIZE));
      }
    }
    const foot = winAnsi(`Page ${index + 1} of ${pages.length}`);
    text(page, PAGE_WIDTH - MARGIN - writer.width(foot, CELL_SIZE), FOOT / 2, CELL_SIZE, foot);
    addPage(doc, font, page.ops.join('\n'));
  });

  return doc.save();
}

function cells(page: PageText, writer: Writer, columns: PdfColumn[], values: string[], baseline: number): void {
  let x = MARGIN;
  const parts: string[] = [`BT /F ${CELL_SIZE} Tf`];
  let lastX = 0;
  let lastY = 0;
  columns.forEach((column, i) => {
    const room = column.width - 2 * CELL_PADDING;
    const bytes = writer.fit(values[i] ?? '', room, CELL_SIZE);
    const left = column.align === 'right' ? x + column.width - CELL_PADDING - writer.width(bytes, CELL_SIZE) : x + CELL_PADDING;
    // Td moves relative to the previous line start.
    parts.push(`${num(left - lastX)} ${num(baseline - lastY)} Td ${literal(bytes)} Tj`);
    lastX = left;
    lastY = baseline;
    x += column.width;
  });
  parts.push('ET');
  page.ops.push(parts.join(' '));
}

/** A page with the given content (PDF operators, WinAnsi bytes) and the font as its resource /F. */
function addPage(doc: PDFDocument, font: PDFFont, content: string): void {
  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  page.node.setFontDictionary(PDFName.of('F'), font.ref);
  page.node.addContentStream(doc.context.register(doc.context.flateStream(Buffer.from(content, 'latin1'))));
}

/** Words of a paragraph in lines of at most `width` characters (the PDF's lines are not wrapped for us). */
export function wrap(paragraph: string, width = 95): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A line as it is when it fits, else wrapped (keeps a short line's own spacing, such as the entity block's contact line). */
export const wrapLong = (line: string, width = 95): string[] => (line.length > width ? wrap(line, width) : [line]);
