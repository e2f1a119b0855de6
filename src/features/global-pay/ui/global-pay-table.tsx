import { memo, useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ActorRefFrom } from 'xstate';
import { globalPayProblemMessages } from '@machines/batches/global-pay-forms.machine';
import { FEE_SHARES, type FeeShare, type GlobalPayProblem } from '@machines/batches/global-pay-rules';
import type { GlobalPayEdit, GlobalPayEditFailure, GlobalPayPaymentFact } from '@machines/batches/global-pay.logic';
import { PAYMENT_SHOWS, PAYMENT_SORTS, visiblePayments, type GlobalPayInlineColumn, type GlobalPayShow, type GlobalPaySort } from '@machines/batches/global-pay-table';
import { globalPayTableMachine } from '@machines/batches/global-pay-table.machine';
import { BENEFICIARY_TYPE_LABELS, FEE_SHARE_LABELS, GLOBAL_PAY_COLUMN_LABELS, METHOD_LABELS, PAYMENT_STATUS_LABELS } from '@/entities/global-pay-batch';
import { uiMessageText } from '@/shared/lib';
import { inspectOptions } from '@/shared/model';
import { Button, Money, Select, TextField } from '@/shared/ui';
import type { GlobalPayActor } from './global-pay-upload';
import { useCountryName } from './use-country-name';
import styles from './global-pay-table.module.css';

type TableActor = ActorRefFrom<typeof globalPayTableMachine>;
type CellErrors = Readonly<Record<string, { value: string; problem: string }>>;

/**
 * A row's height before it is measured: one line of controls in the table (49 px at 1280 px: a row
 * measured at its estimate moves nothing, so scrolling lays out no other row), a card of labelled
 * fields below its width.
 */
const ROW_ESTIMATE = { table: 49, card: 420 };
/** The container width (px at the default 16-px rem) from which the payments are a table; the same as the container query in the style sheet. */
const TABLE_FROM = 40 * 16;

/**
 * Whether the box is at least `from` px wide, as its ResizeObserver last told (a layout fact for the
 * virtualiser's row estimate, read once per change of size: never while rendering or scrolling).
 */
function useWiderThan(ref: RefObject<HTMLElement | null>, from: number): boolean {
  const [wider, setWider] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const check = () => setWider(box.clientWidth >= from);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(box);
    return () => observer.disconnect();
  }, [ref, from]);
  return wider;
}

/**
 * A draft's payments as one virtualised table (@tanstack/react-virtual: only the rows in view are
 * in the page, so 10,000 payments scroll and edit like 10): the amount, e-mail and description
 * edited in place (Enter or leaving the cell saves; the same row rule as the file, a refused value
 * stays on its cell with what is wrong; Escape puts the value back), the fee side and methods per
 * payment, find and sort, payments ticked to remove or restore together. Its view (what is found,
 * the order, what is ticked) is its own small statechart; the payments are the batch statechart's.
 */
