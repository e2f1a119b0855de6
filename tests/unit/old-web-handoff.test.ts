import { handOffToOldWeb } from '@/entities/session/model/old-web-handoff';

/** The authorised-user information leaves in a POST body, never in the address (docs/decisions.md). */
describe('hand-off to the old web application', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('posts the information to <oldWebUrl>/authorized-user in a hidden field', () => {
    let submitted: HTMLFormElement | null = null;
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted = this;
    });
    handOffToOldWeb('https://old-web.example/brand3', { customerId: 7, ticket: 'secret-ticket' });
    const form = submitted as HTMLFormElement | null;
    expect(form).not.toBeNull();
    expect(form!.method).toBe('post');
    expect(form!.action).toBe('https://old-web.example/brand3/authorized-user');
    expect(form!.action).not.toContain('secret-ticket');
    const field = form!.elements.namedItem('authorizedUserInformationApi') as HTMLInputElement;
    expect(field.type).toBe('hidden');
    expect(JSON.parse(field.value)).toEqual({ customerId: 7, ticket: 'secret-ticket' });
  });

  it.each(['http://old-web.example/x', 'javascript:alert(1)', '//evil.example/'])('refuses an unsafe address: %s', (address) => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    expect(() => handOffToOldWeb(address, { ticket: 't' })).toThrow();
    expect(submit).not.toHaveBeenCalled();
  });
});
