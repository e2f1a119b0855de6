import { useId, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { disclosureMachine } from '@machines/shared/disclosure.machine';
import { LANGUAGE_LABELS, type Language } from '@/shared/config';
import { useAppStartActor } from '@/shared/model';
import styles from './language-switch.module.css';

/**
 * The header's language switch: a disclosure (button + list of the brand's languages, each a
 * button named by its endonym in its own language). Only the brand's languages are offered; the
 * choice persists (the start-up machine's persistLanguage action) and reloads the dictionaries.
 * Escape, a choice, or focus/click leaving it closes it; arrow keys move between the languages.
 * Plain HTML, so it costs first paint nothing and opens in one frame.
 */
export function LanguageSwitch() {
  const { t } = useLingui();
  const app = useAppStartActor();
  const language = useSelector(app, (s) => s.context.language);
  const offered = useSelector(app, (s) => s.context.offeredLanguages);
  const switching = useSelector(app, (s) => s.hasTag('switchingLanguage'));
  const menu = useActorRef(disclosureMachine);
  const open = useSelector(menu, (s) => s.hasTag('open'));
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();
  if (offered.length < 2) return null;

  const choose = (code: Language) => {
    menu.send({ type: 'CLOSE' });
    button.current?.focus();
    if (code !== language) app.send({ type: 'CHANGE_LANGUAGE', language: code });
  };
  const moveFocus = (step: 1 | -1) => {
    const items = [...(list.current?.querySelectorAll('button') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    items[(at + step + items.length) % items.length]?.focus();
  };

  return (
    <div
      className={styles.switch}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          menu.send({ type: 'CLOSE' });
          button.current?.focus();
        } else if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
          event.preventDefault();
          moveFocus(event.key === 'ArrowDown' ? 1 : -1);
        }
      }}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) menu.send({ type: 'CLOSE' });
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${LANGUAGE_LABELS[language].short} ${t`Language`}`}
        aria-busy={switching || undefined}
        disabled={switching}
        onClick={() => menu.send({ type: 'TOGGLE' })}
      >
        <span>{LANGUAGE_LABELS[language].short}</span>
        <span aria-hidden="true" className={styles.chevron}>
          ▾
        </span>
      </button>
      <ul ref={list} id={listId} className={styles.popover} aria-label={t`Languages`} hidden={!open}>
        {offered.map((code) => (
          <li key={code}>
            <button
              type="button"
              className={styles.item}
              lang={code}
              aria-current={code === language ? 'true' : undefined}
              onClick={() => choose(code)}
            >
              <span>{LANGUAGE_LABELS[code].name}</span>
              <span className={styles.code} aria-hidden="true">
                {LANGUAGE_LABELS[code].short}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
