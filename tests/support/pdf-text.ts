import { inflateSync } from 'node:zlib';

/**
 * The lines a sandbox PDF shows, in order (no PDF library in the project reads text): every
 * deflated stream is inflated; each `Tj` operand becomes text, a literal string decoded as
 * WinAnsi (Helvetica), a hex string of glyph ids through the embedded font's ToUnicode map (a
 * Unicode font's subset, as the account confirmation sets Cyrillic in). One string per `Tj`: the
 * sandbox's documents write one per line (a table writes one per cell).
 */
export function pdfLines(bytes: Uint8Array): string[] {
  const streams = inflated(bytes);
  const glyphs = new Map<string, string>();
  for (const stream of streams.filter((s) => s.includes('beginbfchar'))) {
    for (const [, id, unicode] of stream.matchAll(/<([0-9a-fA-F]{4})> <([0-9a-fA-F]+)>/g)) {
      glyphs.set(id!.toLowerCase(), String.fromCharCode(...unicode!.match(/.{4}/g)!.map((hex) => Number.parseInt(hex, 16))));
    }
  }
  const winAnsi = new TextDecoder('windows-1252');
  const lines: string[] = [];
  for (const stream of streams) {
    for (const [, operand] of stream.matchAll(/(\((?:\\.|[^\\)])*\)|<[0-9a-fA-F]*>)\s*Tj/g)) {
      if (operand!.startsWith('(')) {
        const bytes = operand!.slice(1, -1).replace(/\\(.)/g, '$1');
        lines.push(winAnsi.decode(Uint8Array.from(bytes, (c) => c.charCodeAt(0))));
      } else {
        lines.push((operand!.slice(1, -1).match(/.{4}/g) ?? []).map((id) => glyphs.get(id.toLowerCase()) ?? '\uFFFD').join(''));
      }
    }
  }
  return lines;
}

/** The PDF's deflated streams, inflated (latin1): the page content as written, the fonts' maps. */
function inflated(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes);
  const streams: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf('stream', at);
    if (start < 0) break;
    const body = start + (raw[start + 6] === 0x0d ? 8 : 7);
    const end = raw.indexOf('endstream', body);
    try {
      streams.push(inflateSync(raw.subarray(body, end)).toString('latin1'));
    } catch {
      // not deflated: nothing to read
    }
    at = end + 9;
  }
  return streams;
}

/** Every inflated stream as written, joined (to look for an operator). */
pdfLines.raw = (bytes: Uint8Array): string => inflated(bytes).join('\n');
