import type { UiMessage } from '../shared/ui-message';
import {
  countryPaymentMethods,
  isBatchSettled,
  paymentFee,
  type FeeShare,
  type GlobalPayBatchStatus,
  type GlobalPayPaymentInput,
  type GlobalPayPaymentMethod,
  type GlobalPayPaymentStatus,
} from './global-pay-rules';

/**
 * The global pay batch statechart's pure parts (docs/decisions.md "Global pay"): what the
 * statechart holds of a batch and its payments, how an edit changes the payments at once (the
 * table shows it while the call is under way), which payments an edit touches (a failed call
 * marks only those), where a loaded batch resumes, and when a batch may be submitted.
 */

/** A payment as the batch holds it (001 s3 Global pay batch), with its status and fee. */
export interface GlobalPayPaymentFact extends GlobalPayPaymentInput {
  /** The service's id; an added payment has a negative id until the service answers. */
  id: number;
  status: GlobalPayPaymentStatus;
  fee: string;
  receivedBy?: string | undefined;
  failureReason?: string | undefined;
}

export interface GlobalPayBatchFact {
  batchId: number;
  batchName: string;
  accountId: number;
  currencyCode: string;
  status: GlobalPayBatchStatus;
  created: string;
  submitted?: string | undefined;
  payments: readonly GlobalPayPaymentFact[];
}

/** One change of a draft batch's payments, as the page asks for it. */
export type GlobalPayEditRequest =
  | { kind: 'add'; payment: GlobalPayPaymentInput }
  | { kind: 'update'; id: number; changes: Partial<GlobalPayPaymentInput> }
  | { kind: 'remove'; ids: readonly number[] }
  | { kind: 'restore'; ids: readonly number[] }
  | { kind: 'feeSide'; feeShare: FeeShare; ids: readonly number[] | null }
  | { kind: 'forbid'; id: number; name: string; forbidden: boolean }
  /** The batch's own name (full update): no payment changes. */
  | { kind: 'rename'; batchName: string };

/** An edit on its way to the service: its requestId (a repeat changes nothing twice) and, for an add, the row's temporary id. */
export type GlobalPayEdit = GlobalPayEditRequest & { requestId: string; tempId?: number };

/** Why an edit was refused: the message, and the field when the service named one. */
export interface GlobalPayEditFailure {
  message: UiMessage;
  field?: string | undefined;
}

/** The payments an edit touches (a failed call marks only these). */
export function editedIds(edit: GlobalPayEdit, payments: readonly GlobalPayPaymentFact[]): number[] {
  switch (edit.kind) {
    case 'add':
      return edit.tempId === undefined ? [] : [edit.tempId];
    case 'update':
    case 'forbid':
      return [edit.id];
    case 'remove':
    case 'restore':
      return [...edit.ids];
    case 'feeSide':
      return edit.ids ? [...edit.ids] : payments.filter((p) => p.status !== 'removed').map((p) => p.id);
    case 'rename':
      return [];
  }
}

/** A new payment as the table shows it before the service answers (the fee by the shared rule). */
export function draftPayment(id: number, payment: GlobalPayPaymentInput): GlobalPayPaymentFact {
  const methods = payment.paymentMethods.length ? payment.paymentMethods : countryPaymentMethods(payment.beneficiaryCountryCode).map((name) => ({ name, forbidden: false }));
  return { ...payment, paymentMethods: methods, id, status: 'draft', fee: isAmount(payment.amount) ? paymentFee(payment.amount) : '0.00' };
}

const isAmount = (text: string) => /^\d{1,9}(\.\d{1,2})?$/.test(text);

/** The payments as they are once the edit is made (shown at once; the service's answer replaces them). */
export function applyEdit(payments: readonly GlobalPayPaymentFact[], edit: GlobalPayEdit): GlobalPayPaymentFact[] {
  const touched = new Set(editedIds(edit, payments));
  switch (edit.kind) {
    case 'add':
      return [...payments, draftPayment(edit.tempId ?? -1, edit.payment)];
    case 'update':
      return payments.map((p) => {
        if (p.id !== edit.id) return p;
        const next = { ...p, ...edit.changes };
        if (edit.changes.beneficiaryCountryCode && edit.changes.beneficiaryCountryCode !== p.beneficiaryCountryCode && !edit.changes.paymentMethods) {
          next.paymentMethods = countryPaymentMethods(edit.changes.beneficiaryCountryCode).map((name) => ({ name, forbidden: false }));
        }
        return { ...next, fee: isAmount(next.amount) ? paymentFee(next.amount) : p.fee };
      });
    case 'remove':
      return payments.map((p) => (touched.has(p.id) ? { ...p, status: 'removed' } : p));
    case 'restore':
      return payments.map((p) => (touched.has(p.id) && p.status === 'removed' ? { ...p, status: 'draft' } : p));
    case 'feeSide':
      return payments.map((p) => (touched.has(p.id) ? { ...p, feeShare: edit.feeShare } : p));
    case 'forbid':
      return payments.map((p) =>
        p.id === edit.id ? { ...p, paymentMethods: p.paymentMethods.map((m): GlobalPayPaymentMethod => (m.name === edit.name ? { ...m, forbidden: edit.forbidden } : m)) } : p,
      );
    case 'rename':
      return [...payments];
  }
}

