import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { missingReasonsFor, TAX_ID_MAX, taxIdProblems, tinOf, type TaxIdField, type TaxIdProblem, type TaxIdRow, type TaxpayerKind, type TaxReferenceTable } from '@machines/certification/tax.rules';
import { useListFocus } from '@/shared/lib';
import { Button, CountrySelect, RadioGroup, TextArea, TextField } from '@/shared/ui';
import { MISSING_REASON_TEXTS, TAX_ID_PROBLEM_TEXTS } from './tax-texts';
import styles from './tax-residences.module.css';

type Countries = readonly { code: string; name: string }[];

export interface TaxResidencesProps {
  /** A person's TINs or a company's (002 s5: the requirement follows the table, each kind separately). */
  kind: TaxpayerKind;
  title: string;
  /** The heading's level: 2 for the page's own list, 3 inside a controlling person. */
  level?: 2 | 3;
  countries: Countries;
  rows: readonly TaxIdRow[];
  table: TaxReferenceTable;
  /** Problems are shown after the first submit. */
  shown: boolean;
  max: number;
  /** The service's param of this list (`taxIds`, `controllingPersons[0].taxIds`). */
  param: string;
  serverError: (param: string) => string | null;
  onChange: (index: number, field: TaxIdField, value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/**
 * Tax residences (002 s3 taxIds, s5): one group each — the country, the tax id named as the
 * country names it, or why there is none as the country allows (an explanation when it cannot be
 * obtained) — with Add and Remove. Focus follows: to a new row's country, to the heading after a removal.
 */
export function TaxResidences({ kind, title, level = 2, countries, rows, table, shown, max, param, serverError, onChange, onAdd, onRemove }: TaxResidencesProps) {
  const { t } = useLingui();
  const headingId = useId();
  // A row added: focus goes to its country. A row removed (its button is gone): to the section's heading.
  const { heading, list, added, removed } = useListFocus(rows.length, '[data-residence]:last-child select');
  const problems = shown ? taxIdProblems(rows, table, kind) : [];
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Heading id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </Heading>
      <div ref={list} className={styles.residences}>
        {rows.map((row, index) => (
          <Residence
            key={index}
            kind={kind}
            countries={countries}
            row={row}
            index={index}
            table={table}
            problems={problems[index] ?? {}}
            serverError={(field) => serverError(`${param}[${index}].${field}`)}
            onChange={(field, value) => onChange(index, field, value)}
            onRemove={
              rows.length > 1
                ? () => {
                    removed();
                    onRemove(index);
                  }
                : null
            }
          />
        ))}
      </div>
      {rows.length < max ? (
        <div className={styles.buttons}>
          <Button
            variant="secondary"
            onPress={() => {
              added();
              onAdd();
            }}
          >
            {t`Add a tax residence`}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function Residence({ kind, countries, row, index, table, problems, serverError, onChange, onRemove }: {
  kind: TaxpayerKind;
  countries: Countries;
  row: TaxIdRow;
  index: number;
  table: TaxReferenceTable;
  problems: Partial<Record<TaxIdField, TaxIdProblem>>;
  serverError: (field: TaxIdField) => string | null;
  onChange: (field: TaxIdField, value: string) => void;
  onRemove: (() => void) | null;
}) {
  const { t, i18n } = useLingui();
  const n = index + 1;
  const error = (field: TaxIdField): string | null => {
    const problem = problems[field];
    return problem ? i18n._(TAX_ID_PROBLEM_TEXTS[problem]) : serverError(field);
  };
  const change = (field: TaxIdField) => (value: string) => onChange(field, value);
  const tin = tinOf(table, row.countryCode, kind);
  const tinName = tin.shortName && tin.shortName !== tin.name ? `${tin.shortName} — ${tin.name}` : tin.name || tin.shortName;
  const withoutTaxId = !row.taxId.trim();
  return (
    <fieldset className={styles.group} data-residence>
      <legend>{t`Tax residence ${n}`}</legend>
      <CountrySelect label={t`Country`} countries={countries} value={row.countryCode} onChange={change('countryCode')} errorMessage={error('countryCode')} />
      <TextField label={t`Tax id (${tinName})`} value={row.taxId} onChange={change('taxId')} errorMessage={error('taxId')} maxLength={TAX_ID_MAX} spellCheck={false} autoComplete="off" />
      {withoutTaxId ? (
        <RadioGroup
          label={t`Why is there no tax id?`}
          options={missingReasonsFor(table, row.countryCode, kind).map((reason) => ({ id: reason, label: i18n._(MISSING_REASON_TEXTS[reason]) }))}
          value={row.tinMissingReason || null}
          onChange={change('tinMissingReason')}
          errorMessage={error('tinMissingReason')}
        />
      ) : null}
      {withoutTaxId && row.tinMissingReason === 'cannotObtain' ? (
        <TextArea
          label={t`Explain why`}
          description={t`Up to 500 characters.`}
          rows={3}
          value={row.tinMissingExplanation}
          onChange={change('tinMissingExplanation')}
          errorMessage={error('tinMissingExplanation')}
          isRequired
        />
      ) : null}
      {onRemove ? (
        <div className={styles.buttons}>
          <Button variant="secondary" aria-label={t`Remove tax residence ${n}`} onPress={onRemove}>
            {t`Remove`}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
