import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { Button, ListBox, ListBoxItem, Popover, Select, SelectValue, Label } from 'react-aria-components';
import { LANGUAGE_LABELS, type Language } from '@/shared/config';
import { useAppStartActor } from '@/shared/model';
import styles from './language-switch.module.css';

/**
 * Language switch: only the brand's languages are offered; the choice persists
 * (the start-up machine's persistLanguage action) and reloads the dictionaries.
 * Loaded on first use or when idle (language-switch.tsx draws its trigger until then);
 * `autoFocus`/`defaultOpen` carry over a focus or press that reached that stand-in.
 */
export function LanguageSelect({ autoFocus = false, defaultOpen = false }: { autoFocus?: boolean; defaultOpen?: boolean }) {
  const { t } = useLingui();
  const actor = useAppStartActor();
  const language = useSelector(actor, (s) => s.context.language);
  const offered = useSelector(actor, (s) => s.context.offeredLanguages);
  const switching = useSelector(actor, (s) => s.hasTag('switchingLanguage'));
  if (offered.length < 2) return null;
  return (
    <Select
      className={styles.select}
      selectedKey={language}
      onSelectionChange={(key) => actor.send({ type: 'CHANGE_LANGUAGE', language: key as Language })}
      isDisabled={switching}
      aria-label={t`Language`}
      autoFocus={autoFocus}
      defaultOpen={defaultOpen}
    >
      <Label className={styles.hiddenLabel}>{t`Language`}</Label>
      <Button className={styles.trigger} aria-busy={switching || undefined}>
        <SelectValue>{LANGUAGE_LABELS[language].short}</SelectValue>
        <span aria-hidden="true" className={styles.chevron}>
          ▾
        </span>
      </Button>
      <Popover className={styles.popover}>
        <ListBox className={styles.list}>
          {offered.map((code) => (
            <ListBoxItem key={code} id={code} textValue={LANGUAGE_LABELS[code].name} className={styles.item}>
              <span lang={code}>{LANGUAGE_LABELS[code].name}</span>
              <span className={styles.code}>{LANGUAGE_LABELS[code].short}</span>
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
