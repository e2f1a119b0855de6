import { describe, expect, it } from 'vitest';
import { NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX, readNotification } from '@machines/app/notification.rules';

const now = () => 1_796_000_000_000;
const message = (notification: unknown, extra: Record<string, unknown> = {}) => ({ type: 'notification', id: 'n-1', notification, ...extra });

describe('the Notification entity from the realtime channel (002 s3: type, status, title, body)', () => {
  it.each([
    ['every field', message({ type: 'document', status: 'success', title: 'Your document was accepted', body: 'Thank you.' }), { id: 'n-1', type: 'document', status: 'success', title: 'Your document was accepted', body: 'Thank you.' }],
    ['no body', message({ type: 'security', status: 'error', title: 'A new sign-in' }), { id: 'n-1', type: 'security', status: 'error', title: 'A new sign-in', body: undefined }],
    ['a blank body is none', message({ type: 'invoice', status: 'info', title: 'An invoice', body: '   ' }), { id: 'n-1', type: 'invoice', status: 'info', title: 'An invoice', body: undefined }],
    ['an unknown type is general', message({ type: 'promotion', status: 'success', title: 'T' }), { id: 'n-1', type: 'general', status: 'success', title: 'T', body: undefined }],
    ['an unknown status is info', message({ type: 'support', status: 'urgent', title: 'T' }), { id: 'n-1', type: 'support', status: 'info', title: 'T', body: undefined }],
    ['no type or status', message({ title: 'T' }), { id: 'n-1', type: 'general', status: 'info', title: 'T', body: undefined }],
    ['the title trimmed', message({ title: '  Hello  ' }), { id: 'n-1', type: 'general', status: 'info', title: 'Hello', body: undefined }],
    ['a numeric id', message({ title: 'T' }, { id: 42 }), { id: '42', type: 'general', status: 'info', title: 'T', body: undefined }],
    ['no id: made from the time', message({ title: 'T' }, { id: undefined }), { id: 'notification-1796000000000', type: 'general', status: 'info', title: 'T', body: undefined }],
    ['an empty id: made from the time', message({ title: 'T' }, { id: '' }), { id: 'notification-1796000000000', type: 'general', status: 'info', title: 'T', body: undefined }],
  ])('%s', (_, input, expected) => expect(readNotification(input, now)).toEqual(expected));

  it.each([
    ['not an object', 'notification'],
    ['null', null],
    ['another message type', { type: 'transaction', id: 'x', notification: { title: 'T' } }],
    ['no notification', { type: 'notification', id: 'x', title: 'T' }],
    ['the notification not an object', message('T')],
    ['no title', message({ type: 'document', status: 'success' })],
    ['a blank title', message({ title: '   ' })],
    ['a title not text', message({ title: 7 })],
  ])('none: %s', (_, input) => expect(readNotification(input, now)).toBeNull());

  it('a title and a body at their limits stay whole; one character more is cut with an ellipsis', () => {
    const title = 'T'.repeat(NOTIFICATION_TITLE_MAX);
    const body = 'B'.repeat(NOTIFICATION_BODY_MAX);
    expect(readNotification(message({ title, body }), now)).toMatchObject({ title, body });
    const longer = readNotification(message({ title: `${title}x`, body: `${body}x` }), now)!;
    expect(longer.title).toHaveLength(NOTIFICATION_TITLE_MAX);
    expect(longer.title.endsWith('…')).toBe(true);
    expect(longer.body).toHaveLength(NOTIFICATION_BODY_MAX);
    expect(longer.body!.endsWith('…')).toBe(true);
  });
});
