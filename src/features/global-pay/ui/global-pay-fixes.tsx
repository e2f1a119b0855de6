import { memo, useRef } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { globalPayProblemMessages } from '@machines/batches/global-pay-forms.machine';
import { fixColumns, fixesReady, fixLineProblems, type GlobalPayBadRow, type GlobalPayFixes } from '@machines/batches/global-pay-table';
import type { GlobalPayProblem } from '@machines/batches/global-pay-rules';
import type { GlobalPayFileProblem } from '@machines/batches/global-pay-batch.machine';
import { GLOBAL_PAY_COLUMN_LABELS as COLUMN_LABELS } from '@/entities/global-pay-batch';
import { Button, Checkbox, TextField } from '@/shared/ui';
import type { GlobalPayActor } from './global-pay-upload';
import styles from './global-pay.module.css';

const ESTIMATE = 180;
const EMPTY_PROBLEMS: readonly GlobalPayFileProblem[] = [];

/**
 * The file's bad lines fixed in place before anything is uploaded: each line (only those with a
 * problem, in a virtualised list: a file may have thousands) with a field for every value that is
 * wrong, checked by the same row rule as the service while it is typed, and "Leave this line out".
 * Once every line is fixed or left out, the file is written back and checked again as a whole
 * (a fixed line could now repeat another), then uploaded.
 */
export function GlobalPayFixes({ actor }: { actor: GlobalPayActor }) {
  const { t } = useLingui();
  const header = useSelector(actor, (s) => s.context.header);
  const badRows = useSelector(actor, (s) => s.context.badRows);
  const problems = useSelector(actor, (s) => s.context.problems);
  const fixes = useSelector(actor, (s) => s.context.fixes);
  const omitted = useSelector(actor, (s) => s.context.omitted);
  const rewriting = useSelector(actor, (s) => s.hasTag('rewriting'));
  const byLine = groupByLine(problems);
  const left = new Set(omitted);
  const stillWrong = badRows.filter((row) => !left.has(row.line) && fixLineProblems(header, row, fixes, byLine.get(row.line) ?? EMPTY_PROBLEMS).length > 0).length;
  const ready = fixesReady(header, badRows, problems, fixes, omitted);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: badRows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ESTIMATE, overscan: 4 });
  return (
    <section className={styles.fixes} aria-labelledby="global-pay-fixes-title">
      <h3 id="global-pay-fixes-title" className={styles.fixesTitle}>
        {t`Fix the lines here`}
      </h3>
      <p>{t`Change what is wrong on each line, or leave the line out. The file is checked again before it is uploaded.`}</p>
      <div ref={scrollRef} className={styles.fixList} tabIndex={0} role="region" aria-label={t`Lines with problems`}>
        <ol style={{ height: virtualizer.getTotalSize() }} aria-label={t`Lines with problems`}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = badRows[item.index]!;
            return (
              <li key={row.line} data-index={item.index} ref={virtualizer.measureElement} style={{ transform: `translateY(${item.start}px)` }} aria-setsize={badRows.length} aria-posinset={item.index + 1}>
                <FixLine actor={actor} header={header} row={row} problems={byLine.get(row.line) ?? EMPTY_PROBLEMS} fixes={fixes[row.line]} omitted={left.has(row.line)} disabled={rewriting} />
              </li>
            );
          })}
        </ol>
      </div>
      <p role="status" aria-live="polite" className={styles.saveState}>
        {ready
          ? t`Every line is fixed or left out.`
          : plural(stillWrong, { one: `# line still has a problem.`, other: `# lines still have a problem.` })}
      </p>
      <div className={styles.buttons}>
        <Button onPress={() => actor.send({ type: 'USE_FIXES' })} isDisabled={!ready} isPending={rewriting}>
          {t`Check the fixed file and upload it`}
        </Button>
      </div>
    </section>
  );
}

function groupByLine(problems: readonly GlobalPayFileProblem[]): Map<number, GlobalPayFileProblem[]> {
  const byLine = new Map<number, GlobalPayFileProblem[]>();
  for (const p of problems) byLine.set(p.line, [...(byLine.get(p.line) ?? []), p]);
  return byLine;
}

/** One bad line: its fields (what is wrong said under each) and "Leave this line out". */
const FixLine = memo(function FixLine({
  actor,
  header,
  row,
  problems,
  fixes,
  omitted,
  disabled,
}: {
  actor: GlobalPayActor;
  header: readonly string[];
  row: GlobalPayBadRow;
  problems: readonly GlobalPayFileProblem[];
  fixes: GlobalPayFixes[number] | undefined;
  omitted: boolean;
  disabled: boolean;
}) {
  const { t, i18n } = useLingui();
  const columns = fixColumns(header, problems);
  const lineFixes: GlobalPayFixes = fixes ? { [row.line]: fixes } : {};
  const wrong = omitted ? [] : fixLineProblems(header, row, lineFixes, problems);
  const label = (column: string) => (COLUMN_LABELS[column] ? i18n._(COLUMN_LABELS[column]!) : column);
  const problemOf = (column: string) => {
    const error = wrong.find((e) => e.column === column);
    return error ? i18n._(globalPayProblemMessages[error.problem as GlobalPayProblem]) : null;
  };
  const lineWide = problems.some((p) => p.problem === 'cells');
  return (
    <fieldset className={omitted ? `${styles.fixLine} ${styles.omitted}` : styles.fixLine} disabled={disabled}>
      <legend>{t`Line ${row.line}`}</legend>
      {lineWide ? <p className={styles.bad}>{t`The number of values does not match the first line.`}</p> : null}
      {omitted ? (
        <p className={styles.muted}>{t`This line is left out of the batch.`}</p>
      ) : (
        <div className={styles.fixFields}>
          {columns.map((column) => {
            const index = header.indexOf(column);
            return (
              <TextField
                key={column}
                label={label(column)}
                value={fixes?.[column] ?? row.cells[index] ?? ''}
                onChange={(value) => actor.send({ type: 'FIX', line: row.line, column, value })}
                errorMessage={problemOf(column)}
                autoComplete="off"
                spellCheck={false}
              />
            );
          })}
        </div>
      )}
      <Checkbox isSelected={omitted} onChange={(selected) => actor.send({ type: 'OMIT', line: row.line, omitted: selected })} isDisabled={disabled}>
        {t`Leave line ${row.line} out`}
      </Checkbox>
    </fieldset>
  );
});