export function GlobalPayTable({ actor, onChange }: { actor: GlobalPayActor; /** Open the payment's dialog (every field). */ onChange: (id: number) => void }) {
  const { t, i18n } = useLingui();
  const table = useActorRef(globalPayTableMachine, inspectOptions());
  const payments = useSelector(actor, (s) => s.context.payments);
  const failedEdits = useSelector(actor, (s) => s.context.failedEdits);
  const cellErrors = useSelector(actor, (s) => s.context.cellErrors);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const view = useSelector(table, (s) => s.context.view);
  const selected = useSelector(table, (s) => s.context.selected);
  const selecting = useSelector(table, (s) => s.hasTag('selecting'));
  // Finding among 10,000 payments never holds up the typing: the list follows a moment later.
  const deferredView = useDeferredValue(view);
  const failedIds = useMemo(() => new Set(Object.keys(failedEdits).map(Number)), [failedEdits]);
  const shown = useMemo(() => visiblePayments(payments, deferredView, failedIds), [payments, deferredView, failedIds]);
  // A payment's number is its place in the batch (the file's order, added ones after), whatever the sort (an index only when some are found or sorted).
  const numbers = useMemo(() => (shown === payments ? null : new Map(payments.map((p, i) => [p.id, i + 1]))), [shown, payments]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const wide = useWiderThan(scrollRef, TABLE_FROM);
  // The virtualiser lays out every payment (its start and size) again whenever these two change, and
  // calls them once per payment when it does: so they change only with the payments shown or the
  // layout (a new function each render laid out all 10,000 on every scroll frame), and a row's
  // estimate is a constant, never a read of the page's layout (that read, 10,000 times a frame, was
  // what made scrolling slow: docs/performance.md, section 7).
  const estimateSize = useCallback(() => (wide ? ROW_ESTIMATE.table : ROW_ESTIMATE.card), [wide]);
  // `wide` is a dependency on purpose: when the rows turn into cards or back, the rows not yet measured are laid out with the new estimate.
  const getItemKey = useCallback((index: number) => shown[index]!.id, [shown, wide]);
  const virtualizer = useVirtualizer({ count: shown.length, getScrollElement: () => scrollRef.current, estimateSize, overscan: 6, getItemKey });
  // Added payments not yet saved (negative ids) are not ticked: they have no id to remove by.
  const shownIds = () => shown.filter((p) => p.id > 0).map((p) => p.id);
  // Worked out when the payments or the ticks change, not on every scroll frame (each one draws the table again).
  const allShownTicked = useMemo(() => selected.size > 0 && shown.length > 0 && shown.every((p) => p.id < 0 || selected.has(p.id)), [selected, shown]);
  const { toRemove, toRestore } = useMemo(() => {
    const ticked = selecting ? payments.filter((p) => selected.has(p.id)) : [];
    return { toRemove: ticked.filter((p) => p.status !== 'removed').map((p) => p.id), toRestore: ticked.filter((p) => p.status === 'removed').map((p) => p.id) };
  }, [selecting, payments, selected]);
  const act = (kind: 'remove' | 'restore', ids: number[]) => {
    actor.send({ type: 'EDIT', edit: { kind, ids } });
    table.send({ type: 'CLEAR' });
  };
  return (
    // data-wide-page: the signed-in layout gives this page more width (the table's eleven columns).
    <div className={styles.wrap} data-wide-page="">
      <div className={styles.findBar} role="search" aria-label={t`Find payments`}>
        <TextField label={t`Find a payment`} description={t`Name, e-mail, description or currency`} value={view.query} onChange={(query) => table.send({ type: 'QUERY', query })} autoComplete="off" type="search" />
        <Select
          label={t`Show`}
          options={PAYMENT_SHOWS.map((show) => ({ id: show, label: i18n._(SHOW_LABELS[show]) }))}
          selectedKey={view.show}
          onSelectionChange={(show) => table.send({ type: 'SHOW', show: show as GlobalPayShow })}
        />
        <Select
          label={t`Sort by`}
          options={PAYMENT_SORTS.map((sort) => ({ id: sort, label: i18n._(SORT_LABELS[sort]) }))}
          selectedKey={view.sort}
          onSelectionChange={(sort) => table.send({ type: 'SORT', sort: sort as GlobalPaySort })}
        />
        <Select
          label={t`Order`}
          options={[
            { id: 'asc', label: t`Ascending` },
            { id: 'desc', label: t`Descending` },
          ]}
          selectedKey={view.descending ? 'desc' : 'asc'}
          onSelectionChange={(order) => table.send({ type: 'DIRECTION', descending: order === 'desc' })}
        />
      </div>
      <p role="status" aria-live="polite" className={styles.count}>
        {shown.length === payments.length ? plural(payments.length, { one: `# payment`, other: `# payments` }) : t`${shown.length} of ${payments.length} payments shown`}
      </p>
      <div className={styles.selectionBar}>
        <label className={styles.tick}>
          <input
            type="checkbox"
            checked={allShownTicked}
            disabled={busy || shown.length === 0}
            onChange={(event) => table.send(event.target.checked ? { type: 'SELECT', ids: shownIds() } : { type: 'UNSELECT', ids: shownIds() })}
          />
          {plural(shown.length, { one: `Tick the # payment shown`, other: `Tick all # payments shown` })}
        </label>
        {selecting ? (
          <>
            <span className={styles.strong}>{plural(selected.size, { one: `# payment ticked`, other: `# payments ticked` })}</span>
            <Button variant="secondary" onPress={() => act('remove', toRemove)} isDisabled={busy || toRemove.length === 0}>
              {plural(toRemove.length, { one: `Remove # ticked payment`, other: `Remove # ticked payments` })}
            </Button>
            <Button variant="secondary" onPress={() => act('restore', toRestore)} isDisabled={busy || toRestore.length === 0}>
              {plural(toRestore.length, { one: `Restore # ticked payment`, other: `Restore # ticked payments` })}
            </Button>
            <Button variant="secondary" onPress={() => table.send({ type: 'CLEAR' })}>
              {t`Untick all`}
            </Button>
          </>
        ) : null}
      </div>
      <div ref={scrollRef} className={styles.scroll} tabIndex={0} role="region" aria-label={t`Payments of the batch`} data-testid="payments-scroll">
        <div role="table" aria-label={t`Payments of the batch`} aria-rowcount={shown.length + 1} className={styles.table}>
          <div role="rowgroup" className={styles.head}>
            <div role="row" aria-rowindex={1} className={styles.row}>
              <span role="columnheader">
                <span className={styles.srOnly}>{t`Tick`}</span>
              </span>
              <span role="columnheader">{t`No.`}</span>
              <span role="columnheader" className={styles.recipient}>{t`Recipient`}</span>
              <span role="columnheader">{t`E-mail`}</span>
              <span role="columnheader">{t`Amount`}</span>
              <span role="columnheader">{t`Fee`}</span>
              <span role="columnheader">{t`Fee paid by`}</span>
              <span role="columnheader">{t`Payment methods`}</span>
              <span role="columnheader">{t`Description`}</span>
              <span role="columnheader">{t`Status`}</span>
              <span role="columnheader">{t`Actions`}</span>
            </div>
          </div>
          <div role="rowgroup" className={styles.body} style={{ height: virtualizer.getTotalSize() }}>
            {shown.length === 0 ? (
              <div role="row" aria-rowindex={2} className={styles.emptyRow}>
                <span role="cell">{t`No payment matches.`}</span>
              </div>
            ) : (
              virtualizer.getVirtualItems().map((item) => {
                const payment = shown[item.index]!;
                return (
                  <PaymentRow
                    key={payment.id}
                    measure={virtualizer.measureElement}
                    index={item.index}
                    start={item.start}
                    number={numbers ? (numbers.get(payment.id) ?? 0) : item.index + 1}
                    payment={payment}
                    failed={failedEdits[payment.id]}
                    amountError={cellErrors[`${payment.id}:amount`]}
                    emailError={cellErrors[`${payment.id}:beneficiaryEmail`]}
                    descriptionError={cellErrors[`${payment.id}:description`]}
                    ticked={selected.has(payment.id)}
                    busy={busy}
                    actor={actor}
                    table={table}
                    onChange={onChange}
                  />
                );
              })
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

const SHOW_LABELS: Record<GlobalPayShow, MessageDescriptor> = {
  all: msg`All payments`,
  active: msg`Payments to send`,
  removed: msg`Removed payments`,
  failed: msg`Changes not saved`,
};
const SORT_LABELS: Record<GlobalPaySort, MessageDescriptor> = {
  line: msg`Order in the file`,
  recipient: msg`Recipient`,
  amount: msg`Amount`,
  currency: msg`Currency`,
};

/** After a failed change is tried again or undone, its buttons go: the focus moves to the payment's name (the button that changes it). */
const focusRow = (id: number) => requestAnimationFrame(() => document.getElementById(`change-${id}`)?.focus());

interface RowProps {
  measure: (element: Element | null) => void;
  index: number;
  start: number;
  number: number;
  payment: GlobalPayPaymentFact;
  failed: { edit: GlobalPayEdit; failure: GlobalPayEditFailure } | undefined;
  amountError: CellErrors[string] | undefined;
  emailError: CellErrors[string] | undefined;
  descriptionError: CellErrors[string] | undefined;
  ticked: boolean;
  busy: boolean;
  actor: GlobalPayActor;
  table: TableActor;
  onChange: (id: number) => void;
}

/** One payment: re-drawn only when it (or its marks) changed, so a change among 10,000 draws one row. */
const PaymentRow = memo(function PaymentRow({ measure, index, start, number, payment, failed, amountError, emailError, descriptionError, ticked, busy, actor, table, onChange }: RowProps) {
  const { t, i18n } = useLingui();
  const countryName = useCountryName();
  const removed = payment.status === 'removed';
  const name = payment.beneficiaryName;
  const allowed = payment.paymentMethods.filter((m) => !m.forbidden).length;
  const total = payment.paymentMethods.length;
  const methodsSummary = allowed === total ? plural(total, { one: `# method`, other: `All # methods` }) : t`${allowed} of ${total} methods`;
  const locked = busy || removed || payment.id < 0;
  const className = [styles.row, removed ? styles.removed : '', failed ? styles.failedRow : ''].join(' ');
  return (
    <div role="row" aria-rowindex={index + 2} data-index={index} ref={measure} className={className} style={{ transform: `translateY(${start}px)` }} aria-invalid={failed ? true : undefined}>
      <span role="cell" className={styles.tickCell}>
        <input type="checkbox" aria-label={t`Tick payment ${number}: ${name}`} checked={ticked} disabled={busy || payment.id < 0} onChange={() => table.send({ type: 'TOGGLE', id: payment.id })} />
      </span>
      <span role="cell" className={styles.number} data-label={t`No.`}>
        {number}
      </span>
      <span role="cell" className={styles.recipient} data-label={t`Recipient`}>
        {/* The name opens the payment's every field (the row keeps one line: no separate Change button). */}
        <button id={`change-${payment.id}`} type="button" className={`${styles.strong} ${styles.nameButton}`} disabled={locked} onClick={() => onChange(payment.id)} aria-label={t`Change: ${name}`}>
          {name}
        </button>
        <span className={styles.muted}>
          {/* In the table the country alone (one short line); the kind of recipient is in the payment's fields. */}
          <span className={styles.recipientType}>{i18n._(BENEFICIARY_TYPE_LABELS[payment.beneficiaryType] ?? BENEFICIARY_TYPE_LABELS.individual!)} · </span>
          {countryName(payment.beneficiaryCountryCode)}
        </span>
      </span>
      <span role="cell" data-label={t`E-mail`}>
        <Cell actor={actor} payment={payment} column="beneficiaryEmail" label={t`E-mail of ${name}`} error={emailError} disabled={locked} inputMode="email" />
      </span>
      <span role="cell" className={styles.amount} data-label={t`Amount`}>
        <span className={styles.amountLine}>
          <Cell actor={actor} payment={payment} column="amount" label={t`Amount to ${name}, ${payment.currency}`} error={amountError} disabled={locked} inputMode="decimal" />
          <span aria-hidden="true" className={styles.currency}>
            {payment.currency}
          </span>
        </span>
      </span>
      <span role="cell" className={styles.fee} data-label={t`Fee`}>
        <Money amount={payment.fee} currency={payment.currency} />
      </span>
      <span role="cell" data-label={t`Fee paid by`}>
        <select
          aria-label={t`Fee paid by, for ${name}`}
          className={styles.nativeSelect}
          value={payment.feeShare}
          disabled={locked}
          onChange={(event) => actor.send({ type: 'EDIT', edit: { kind: 'feeSide', feeShare: event.target.value as FeeShare, ids: [payment.id] } })}
        >
          {FEE_SHARES.map((side) => (
            <option key={side} value={side}>
              {i18n._(FEE_SHARE_LABELS[side]!)}
            </option>
          ))}
        </select>
      </span>
      <span role="cell" data-label={t`Payment methods`}>
        {/* Shut, the methods take one line (the row stays one line high); opened, the row grows to show them. */}
        <details className={styles.methodsBox}>
          <summary aria-label={t`Payment methods for ${name}: ${methodsSummary}`}>{methodsSummary}</summary>
          <fieldset className={styles.methods} disabled={locked}>
            <legend className={styles.srOnly}>{t`Methods ${name} may choose`}</legend>
            {payment.paymentMethods.map((method) => (
              <label key={method.name} className={method.forbidden ? styles.forbidden : undefined}>
                <input
                  type="checkbox"
                  checked={!method.forbidden}
                  // The last allowed method stays: a recipient needs one way to receive.
                  disabled={!method.forbidden && allowed <= 1}
                  onChange={(event) => actor.send({ type: 'EDIT', edit: { kind: 'forbid', id: payment.id, name: method.name, forbidden: !event.target.checked } })}
                />
                {METHOD_LABELS[method.name] ? i18n._(METHOD_LABELS[method.name]!) : method.name}
              </label>
            ))}
          </fieldset>
        </details>
      </span>
      <span role="cell" className={styles.description} data-label={t`Description`}>
        <Cell actor={actor} payment={payment} column="description" label={t`Description for ${name}`} error={descriptionError} disabled={locked} />
      </span>
      <span role="cell" className={styles.status} data-label={t`Status`}>
        {failed ? (
          <span className={styles.rowError}>
            <span>
              {failed.failure.field && GLOBAL_PAY_COLUMN_LABELS[failed.failure.field]
                ? t`Not saved (${i18n._(GLOBAL_PAY_COLUMN_LABELS[failed.failure.field]!)}): ${uiMessageText(i18n, failed.failure.message) ?? ''}`
                : t`Not saved: ${uiMessageText(i18n, failed.failure.message) ?? ''}`}
            </span>
            <span className={styles.buttons}>
              <Button variant="secondary" onPress={() => (actor.send({ type: 'RETRY_EDIT', id: payment.id }), focusRow(payment.id))} aria-label={t`Try again: ${name}`}>
                {t`Try again`}
              </Button>
              <Button variant="secondary" onPress={() => (actor.send({ type: 'DISCARD_EDIT', id: payment.id }), focusRow(payment.id))} aria-label={t`Undo the change: ${name}`}>
                {t`Undo`}
              </Button>
            </span>
          </span>
        ) : (
          i18n._(PAYMENT_STATUS_LABELS[payment.status])
        )}
      </span>
      <span role="cell" data-label={t`Actions`}>
        <span className={styles.buttons}>
          {/* One button that removes or restores: the focus stays on it. */}
          <Button
            variant="secondary"
            isDisabled={busy || payment.id < 0}
            onPress={() => actor.send({ type: 'EDIT', edit: removed ? { kind: 'restore', ids: [payment.id] } : { kind: 'remove', ids: [payment.id] } })}
            aria-label={removed ? t`Restore: ${name}` : t`Remove: ${name}`}
          >
            {removed ? t`Restore` : t`Remove`}
          </Button>
        </span>
      </span>
    </div>
  );
});

/**
 * A cell edited in place: the input holds what is typed (nothing is drawn per keystroke); Enter or
 * leaving the cell hands the value to the batch statechart (EDIT_CELL: the row rule decides),
 * Escape puts the saved value back. A refused value stays in the cell, marked, with why.
 */
function Cell({
  actor,
  payment,
  column,
  label,
  error,
  disabled,
  inputMode,
}: {
  actor: GlobalPayActor;
  payment: GlobalPayPaymentFact;
  column: GlobalPayInlineColumn;
  label: string;
  error: CellErrors[string] | undefined;
  disabled: boolean;
  inputMode?: 'decimal' | 'email';
}) {
  const { i18n } = useLingui();
  const saved = payment[column];
  const ref = useRef<HTMLInputElement>(null);
  // A new saved value (the cell's own change, an undo, the dialog, the service's answer) or a refused one is what the cell holds.
  useLayoutEffect(() => {
    if (ref.current) ref.current.value = error ? error.value : saved;
  }, [saved, error]);
  const id = `cell-${payment.id}-${column}`;
  const commit = (value: string) => {
    if (value !== saved || error) actor.send({ type: 'EDIT_CELL', id: payment.id, column, value });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(event.currentTarget.value);
    } else if (event.key === 'Escape' && (event.currentTarget.value !== saved || error)) {
      event.preventDefault();
      event.currentTarget.value = saved;
      actor.send({ type: 'EDIT_CELL', id: payment.id, column, value: saved });
    }
  };
  return (
    <span className={styles.cell}>
      <input
        ref={ref}
        id={id}
        className={styles.input}
        type="text"
        inputMode={inputMode}
        aria-label={label}
        defaultValue={error ? error.value : saved}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
        onKeyDown={onKeyDown}
        onBlur={(event) => commit(event.currentTarget.value)}
      />
      {error ? (
        <span id={`${id}-error`} className={styles.cellError}>
          {i18n._(globalPayProblemMessages[error.problem as GlobalPayProblem] ?? globalPayProblemMessages.required)}
        </span>
      ) : null}
    </span>
  );
}
