import { afterEach, describe, expect, it, vi } from 'vitest';
import { readVisitorInput, restoreFocus, watchVisitorInput } from '@/app/prerender/take-over';

/** A prerendered sign-in form as the build writes it (issue 48). */
function prerendered(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = `<a href="/">Home</a><form><input type="email" autocomplete="username"><input type="password" autocomplete="current-password"><button type="submit" disabled>Sign in</button></form>`;
  document.body.append(root);
  return root;
}
const type = (field: HTMLInputElement, value: string) => {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('the take-over watches what the visitor does while the app renders (issue 48)', () => {
  afterEach(() => document.body.replaceChildren());

  it('starts from what is already typed and focused', () => {
    const root = prerendered();
    const [email] = root.querySelectorAll('input');
    email!.value = 'a@b.test';
    email!.focus();
    const watch = watchVisitorInput(root);
    expect(watch.latest()).toEqual({ values: { username: 'a@b.test' }, focus: { index: 1, start: null, end: null } });
    watch.stop();
  });

  it('follows typing, clearing and focus moves, and stops when asked', () => {
    const root = prerendered();
    const [email, password] = root.querySelectorAll('input');
    const watch = watchVisitorInput(root);
    expect(watch.latest()).toEqual({ values: {}, focus: null });
    email!.focus();
    type(email!, 'late@b.test');
    password!.focus();
    type(password!, 'Secret-1');
    password!.setSelectionRange(2, 4);
    password!.dispatchEvent(new Event('select', { bubbles: true }));
    expect(watch.latest()).toEqual({ values: { username: 'late@b.test', 'current-password': 'Secret-1' }, focus: { index: 2, start: 2, end: 4 } });
    type(email!, '');
    expect(watch.latest().values).toEqual({ 'current-password': 'Secret-1' });
    watch.stop();
    type(password!, 'changed after the commit');
    expect(watch.latest().values).toEqual({ 'current-password': 'Secret-1' });
  });

  it('keeps the focus when the commit removes the focused field (the browser reports a focus leaving first)', async () => {
    vi.useFakeTimers();
    const root = prerendered();
    const [email] = root.querySelectorAll('input');
    email!.focus();
    type(email!, 'kept@b.test');
    const watch = watchVisitorInput(root);
    // As the commit does it: the focus leaves while the field is still in the page (focusout, and
    // change for a value typed since it was focused), then the field goes.
    email!.blur();
    email!.dispatchEvent(new Event('change', { bubbles: true }));
    const removed = root.querySelector('form')!;
    removed.remove();
    removed.querySelector('input')!.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(watch.latest()).toEqual({ values: { username: 'kept@b.test' }, focus: { index: 1, start: null, end: null } });
    expect(readVisitorInput(root)).toEqual({ values: {}, focus: null });
    watch.stop();
    vi.useRealTimers();
  });

  it('forgets the focus when the visitor leaves the field (it stays in the page)', async () => {
    vi.useFakeTimers();
    const root = prerendered();
    const [email] = root.querySelectorAll('input');
    email!.focus();
    const watch = watchVisitorInput(root);
    expect(watch.latest().focus).toEqual({ index: 1, start: null, end: null });
    email!.blur();
    await vi.advanceTimersByTimeAsync(0);
    expect(watch.latest().focus).toBeNull();
    watch.stop();
    vi.useRealTimers();
  });

  it('puts the focus and the caret back on the element in the same place', () => {
    const root = prerendered();
    const password = root.querySelectorAll('input')[1]!;
    password.value = 'Secret-1';
    restoreFocus(root, { index: 2, start: 1, end: 3 });
    expect(document.activeElement).toBe(password);
    expect([password.selectionStart, password.selectionEnd]).toEqual([1, 3]);
  });
});
