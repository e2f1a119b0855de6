import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { LANGUAGE_LABELS } from '@/shared/config';
import { onDemand } from '@/shared/lib';
import { useAppStartActor } from '@/shared/model';
import styles from './language-switch.module.css';

const select = onDemand(() => import('./language-select').then((m) => m.LanguageSelect));

/** The listbox code loads when idle after first paint (or on first focus, hover or press). */
export const preloadLanguageSelect = select.preload;

/** What reached the stand-in trigger before the listbox code arrived, handed on to it once. */
const handOver = { focused: false, pressed: false };

/**
 * The header's language switch. Until its listbox code is loaded, a trigger that looks the same
 * stands in: focusing, hovering or pressing it loads the code, and the real select takes over
 * with the focus (and opens if it was pressed), so the first paint carries no listbox code.
 */
export function LanguageSwitch() {
  const { t } = useLingui();
  const actor = useAppStartActor();
  const language = useSelector(actor, (s) => s.context.language);
  const offered = useSelector(actor, (s) => s.context.offeredLanguages);
  const Select = select.useLoaded();
  if (offered.length < 2) return null;
  if (Select) {
    const { focused, pressed } = handOver;
    // Handed over once: a later mount (another layout's header) starts closed and unfocused.
    // Cleared after this render pass, so a repeated render (StrictMode) still sees it.
    if (focused || pressed) queueMicrotask(() => Object.assign(handOver, { focused: false, pressed: false }));
    return <Select autoFocus={focused} defaultOpen={pressed} />;
  }
  return (
    <span className={styles.select}>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="listbox"
        aria-expanded="false"
        aria-label={`${LANGUAGE_LABELS[language].short} ${t`Language`}`}
        onPointerEnter={preloadLanguageSelect}
        onFocus={() => {
          handOver.focused = true;
          preloadLanguageSelect();
        }}
        onBlur={() => {
          handOver.focused = false;
        }}
        onClick={() => {
          handOver.pressed = true;
          preloadLanguageSelect();
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            handOver.pressed = true;
            preloadLanguageSelect();
          }
        }}
      >
        <span>{LANGUAGE_LABELS[language].short}</span>
        <span aria-hidden="true" className={styles.chevron}>
          ▾
        </span>
      </button>
    </span>
  );
}
