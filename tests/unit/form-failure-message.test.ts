// @vitest-environment node
import { formFailureMessage, unexpectedFailure } from '@machines/shared/ui-message';

describe("a form failure's message (formFailureMessage)", () => {
  it.each([
    ['the message when given', { fields: { email: { text: 'Taken' } }, message: { text: 'Not created' } }, { text: 'Not created' }],
    ['one field: its message', { fields: { captcha: { text: 'The captcha was not passed' } } }, { text: 'The captcha was not passed' }],
    ["several fields of the service's text: joined", { fields: { email: { text: 'Taken' }, phone: { text: 'Bad phone' } } }, { text: 'Taken, Bad phone' }],
    ['fields without messages: the generic one', { fields: {} }, { descriptor: unexpectedFailure }],
    ['a plain UiMessage: as it is', { text: 'Server is not available' }, { text: 'Server is not available' }],
    ['an Error (a bug): the generic one', new Error('boom'), { descriptor: unexpectedFailure }],
    ['nothing: the generic one', null, { descriptor: unexpectedFailure }],
  ])('%s', (_name, error, expected) => {
    expect(formFailureMessage(error)).toEqual(expected);
  });

  it('several fields with a translatable one: the first', () => {
    const descriptor = { id: 'x', message: 'Required.' };
    expect(formFailureMessage({ fields: { a: { descriptor }, b: { text: 'B' } } })).toEqual({ descriptor });
  });
});
