import { useId } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { identityFilterMachine, identityFiltersOf } from '@machines/merchant/identity-filter';
import { IDENTITY_STATUSES, identityListParams, NO_IDENTITY_FILTERS, type IdentityCheckStatus, type IdentityFilters } from '@machines/merchant/merchant-checks.rules';
import { identityChecksQuery, type IdentityVerification } from '@/entities/merchant';
import { formatDateTime, formatMoney, useFilterMachine } from '@/shared/lib';
import { Button, EmptyState, QueryState, Select, TextField, type QueryLike } from '@/shared/ui';
import styles from './merchant-identity.module.css';

export const IDENTITY_STATUS_TEXTS: Record<IdentityCheckStatus, { label: MessageDescriptor; meaning: MessageDescriptor }> = {
  invited: { label: msg`Invited`, meaning: msg`The invitation was sent; the person has not started yet.` },
  inProgress: { label: msg`In progress`, meaning: msg`The person started proving who they are.` },
  approved: { label: msg`Approved`, meaning: msg`The person proved who they are.` },
  declined: { label: msg`Declined`, meaning: msg`The documents or the selfie did not match: the identity was not confirmed.` },
  expired: { label: msg`Expired`, meaning: msg`The person did not finish within 14 days.` },
};

export type IdentityChecksRead = QueryLike & { data?: { verifications: IdentityVerification[]; total: number } | undefined };

export interface IdentityHistoryProps {
  /** The filters the address holds. */
  filters: Partial<IdentityFilters>;
  /** Puts cleaned filters into the address. */
  onFilters: (next: Partial<IdentityFilters>) => void;
}

/** /merchant/security/verification/history (001 s7 identity verification list, pageSize 1000; s5 empty filter values dropped). */
export function IdentityHistory(props: IdentityHistoryProps) {
  const filters = { ...NO_IDENTITY_FILTERS, ...props.filters };
  return <IdentityHistoryView {...props} read={useQuery(identityChecksQuery(filters))} />;
}

/**
 * The identity checks started, newest first, with their status and what it means, the person, the
 * fee paid and the reference; filtered by status, part of the e-mail and days (in the address, so a
 * reload or a link keeps them).
 */
export function IdentityHistoryView({ read, filters, onFilters }: IdentityHistoryProps & { read: IdentityChecksRead }) {
  const { t } = useLingui();
  const ids = useId();
  const checks = read.data?.verifications ?? [];
  const filtered = Object.keys(filters).length > 0;
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`} className={styles.title}>
        {t`Verification history`}
      </h1>
      <p className={styles.hint}>{t`The identity checks you started, newest first.`}</p>
      <IdentityFilterForm filters={filters} onApply={onFilters} />
      <QueryState query={read} title={t`The checks could not be loaded`} />
      {read.data && checks.length === 0 ? (
        <EmptyState title={filtered ? t`No check matches these filters` : t`No checks yet`} message={filtered ? t`Change or clear the filters.` : t`Start a check from Identity verification.`} />
      ) : null}
      {checks.length > 0 ? (
        <>
          <p className={styles.count} aria-live="polite">
            {(read.data?.total ?? 0) > checks.length ? t`The newest ${checks.length} of ${read.data?.total ?? 0} checks: narrow the filters to see the others.` : t`Checks: ${read.data?.total ?? checks.length}`}
          </p>
          <ul className={styles.list} aria-labelledby={`${ids}-title`}>
            {checks.map((check) => (
              <CheckRow key={check.id} check={check} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function CheckRow({ check }: { check: IdentityVerification }) {
  const { t, i18n } = useLingui();
  const status = IDENTITY_STATUS_TEXTS[check.status];
  const fee = formatMoney(check.fee.amount, check.fee.currencyCode, i18n.locale);
  return (
    <li className={styles.item}>
      <p className={styles.name}>
        {check.firstName} {check.lastName}
      </p>
      <p className={styles.meta}>
        {check.email} · {check.countryCode}
        {check.reference ? ` · ${t`Your reference`}: ${check.reference}` : ''}
      </p>
      <p className={styles.meta}>
        <span className={styles.status} data-status={check.status}>
          {i18n._(status.label)}
        </span>
        : {i18n._(status.meaning)}
      </p>
      <p className={styles.meta}>
        {t`Started`} {formatDateTime(check.createdAt, i18n.locale)} · {t`Fee`} {fee} · {t`Account No. ${check.accountId}`}
      </p>
    </li>
  );
}

/** The filter form on its statechart: Apply puts the checked values into the address; Clear empties them; the address's values are brought in when it changes. */
function IdentityFilterForm({ filters, onApply }: { filters: Partial<IdentityFilters>; onApply: (next: Partial<IdentityFilters>) => void }) {
  const { t, i18n } = useLingui();
  const values = { ...NO_IDENTITY_FILTERS, ...filters };
  const form = useFilterMachine(
    identityFilterMachine.provide({
      actions: {
        applied: (_, applied) => {
          const { pageNumber: _page, pageSize: _size, ...clean } = identityListParams(identityFiltersOf(applied));
          onApply(clean);
        },
      },
    }),
    { values },
  );
  const status = form.field('status');
  return (
    <form {...form.formProps} className={styles.filters} aria-label={t`Filters`}>
      <Select
        label={t`Status`}
        placeholder={t`Any status`}
        placeholderSelectable
        options={IDENTITY_STATUSES.map((id) => ({ id, label: i18n._(IDENTITY_STATUS_TEXTS[id].label) }))}
        selectedKey={status.value || ''}
        onSelectionChange={status.onChange}
        errorMessage={status.errorMessage}
      />
      <TextField {...form.field('email')} label={t`E-mail contains`} autoComplete="off" />
      <TextField {...form.field('fromDate')} label={t`Started from`} type="date" />
      <TextField {...form.field('toDate')} label={t`Started to`} type="date" />
      <div className={styles.buttons}>
        <Button type="submit">{t`Apply`}</Button>
        <Button variant="secondary" onPress={() => form.actor.send({ type: 'RESET' })}>
          {t`Clear`}
        </Button>
      </div>
    </form>
  );
}
