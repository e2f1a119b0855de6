/**
 * What an uploaded file's bytes say it is (issue 46 item 7): a declared type is believed only when
 * the first bytes bear it out, as a careful bank does (a browser names the type after the file's
 * extension, so "scan.pdf" holding HTML or a program arrives as application/pdf). Pure: bytes in,
 * a verdict out; table-tested in tests/sandbox/file-kinds.test.ts.
 *
 *   pdf   starts with "%PDF-"
 *   png   starts with the PNG signature 89 50 4E 47 0D 0A 1A 0A
 *   jpeg  starts with FF D8 FF (start of image, then a marker)
 *   text  valid UTF-8 without a NUL byte (a CSV or a text file; a UTF-8 byte order mark is fine)
 */
export type FileKind = 'pdf' | 'png' | 'jpeg' | 'text';

const SIGNATURES: Readonly<Record<Exclude<FileKind, 'text'>, readonly number[]>> = {
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
};

/** The declared types whose kind is known (the document types the rules take, and text). */
const KIND_OF_TYPE: Readonly<Record<string, FileKind>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'text/csv': 'text',
  'text/plain': 'text',
};

/** The kind a declared media type names (parameters and case ignored: "text/csv; charset=utf-8"), or null. */
export function kindOfType(type: string): FileKind | null {
  const essence = type.split(';')[0]!.trim().toLowerCase();
  return KIND_OF_TYPE[essence] ?? null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text: valid UTF-8 without a NUL byte (UTF-16 and binary files have NULs; Latin-1 accents are not UTF-8). */
export function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean => bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** Whether the bytes are a file of this kind. */
export function bytesAre(kind: FileKind, bytes: Uint8Array): boolean {
  return kind === 'text' ? isText(bytes) : startsWith(bytes, SIGNATURES[kind]);
}

/** The kind the first bytes show (a signature first, then text), or null (a program, an archive, an unknown binary). */
export function kindOfBytes(bytes: Uint8Array): FileKind | null {
  for (const kind of ['pdf', 'png', 'jpeg'] as const) if (startsWith(bytes, SIGNATURES[kind])) return kind;
  return bytes.length > 0 && isText(bytes) ? 'text' : null;
}

/** Whether the bytes bear out the declared type: a known type whose kind the bytes are (a type not in the table never is). */
export function bytesMatchType(type: string, bytes: Uint8Array): boolean {
  const kind = kindOfType(type);
  return kind !== null && bytesAre(kind, bytes);
}

/**
 * The type a rule of declared types (documentFileProblem) should see: the declared one when the
 * bytes bear it out, or when there are no bytes to say otherwise (an empty file stays "empty" for
 * the rule); '' when the bytes contradict it, which every such rule refuses as the wrong type.
 */
export function typeBorneOut(file: { type: string; bytes: Uint8Array }): string {
  return file.bytes.length === 0 || bytesMatchType(file.type, file.bytes) ? file.type : '';
}