/** The service's answer to an edit laid over the payments (an add's temporary row takes its real id). */
export function mergeSaved(payments: readonly GlobalPayPaymentFact[], edit: GlobalPayEdit, saved: readonly GlobalPayPaymentFact[]): GlobalPayPaymentFact[] {
  const byId = new Map(saved.map((p) => [p.id, p]));
  if (edit.kind === 'add' && saved[0]) return payments.map((p) => (p.id === edit.tempId ? saved[0]! : p));
  return payments.map((p) => byId.get(p.id) ?? p);
}

/** Where a loaded batch resumes: editing a draft, following one under way, or its end. */
export function resumeAt(status: GlobalPayBatchStatus): 'editing' | 'following' | 'settled' | 'rejected' {
  if (status === 'draft') return 'editing';
  if (status === 'rejected') return 'rejected';
  return isBatchSettled(status) ? 'settled' : 'following';
}

/** A batch is submitted once every edit has been saved and at least one payment is left. */
export const canSubmit = (payments: readonly GlobalPayPaymentFact[], queued: number, failed: number): boolean =>
  queued === 0 && failed === 0 && payments.some((p) => p.status !== 'removed' && p.id > 0);

/** The statuses of a status reply laid over the payments. */
export function withStatuses(
  payments: readonly GlobalPayPaymentFact[],
  statuses: readonly { id: number; status: GlobalPayPaymentStatus; receivedBy?: string | undefined; failureReason?: string | undefined }[],
): GlobalPayPaymentFact[] {
  const byId = new Map(statuses.map((s) => [s.id, s]));
  return payments.map((p) => {
    const s = byId.get(p.id);
    if (!s) return p;
    return { ...p, status: s.status, receivedBy: s.receivedBy, failureReason: s.failureReason };
  });
}

// ---- saving in batches, and undo -----------------------------------------------------------------

/** The most payments one update payments call carries. */
export const SAVE_GROUP_MAX = 1_000;

/** What one call of `save` sends: one edit alone, or changes of many payments in one update payments call. */
export type GlobalPaySaveCall =
  | { kind: 'single'; edit: GlobalPayEdit }
  | {
      kind: 'group';
      /** One per group: the group is retried as itself (RETRY_EDIT re-queues its edits, which group again). */
      requestId: string;
      updates: readonly { id: number; changes: Partial<GlobalPayPaymentInput> }[];
      deletes: readonly number[];
      restores: readonly number[];
    };

const groupable = (edit: GlobalPayEdit) => edit.kind === 'update' || edit.kind === 'remove' || edit.kind === 'restore';

/**
 * The edits the next call saves, from the head of the queue: a run of changes, removals and
 * restorations (at most SAVE_GROUP_MAX payments) goes as one update payments call; anything else
 * (an add: its own requestId keeps it from being added twice; a fee side, a method, a name: their
 * own calls) goes alone.
 */
export function nextSaveGroup(queue: readonly GlobalPayEdit[]): GlobalPayEdit[] {
  const head = queue[0];
  if (!head) return [];
  if (!groupable(head)) return [head];
  const group: GlobalPayEdit[] = [];
  let payments = 0;
  for (const edit of queue) {
    if (!groupable(edit)) break;
    const size = edit.kind === 'update' ? 1 : edit.kind === 'remove' || edit.kind === 'restore' ? edit.ids.length : 0;
    if (group.length > 0 && payments + size > SAVE_GROUP_MAX) break;
    group.push(edit);
    payments += size;
  }
  return group;
}

/**
 * The call for a group: one edit alone as itself; a run as update payments, with each payment's
 * changes merged in order and its last removal or restoration winning.
 */
