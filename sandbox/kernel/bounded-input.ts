/**
 * How much a request may carry (issue 46 item 7, docs/decisions.md "Bounded input"): every body is
 * counted while it arrives (Hono's bodyLimit in sandbox/server.ts), so a body over its limit is
 * refused with 413 before it is read whole, with or without a Content-Length.
 *
 * The refusals' texts are here, in one place, for the session that translates them.
 */

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * A JSON body (every operation, the control API, the identity provider's page): 2 MiB. The largest
 * the app sends is a mass p2p text (p2pMassTransfer's textContent: at most 1,000,000 bytes,
 * MASS_P2P_MAX_BYTES), which fits even if every character took a two-byte escape (a quote, a
 * backslash, a tab); the next largest, a global pay remove or restore of 10,000 ids, is about 80 KB.
 */
export const JSON_BODY_MAX_BYTES = 2 * MiB;

/** A multipart request's `data` part (a few fields: the account, the batch name, the document's dates). */
export const DATA_PART_MAX_BYTES = 64 * KiB;

/** What a multipart request may carry besides its files: the `data` part and every part's boundary and headers. */
export const MULTIPART_ALLOWANCE_BYTES = 2 * DATA_PART_MAX_BYTES;

/** A multipart request: each file part at its largest (the operation's per-part limit), plus the allowance. */
export const multipartBodyMaxBytes = (partMaxBytes: number, fileParts: number): number => Math.max(1, fileParts) * partMaxBytes + MULTIPART_ALLOWANCE_BYTES;

/** A size as the messages write it: 2 MiB, 64 KiB. */
export const sizeText = (bytes: number): string => (bytes >= MiB && bytes % MiB === 0 ? `${bytes / MiB} MiB` : bytes % KiB === 0 ? `${bytes / KiB} KiB` : `${bytes} bytes`);

/** The refusals of input that is too large or not what it says (English; translated later, here). */
export const BOUNDED_INPUT_MESSAGES = {
  /** A body over its limit (413). */
  bodyTooLarge: (limitBytes: number) => `The request is larger than ${sizeText(limitBytes)}`,
  /** A multipart request's data part over its limit (413). */
  dataPartTooLarge: (limitBytes: number) => `The data part is larger than ${sizeText(limitBytes)}`,
  /** A CSV upload whose bytes are not text (the VF on the file, like "The file is empty"). */
  notText: 'The file is not a text file: save it as CSV in UTF-8',
} as const;
