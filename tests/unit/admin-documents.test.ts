// @vitest-environment node
import { adminDocumentErrors, adminDocumentMessages } from '@machines/company/admin-documents-messages';
import {
  ADMIN_DOCUMENT_FILE_TYPES,
  ADMIN_DOCUMENT_MAX_BYTES,
  ADMIN_DOCUMENT_NAME_MAX,
  adminDocumentName,
  adminDocumentProblems,
  type AdminDocumentFile,
  type AdminDocumentProblems,
} from '@machines/company/admin-documents.rules';
import { DOCUMENT_MAX_BYTES } from '@machines/verification/verification.rules';

/**
 * An admin document's checks before it is sent (issue 52; main.yaml AdminDocumentData, the
 * service's checks in sandbox/handlers/company.ts): every branch and boundary of the name and the
 * file, then the same in words.
 */
const pdf = (size = 48_213, type = 'application/pdf'): AdminDocumentFile => ({ name: 'certificate.pdf', type, size });
const MB10 = 10_000_000;

describe('admin document limits', () => {
  it("are the contract's and the service's: 120 characters, PDF/JPEG/PNG, 10 MB as the service counts it (10,000,000 bytes)", () => {
    expect(ADMIN_DOCUMENT_NAME_MAX).toBe(120);
    expect([...ADMIN_DOCUMENT_FILE_TYPES]).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    expect(ADMIN_DOCUMENT_MAX_BYTES).toBe(MB10);
    expect(ADMIN_DOCUMENT_MAX_BYTES).toBe(DOCUMENT_MAX_BYTES);
  });
});

describe('admin document problems', () => {
  it.each<[string, string, AdminDocumentFile | null, AdminDocumentProblems]>([
    ['a name and a PDF', 'Certificate of incorporation', pdf(), {}],
    ['a JPEG', 'Passport scan', pdf(1000, 'image/jpeg'), {}],
    ['a PNG', 'Signature', pdf(1000, 'image/png'), {}],
    // The name
    ['no name', '', pdf(), { name: 'required' }],
    ['a name of spaces only', '   \t ', pdf(), { name: 'required' }],
    ['a name of one character', 'A', pdf(), {}],
    ['a name of 120 characters', 'n'.repeat(120), pdf(), {}],
    ['a name of 121 characters', 'n'.repeat(121), pdf(), { name: 'tooLong' }],
    ['120 characters with spaces around them (sent trimmed)', `  ${'n'.repeat(120)}  `, pdf(), {}],
    ['120 emoji (code points, as the contract counts)', '📄'.repeat(120), pdf(), {}],
    ['121 emoji', '📄'.repeat(121), pdf(), { name: 'tooLong' }],
    ['a Cyrillic name of 120 letters', 'Д'.repeat(120), pdf(), {}],
    // The file
    ['no file', 'Contract', null, { file: 'required' }],
    ['a text file', 'Contract', pdf(1000, 'text/plain'), { file: 'fileType' }],
    ['a file of no known type', 'Contract', pdf(1000, ''), { file: 'fileType' }],
    ['a GIF', 'Contract', pdf(1000, 'image/gif'), { file: 'fileType' }],
    ['an empty PDF', 'Contract', pdf(0), { file: 'empty' }],
    ['a PDF of one byte', 'Contract', pdf(1), {}],
    ['a PDF of exactly 10 MB', 'Contract', pdf(MB10), {}],
    ['a PDF one byte over 10 MB', 'Contract', pdf(MB10 + 1), { file: 'fileSize' }],
    ["10 MiB (over the service's 10 MB)", 'Contract', pdf(10 * 1024 * 1024), { file: 'fileSize' }],
    ['the type before the size: a large text file', 'Contract', pdf(MB10 + 1, 'text/plain'), { file: 'fileType' }],
    ['the type before empty: an empty text file', 'Contract', pdf(0, 'text/plain'), { file: 'fileType' }],
    // Both
    ['neither', '', null, { name: 'required', file: 'required' }],
    ['a long name and a large file', 'n'.repeat(121), pdf(MB10 + 1), { name: 'tooLong', file: 'fileSize' }],
  ])('%s', (_case, name, file, expected) => {
    expect(adminDocumentProblems({ name, file })).toEqual(expected);
  });

  it('sends the name trimmed', () => {
    expect(adminDocumentName('  Service agreement (signed) \n')).toBe('Service agreement (signed)');
    expect(adminDocumentName('')).toBe('');
  });
});

describe('admin document problems in words', () => {
  const words = (name: string, file: AdminDocumentFile | null) =>
    Object.fromEntries(Object.entries(adminDocumentErrors({ name, file })).map(([field, message]) => [field, message && 'descriptor' in message ? message.descriptor : message]));

  it.each<[string, string, AdminDocumentFile | null, Record<string, unknown>]>([
    ['nothing wrong', 'Contract', pdf(), {}],
    ['no name', ' ', pdf(), { name: adminDocumentMessages.nameRequired }],
    ['a long name', 'n'.repeat(121), pdf(), { name: adminDocumentMessages.nameTooLong }],
    ['no file', 'Contract', null, { file: adminDocumentMessages.fileRequired }],
    ['not a PDF, JPEG or PNG', 'Contract', pdf(10, 'application/zip'), { file: adminDocumentMessages.fileType }],
    ['empty', 'Contract', pdf(0), { file: adminDocumentMessages.fileEmpty }],
    ['too large', 'Contract', pdf(MB10 + 1), { file: adminDocumentMessages.fileSize }],
    ['both', '', null, { name: adminDocumentMessages.nameRequired, file: adminDocumentMessages.fileRequired }],
  ])('%s', (_case, name, file, expected) => {
    expect(words(name, file)).toEqual(expected);
  });

  it('every message is a translatable descriptor with English words', () => {
    for (const descriptor of Object.values(adminDocumentMessages)) {
      expect(descriptor.id).toEqual(expect.any(String));
      expect(descriptor.message).toMatch(/\.$/);
    }
  });
});
