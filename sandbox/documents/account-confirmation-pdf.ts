import { existsSync, readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFName, StandardFonts, type PDFFont } from 'pdf-lib';
import { isWinAnsi, winAnsi } from './pdf.ts';

/**
 * An account confirmation's PDF (issue 61; documents.yaml generatePdf `accountConfirmation`): one
 * A4 page in the customer's language, a title, the account's lines, and the brand's
 * regulated-entity block at the foot under a rule. Unlike the sandbox's English documents
 * (pdf.ts: Helvetica, WinAnsi only) its text may be Cyrillic or Romanian, so a line WinAnsi cannot
 * write is set in a Unicode TrueType font (DejaVu Sans, which .ci/run installs with Chromium, or
 * the file named by SANDBOX_PDF_FONT), embedded as a subset; a line WinAnsi can write stays in
 * Helvetica as a literal string. Without the font file every line falls back to Helvetica
 * (letters it cannot show lose their accent or become '?'), and the document is still made.
 */
export interface AccountConfirmationSpec {
  title: string;
  /** The account's lines; '' is a blank line. */
  lines: string[];
  /** The regulated-entity block (machines/shared/entity-block.rules.ts), printed at the foot. */
  entity: string[];
  /** The document's author in its metadata (the regulated entity). */
  author: string;
  created: Date;
}

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const TITLE_SIZE = 16;
const LINE_SIZE = 10;
const LINE_GAP = 15;
const FOOT_SIZE = 8;
const FOOT_GAP = 11;
const ROOM = PAGE_WIDTH - 2 * MARGIN;

const FONT_PATH = process.env.SANDBOX_PDF_FONT ?? '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
let fontBytes: Uint8Array | null | undefined;
/** The Unicode font's file, read once (null: not on this machine). */
function unicodeFontBytes(): Uint8Array | null {
  if (fontBytes === undefined) fontBytes = existsSync(FONT_PATH) ? new Uint8Array(readFileSync(FONT_PATH)) : null;
  return fontBytes;
}

const num = (n: number): string => (Math.round(n * 100) / 100).toString();
const literal = (bytes: string): string => `(${bytes.replace(/[\\()]/g, '\\$&')})`;

interface Fonts {
  latin: PDFFont;
  unicode: PDFFont | null;
}

/** The font a text is set in, its resource name and its encoded string operand. */
function setIn(fonts: Fonts, text: string): { font: PDFFont; name: 'F' | 'U'; operand: string } {
  if (!fonts.unicode || isWinAnsi(text)) return { font: fonts.latin, name: 'F', operand: literal(winAnsi(text)) };
  return { font: fonts.unicode, name: 'U', operand: fonts.unicode.encodeText(text).toString() };
}

/** A paragraph in lines that fit `room` points at `size` in the font it is set in. */
function fit(fonts: Fonts, paragraph: string, size: number): string[] {
  const { font } = setIn(fonts, paragraph);
  const width = (text: string) => font.widthOfTextAtSize(fonts.unicode && font === fonts.unicode ? text : winAnsiShown(text), size);
  if (width(paragraph) <= ROOM) return [paragraph];
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && width(next) > ROOM) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** What Helvetica will show for a text (its WinAnsi bytes back as characters), for measuring. */
const winAnsiShown = (text: string): string => new TextDecoder('windows-1252').decode(Uint8Array.from(winAnsi(text), (c) => c.charCodeAt(0)));

export async function accountConfirmationPdf(spec: AccountConfirmationSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(spec.title);
  doc.setAuthor(spec.author);
  doc.setCreator('PayBank sandbox');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(spec.created);
  doc.setModificationDate(spec.created);
  const latin = await doc.embedFont(StandardFonts.Helvetica);
  const bytes = unicodeFontBytes();
  let unicode: PDFFont | null = null;
  if (bytes) {
    doc.registerFontkit(fontkit);
    unicode = await doc.embedFont(bytes, { subset: true });
  }
  const fonts: Fonts = { latin, unicode };

  const ops: string[] = ['0 g'];
  const text = (x: number, y: number, size: number, content: string) => {
    const set = setIn(fonts, content);
    ops.push(`BT /${set.name} ${size} Tf ${num(x)} ${num(y)} Td ${set.operand} Tj ET`);
  };

  let y = PAGE_HEIGHT - MARGIN - TITLE_SIZE;
  for (const line of fit(fonts, spec.title, TITLE_SIZE)) {
    text(MARGIN, y, TITLE_SIZE, line);
    y -= TITLE_SIZE + 4;
  }
  y -= 10;
  for (const paragraph of spec.lines) {
    for (const line of paragraph ? fit(fonts, paragraph, LINE_SIZE) : ['']) {
      if (line) text(MARGIN, y, LINE_SIZE, line);
      y -= LINE_GAP;
    }
  }

  // The entity block at the foot, under a rule.
  const foot = spec.entity.flatMap((paragraph) => fit(fonts, paragraph, FOOT_SIZE));
  let footY = MARGIN + (foot.length - 1) * FOOT_GAP;
  ops.push(`0.6 G 0.5 w ${num(MARGIN)} ${num(footY + FOOT_GAP + 2)} m ${num(PAGE_WIDTH - MARGIN)} ${num(footY + FOOT_GAP + 2)} l S`);
  for (const line of foot) {
    text(MARGIN, footY, FOOT_SIZE, line);
    footY -= FOOT_GAP;
  }

  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  page.node.setFontDictionary(PDFName.of('F'), latin.ref);
  if (unicode) page.node.setFontDictionary(PDFName.of('U'), unicode.ref);
  page.node.addContentStream(doc.context.register(doc.context.flateStream(Buffer.from(ops.join('\n'), 'latin1'))));
  return doc.save();
}
