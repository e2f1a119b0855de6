import { useId, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { filterChoices, type ActingChoice } from '@machines/business/acting-customer.logic';
import { disclosureMachine } from '@machines/shared/disclosure.machine';
import type { UiMessage } from '@machines/shared/ui-message';
import { accessOf, actingIdentity, customerOf, useActingCustomer, useSessionActor, type ActingActor } from '@/entities/session';
import { track } from '@/shared/analytics';
import { uiMessageText } from '@/shared/lib';
import { Button, CheckIcon } from '@/shared/ui';
import styles from './company-selector.module.css';

export type CompanySelectorState = 'listing' | 'ready' | 'switching' | 'listFailed';

export interface CompanySelectorViewProps {
  /** The company acted for now, as the header names it. */
  companyName: string | null;
  /** The customers the user may act for (null while the list loads). */
  choices: readonly ActingChoice[] | null;
  current: number | null;
  state: CompanySelectorState;
  listError?: UiMessage | null;
  onChoose: (customerId: number) => void;
  onRetry: () => void;
  /** The list is shown (analytics "Company select show"). */
  onShow?: () => void;
}

/**
 * The header's company selector (issue 52; 000 s3 isHaveRelatedAccounts, 002 s7 userAccessList):
 * for a user who may act for others, the companies they may act for, searchable, the current one
 * marked. A choice goes to the acting-customer statechart (its access info first; the old
 * company's reads dropped; the start page again). Shown only with that statechart (ActingCustomerContext).
 */
export function CompanySelector() {
  const acting = useActingCustomer();
  return acting ? <ConnectedSelector acting={acting} /> : null;
}

function ConnectedSelector({ acting }: { acting: ActingActor }) {
  const session = useSessionActor();
  const companyName = useSelector(session, (s) => actingIdentity(customerOf(s), accessOf(s))?.companyName ?? null);
  const choices = useSelector(acting, (s) => s.context.choices);
  const current = useSelector(acting, (s) => s.context.current);
  const listError = useSelector(acting, (s) => s.context.listError);
  const state = useSelector(acting, (s): CompanySelectorState => (s.hasTag('switching') ? 'switching' : s.hasTag('listing') ? 'listing' : s.context.listError ? 'listFailed' : 'ready'));
  const name = companyName ?? choices?.find((choice) => choice.id === current)?.name ?? null;
  return (
    <CompanySelectorView
      companyName={name}
      choices={choices}
      current={current}
      state={state}
      listError={listError}
      onChoose={(customerId) => acting.send({ type: 'CHOOSE', customerId })}
      onRetry={() => acting.send({ type: 'RETRY_LIST' })}
      onShow={() => track('Company select show')}
    />
  );
}

export function CompanySelectorView({ companyName, choices, current, state, listError, onChoose, onRetry, onShow }: CompanySelectorViewProps) {
  const { t, i18n } = useLingui();
  const menu = useActorRef(disclosureMachine);
  const open = useSelector(menu, (s) => s.hasTag('open'));
  const [query, setQuery] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const searchId = useId();
  const switching = state === 'switching';
  const shown = choices ? filterChoices(choices, query, current) : [];
  const close = () => {
    menu.send({ type: 'CLOSE' });
    button.current?.focus();
  };
  const label = companyName ? t`Company: ${companyName}. Choose another` : t`Choose a company`;

  return (
    <div
      className={styles.selector}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
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
        aria-controls={panelId}
        aria-label={label}
        aria-busy={switching || undefined}
        onClick={() => {
          if (!open) onShow?.();
          menu.send({ type: 'TOGGLE' });
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M3 21h18M5 21V7l7-4 7 4v14M9 9h1M14 9h1M9 13h1M14 13h1M9 17h1M14 17h1" />
        </svg>
        <span className={styles.name} aria-hidden="true">
          {companyName ?? t`Company`}
        </span>
        <span aria-hidden="true" className={styles.chevron}>
          ▾
        </span>
      </button>
      <div id={panelId} className={styles.panel} role="group" aria-label={t`Companies you can act for`} hidden={!open}>
        {state === 'listing' ? (
          <p role="status" className={styles.note}>
            {t`Loading your companies…`}
          </p>
        ) : state === 'listFailed' ? (
          <div role="alert" className={styles.note}>
            <p>{uiMessageText(i18n, listError) ?? t`Your companies could not be loaded.`}</p>
            <Button variant="secondary" onPress={onRetry}>
              {t`Try again`}
            </Button>
          </div>
        ) : (
          <>
            <label htmlFor={searchId} className={styles.searchLabel}>
              {t`Search companies`}
            </label>
            <input id={searchId} type="search" className={styles.search} value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
            {switching ? (
              <p role="status" className={styles.note}>
                {t`Switching company…`}
              </p>
            ) : null}
            {shown.length === 0 ? (
              <p className={styles.note}>{choices && choices.length > 0 ? t`No company matches “${query}”.` : t`There are no companies you can act for.`}</p>
            ) : (
              <ul className={styles.list}>
                {shown.map((choice) => {
                  const isCurrent = choice.id === current;
                  return (
                    <li key={choice.id}>
                      <button
                        type="button"
                        className={styles.item}
                        aria-current={isCurrent ? 'true' : undefined}
                        disabled={switching}
                        onClick={() => {
                          close();
                          if (!isCurrent) onChoose(choice.id);
                        }}
                      >
                        <span className={styles.itemText}>
                          <span>{choice.name}</span>
                          {choice.username ? <span className={styles.username}>{choice.username}</span> : null}
                        </span>
                        {isCurrent ? (
                          <span className={styles.current}>
                            <CheckIcon />
                            <span>{t`Current`}</span>
                          </span>
                        ) : null}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
