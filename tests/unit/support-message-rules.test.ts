// @vitest-environment node
import { admitFiles, fieldProblem, fieldProblems, fieldValuesOf, fileProblem, mediaTypeOf, REPLY_FIELD, type TicketFieldRule } from '@machines/support/support-message.rules';

/** A support message's fields and attachments, checked before anything is sent (issue 60). */
describe('support message rules (issue 60)', () => {
  const text = (over: Partial<TicketFieldRule> = {}): TicketFieldRule => ({ apiName: 'subject', type: 'Text', isMandatory: true, maxLength: 255, allowedValues: [], ...over });
  const LIMITS = { maxCount: 2, maxSize: 10 * 1024 * 1024, types: ['application/pdf', 'image/jpeg', 'image/png', 'text/plain'] };

  it.each<[string, TicketFieldRule, string | undefined, string | null]>([
    ['mandatory, absent', text(), undefined, 'required'],
    ['mandatory, blank', text(), '   ', 'required'],
    ['optional, blank', text({ isMandatory: false }), '  ', null],
    ['at the length', text(), 'x'.repeat(255), null],
    ['over the length', text(), 'x'.repeat(256), 'tooLong'],
    ['over the length only with its spaces', text(), ` ${'x'.repeat(255)} `, null],
    ['picklist, a value', text({ type: 'Picklist', allowedValues: ['Cards', 'Other'] }), 'Cards', null],
    ['picklist, another value', text({ type: 'Picklist', allowedValues: ['Cards', 'Other'] }), 'cards', 'notAllowed'],
    ['picklist, optional and blank', text({ type: 'Picklist', isMandatory: false, allowedValues: ['Cards'] }), '', null],
    ['e-mail', text({ type: 'Email' }), 'a@b.example', null],
    ['e-mail without its domain', text({ type: 'Email' }), 'a@b', 'email'],
    ['phone', text({ type: 'Phone', maxLength: 32 }), '+44 (20) 7946-0012', null],
    ['phone of 7 digits', text({ type: 'Phone', maxLength: 32 }), '1234567', null],
    ['phone of 6 digits', text({ type: 'Phone', maxLength: 32 }), '123456', 'phone'],
    ['phone of 20 digits', text({ type: 'Phone', maxLength: 32 }), '1'.repeat(20), null],
    ['phone of 21 digits', text({ type: 'Phone', maxLength: 32 }), '1'.repeat(21), 'phone'],
    ['phone with a letter', text({ type: 'Phone', maxLength: 32 }), '+44 20 7946 001x', 'phone'],
    ['a reply of one character', REPLY_FIELD, 'k', null],
    ['a reply of 32000', REPLY_FIELD, 'k'.repeat(32000), null],
    ['a reply of 32001', REPLY_FIELD, 'k'.repeat(32001), 'tooLong'],
    ['an empty reply', REPLY_FIELD, '\n\n', 'required'],
  ])('%s', (_, field, value, problem) => {
    expect(fieldProblem(field, value)).toBe(problem);
  });

  it('every field checked; the values sent trimmed, blank optional ones left out', () => {
    const fields = [text(), text({ apiName: 'description', type: 'Textarea', maxLength: 32000 }), text({ apiName: 'phone', type: 'Phone', isMandatory: false, maxLength: 32 })];
    expect(fieldProblems(fields, { subject: ' ', phone: '12' })).toEqual({ subject: 'required', description: 'required', phone: 'phone' });
    expect(fieldValuesOf(fields, { subject: ' Card blocked ', description: 'It says so.', phone: '  ', other: 'not a field' })).toEqual({ subject: 'Card blocked', description: 'It says so.' });
  });

  it.each([
    [{ name: 'a.pdf', size: 10, type: 'application/pdf' }, null],
    [{ name: 'a.PDF', size: 10, type: '' }, null],
    [{ name: 'photo.jpeg', size: 10, type: 'image/jpeg; charset=binary' }, null],
    [{ name: 'notes', size: 10, type: '' }, 'wrongType'],
    [{ name: 'a.exe', size: 10, type: 'application/x-msdownload' }, 'wrongType'],
    [{ name: 'a.png', size: 0, type: 'image/png' }, 'empty'],
    [{ name: 'a.png', size: 10 * 1024 * 1024, type: 'image/png' }, null],
    [{ name: 'a.png', size: 10 * 1024 * 1024 + 1, type: 'image/png' }, 'tooLarge'],
    [{ name: 'a.gif', size: 10, type: 'image/gif' }, 'wrongType'],
  ])('the file %j: %s', (file, problem) => {
    expect(fileProblem(file, LIMITS)).toBe(problem);
  });

  it('a media type by the browser, else by the extension', () => {
    expect(mediaTypeOf({ name: 'x.txt', size: 1, type: '' })).toBe('text/plain');
    expect(mediaTypeOf({ name: 'x.JPG', size: 1, type: '' })).toBe('image/jpeg');
    expect(mediaTypeOf({ name: 'x.txt', size: 1, type: 'Image/PNG' })).toBe('image/png');
    expect(mediaTypeOf({ name: 'x.unknown', size: 1, type: '' })).toBe('');
  });

  it('files admitted up to the count; duplicates and bad ones refused by name; those beyond the count left out', () => {
    const a = { name: 'a.pdf', size: 10, type: 'application/pdf' };
    const b = { name: 'b.png', size: 20, type: 'image/png' };
    const c = { name: 'c.png', size: 30, type: 'image/png' };
    const bad = { name: 'd.exe', size: 5, type: 'application/octet-stream' };
    expect(admitFiles([], [a, a, bad, b, c], LIMITS)).toEqual({
      admitted: [a, b],
      refused: [
        { file: a, problem: 'duplicate' },
        { file: bad, problem: 'wrongType' },
      ],
      overCount: [c],
    });
    expect(admitFiles([a], [a, b, c], LIMITS)).toEqual({ admitted: [b], refused: [{ file: a, problem: 'duplicate' }], overCount: [c] });
    expect(admitFiles([a, b], [c], LIMITS)).toEqual({ admitted: [], refused: [], overCount: [c] });
    expect(admitFiles([], [a], { ...LIMITS, maxCount: 0 })).toEqual({ admitted: [], refused: [], overCount: [a] });
  });
});