export function saveCallOf(group: readonly GlobalPayEdit[]): GlobalPaySaveCall {
  if (group.length === 1 && !(group[0]!.kind === 'update')) return { kind: 'single', edit: group[0]! };
  const updates = new Map<number, Partial<GlobalPayPaymentInput>>();
  const removal = new Map<number, boolean>();
  for (const edit of group) {
    if (edit.kind === 'update') updates.set(edit.id, { ...updates.get(edit.id), ...edit.changes });
    else if (edit.kind === 'remove') for (const id of edit.ids) removal.set(id, true);
    else if (edit.kind === 'restore') for (const id of edit.ids) removal.set(id, false);
  }
  return {
    kind: 'group',
    requestId: group[0]!.requestId,
    updates: [...updates.entries()].map(([id, changes]) => ({ id, changes })),
    deletes: [...removal.entries()].filter(([, removed]) => removed).map(([id]) => id),
    restores: [...removal.entries()].filter(([, removed]) => !removed).map(([id]) => id),
  };
}

/**
 * What undoes an edit, worked out before it is made (from the payments as they are): a change goes
 * back to the fields' values, a removal is restored (only the payments it removed), a restoration
 * removed, each payment's fee side and a method's mark go back, a name goes back. An added payment
 * is not undone this way (remove it): null.
 */
export function inverseEdit(payments: readonly GlobalPayPaymentFact[], edit: GlobalPayEditRequest, batchName: string): GlobalPayEditRequest[] | null {
  // One payment's change looks up that payment alone (a keystroke's change in 10,000 builds no index).
  const one = edit.kind === 'update' || edit.kind === 'forbid' ? payments.find((p) => p.id === edit.id) : undefined;
  const byId = one ? new Map([[one.id, one]]) : edit.kind === 'update' || edit.kind === 'forbid' ? new Map<number, GlobalPayPaymentFact>() : new Map(payments.map((p) => [p.id, p]));
  switch (edit.kind) {
    case 'add':
      return null;
    case 'update': {
      const before = byId.get(edit.id);
      if (!before) return null;
      const changes = Object.fromEntries(Object.keys(edit.changes).map((key) => [key, before[key as keyof GlobalPayPaymentInput]]));
      return [{ kind: 'update', id: edit.id, changes: changes as Partial<GlobalPayPaymentInput> }];
    }
    case 'remove': {
      const ids = edit.ids.filter((id) => byId.get(id) && byId.get(id)!.status !== 'removed');
      return ids.length ? [{ kind: 'restore', ids }] : null;
    }
    case 'restore': {
      const ids = edit.ids.filter((id) => byId.get(id)?.status === 'removed');
      return ids.length ? [{ kind: 'remove', ids }] : null;
    }
    case 'feeSide': {
      const touched = edit.ids ? edit.ids.map((id) => byId.get(id)).filter((p): p is GlobalPayPaymentFact => !!p) : payments.filter((p) => p.status !== 'removed');
      const bySide = new Map<FeeShare, number[]>();
      for (const p of touched) if (p.feeShare !== edit.feeShare) bySide.set(p.feeShare, [...(bySide.get(p.feeShare) ?? []), p.id]);
      return bySide.size ? [...bySide.entries()].map(([feeShare, ids]) => ({ kind: 'feeSide' as const, feeShare, ids })) : null;
    }
    case 'forbid':
      return byId.has(edit.id) ? [{ kind: 'forbid', id: edit.id, name: edit.name, forbidden: !edit.forbidden }] : null;
    case 'rename':
      return [{ kind: 'rename', batchName }];
  }
}

// ---- what the screens show ----------------------------------------------------------------------

/** The fields of a changed payment that differ (only those are sent; methods change with their own call). */
export function paymentChanges(before: GlobalPayPaymentInput, after: GlobalPayPaymentInput): Partial<GlobalPayPaymentInput> {
  const changes: Partial<Record<keyof GlobalPayPaymentInput, unknown>> = {};
  for (const key of ['amount', 'currency', 'beneficiaryType', 'beneficiaryName', 'beneficiaryEmail', 'beneficiaryCountryCode', 'description', 'feeShare'] as const) {
    if (before[key] !== after[key]) changes[key] = after[key];
  }
  return changes as Partial<GlobalPayPaymentInput>;
}

/** A sent batch's totals count what is paid or on its way: a failed payment's money came back. */
export const paidOrUnderway = (payments: readonly GlobalPayPaymentFact[]): GlobalPayPaymentFact[] => payments.filter((p) => p.status !== 'failed' && p.status !== 'removed');
