import { focusFirstInvalidSoon } from '@/shared/lib';

/** After a refused submit the first invalid field of that form gets the focus, once drawn; not if the form left. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function formWith(html: string): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML = html;
  document.body.append(form);
  return form;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusFirstInvalidSoon', () => {
  it('focuses the first invalid field of the form on the next frame', async () => {
    const form = formWith('<input id="a"><input id="b" aria-invalid="true"><input id="c" aria-invalid="true">');
    focusFirstInvalidSoon(form);
    expect(document.activeElement).toBe(document.body);
    await nextFrame();
    expect(document.activeElement?.id).toBe('b');
  });

  it('gives a radio group marked invalid to its first radio', async () => {
    const form = formWith('<div role="radiogroup" aria-invalid="true"><input type="radio" id="r1"><input type="radio" id="r2"></div>');
    focusFirstInvalidSoon(form);
    await nextFrame();
    expect(document.activeElement?.id).toBe('r1');
  });

  it('moves nothing once the form has left the screen (the user opened another form)', async () => {
    const form = formWith('<input id="old" aria-invalid="true">');
    const other = formWith('<input id="new" aria-invalid="true">');
    focusFirstInvalidSoon(form);
    form.remove();
    await nextFrame();
    expect(document.activeElement).toBe(document.body);
    expect(other.isConnected).toBe(true);
  });

  it('looks only inside its own form', async () => {
    formWith('<input id="elsewhere" aria-invalid="true">');
    const form = formWith('<input id="valid">');
    focusFirstInvalidSoon(form);
    await nextFrame();
    expect(document.activeElement).toBe(document.body);
  });
});
