/**
 * The app taking over a prerendered page (issue 48, lever 1). The page was drawn from the build's
 * HTML before any script ran, and could be filled in; the app then draws the same page in one
 * commit (main.tsx). What the visitor did meanwhile is read here first and given back after: the
 * fields' values (by their autocomplete purpose) and where the focus was (by its place among the
 * page's focusable elements, with the caret).
 */
export interface VisitorInput {
  /** Non-empty field values by autocomplete purpose (`username`, `current-password`). */
  values: Readonly<Record<string, string>>;
  /** The focused element's place among the focusable ones, with the text selection where it has one. */
  focus: { index: number; start: number | null; end: number | null } | null;
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** The prerendered page's address (its `data-prerendered`), or null when #root was empty. */
export function prerenderedPath(root: HTMLElement): string | null {
  return root.dataset.prerendered ?? null;
}

export function readVisitorInput(root: HTMLElement): VisitorInput {
  const values: Record<string, string> = {};
  for (const field of root.querySelectorAll<HTMLInputElement>('input[autocomplete]')) {
    const purpose = field.getAttribute('autocomplete');
    if (purpose && field.value !== '') values[purpose] = field.value;
  }
  const active = document.activeElement;
  const index = active && root.contains(active) ? [...root.querySelectorAll(FOCUSABLE)].indexOf(active) : -1;
  if (index < 0) return { values, focus: null };
  const caret = active instanceof HTMLInputElement ? selection(active) : { start: null, end: null };
  return { values, focus: { index, ...caret } };
}

/**
 * The visitor's latest input while the app renders its first page in slices (main.tsx): read again
 * on every event that can change a value, the focus or the caret. The app's first commit replaces the
 * prerendered elements, so what is read at that moment comes from here. Events about elements that are
 * no longer in the page are ignored; so is a focus leaving a field because the commit removes it (the
 * browser reports that while the field is still in the page): a focus that left is read a task later,
 * and only when the field is still there.
 */
export function watchVisitorInput(root: HTMLElement, doc: Document = document): { latest: () => VisitorInput; stop: () => void } {
  let latest = readVisitorInput(root);
  let stopped = false;
  const inPage = (node: EventTarget | null): node is Node => node instanceof Node && root.contains(node);
  const onEvent = (event: Event) => {
    if (inPage(event.target)) latest = readVisitorInput(root);
  };
  const onFocusOut = (event: Event) => {
    const { target } = event;
    setTimeout(() => {
      if (!stopped && inPage(target)) latest = readVisitorInput(root);
    }, 0);
  };
  const onSelection = () => {
    if (inPage(doc.activeElement)) latest = readVisitorInput(root);
  };
  // Not `change`: a field fires it when it loses the focus, the commit's removal included (`input` has every value).
  const events = ['input', 'focusin', 'keyup', 'pointerup', 'select'];
  for (const type of events) root.addEventListener(type, onEvent, true);
  root.addEventListener('focusout', onFocusOut, true);
  doc.addEventListener('selectionchange', onSelection);
  return {
    latest: () => latest,
    stop: () => {
      stopped = true;
      for (const type of events) root.removeEventListener(type, onEvent, true);
      root.removeEventListener('focusout', onFocusOut, true);
      doc.removeEventListener('selectionchange', onSelection);
    },
  };
}

/** Focus where the visitor was (called right after the app's first commit). */
export function restoreFocus(root: HTMLElement, focus: VisitorInput['focus']): void {
  if (!focus) return;
  const target = root.querySelectorAll<HTMLElement>(FOCUSABLE)[focus.index];
  if (!target) return;
  target.focus({ preventScroll: true });
  if (target instanceof HTMLInputElement && focus.start !== null && focus.end !== null) {
    try {
      target.setSelectionRange(focus.start, focus.end);
    } catch {
      // e-mail fields have no selection API: the caret stays at the end
    }
  }
}

/** An input's selection, where its type has one (an e-mail field throws or answers null). */
function selection(field: HTMLInputElement): { start: number | null; end: number | null } {
  try {
    return { start: field.selectionStart, end: field.selectionEnd };
  } catch {
    return { start: null, end: null };
  }
}
