import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import type { GlobalPayStatusFact, GlobalPayUploadInput, GlobalPayUploadOutcome } from '@machines/batches/global-pay-batch.machine';
import { saveCallOf, type GlobalPayBatchFact, type GlobalPayEdit, type GlobalPayEditFailure, type GlobalPayPaymentFact } from '@machines/batches/global-pay.logic';
import type { GlobalPayPaymentInput } from '@machines/batches/global-pay-rules';
import type { ReceiveFact, ReceiveMissing } from '@machines/batches/receive.machine';
import { api, asUiMessage, isApiError, isTransportFailure, toUiMessage, type MainReply, type MainSchemas } from '@/shared/api';

/**
 * Global pay (001 s3, s4, s7): the batch's calls and the recipient's. None of them opens the
 * automatic error popup: they are made by the batch statechart's actors (never as mutations) and
 * each screen shows the error where it belongs (a payment's row, a field, the page), so every
 * function here throws a UiMessage (or, for an edit, a GlobalPayEditFailure naming the field).
 */

export const globalPayKeys = {
  all: ['global-pay'] as const,
  dictionary: () => [...globalPayKeys.all, 'dictionary'] as const,
  countryMethods: (countryCode: string) => [...globalPayKeys.all, 'country-methods', countryCode] as const,
};

type Payment = MainSchemas['GlobalPayPayment'];
const paymentFact = (p: Payment): GlobalPayPaymentFact => ({ ...p, description: p.description ?? '', receivedBy: p.receivedBy, failureReason: p.failureReason });

/** What a refused upload's envelope carries (001 s7 upload batch: code 92's batch, or the rows refused), read as data. */
const UploadRefusal = v.object({
  batchId: v.optional(v.number()),
  date: v.optional(v.string()),
  rowErrors: v.optional(v.array(v.object({ line: v.number(), column: v.string(), problem: v.string(), message: v.string() }))),
});

/** upload batch: created, identical (code 92: its date and batchId) or refused rows. */
export async function uploadGlobalPayBatch(input: GlobalPayUploadInput, signal?: AbortSignal): Promise<GlobalPayUploadOutcome> {
  try {
    const reply = await api().main.upload(
      'globalPayUploadBatch',
      {
        accountId: input.accountId,
        ...(input.batchName ? { batchName: input.batchName } : {}),
        ...(input.ignoreIdenticalBatch ? { ignoreIdenticalBatch: true } : {}),
        requestId: input.requestId,
      },
      input.file,
      input.fileName,
      signal ? { signal } : {},
    );
    return { result: 'created', batchId: reply.batchId ?? 0 };
  } catch (error) {
    const refusal = isApiError(error) ? v.safeParse(UploadRefusal, error.body) : null;
    if (isApiError(error) && refusal?.success) {
      const body = refusal.output;
      if (error.code === '92' && body.batchId !== undefined) return { result: 'identical', batchId: body.batchId, date: body.date ?? '' };
      if (body.rowErrors?.length) return { result: 'refused', problems: body.rowErrors.map((e) => ({ line: e.line, column: e.column, problem: e.problem, message: e.message })) };
    }
    throw toUiMessage(error);
  }
}

export function getGlobalPayBatch(batchId: number, signal?: AbortSignal): Promise<GlobalPayBatchFact> {
  return asUiMessage(async () => {
    const { batch } = await api().main.call('globalPayGetBatch', { batchId }, signal ? { signal } : {});
    if (!batch) throw new Error('No batch in the reply');
    return { ...batch, payments: batch.payments.map(paymentFact) };
  });
}

export async function globalPayBatchStatus(batchId: number, signal?: AbortSignal): Promise<GlobalPayStatusFact> {
  const reply = await api().main.call('globalPayBatchStatus', { batchId }, signal ? { signal } : {});
  return { status: reply.status ?? 'submitted', payments: reply.payments ?? [] };
}

export function rejectGlobalPayBatch(batchId: number): Promise<void> {
  return asUiMessage(async () => void (await api().main.call('globalPayReject', { batchId })));
}

/** The fields a payment carries in a call (the form's text made the service's). */
const paymentInput = (p: GlobalPayPaymentInput) => ({ ...p, paymentMethods: p.paymentMethods.map((m) => ({ name: m.name as MainSchemas['GlobalPayMethodName'], forbidden: m.forbidden })) });

/**
 * One call for the edits at the head of the queue (saveCallOf): a run of changes, removals and
 * restorations as update payments (updates, deletes, restores); an add (adds, with its own
 * requestId), one removal or restoration (remove, restore), a fee side, a method's mark or the
 * batch's name (full update) alone. A refusal names the field when the service did
 * (validationErrors `updates[0].amount`).
 */
export async function saveGlobalPayEdits(batchId: number, edits: readonly GlobalPayEdit[], signal?: AbortSignal): Promise<readonly GlobalPayPaymentFact[]> {
  const options = signal ? { signal } : {};
  const call = saveCallOf(edits);
  try {
    let reply: MainReply<'globalPayUpdatePayments'>;
    if (call.kind === 'group') {
      reply = await api().main.call(
        'globalPayUpdatePayments',
        {
          batchId,
          requestId: call.requestId,
          ...(call.updates.length ? { updates: call.updates.map(({ id, changes }) => ({ id, ...withoutMethods(changes) })) } : {}),
          ...(call.deletes.length ? { deletes: [...call.deletes] } : {}),
          ...(call.restores.length ? { restores: [...call.restores] } : {}),
        },
        options,
      );
    } else {
      const edit = call.edit;
      switch (edit.kind) {
        case 'add':
          reply = await api().main.call('globalPayUpdatePayments', { batchId, requestId: edit.requestId, adds: [paymentInput(edit.payment)] }, options);
          break;
        case 'update':
          reply = await api().main.call('globalPayUpdatePayments', { batchId, requestId: edit.requestId, updates: [{ id: edit.id, ...withoutMethods(edit.changes) }] }, options);
          break;
        case 'remove':
          reply = await api().main.call('globalPayRemove', { batchId, paymentIds: [...edit.ids] }, options);
          break;
        case 'restore':
          reply = await api().main.call('globalPayRestore', { batchId, paymentIds: [...edit.ids] }, options);
          break;
        case 'feeSide':
          reply = await api().main.call('globalPaySetFeeSide', { batchId, feeShare: edit.feeShare, ...(edit.ids ? { paymentIds: [...edit.ids] } : {}) }, options);
          break;
        case 'rename':
          // full update of the batch's own fields; no payment changes.
          await api().main.call('globalPayFullUpdate', { batchId, batchName: edit.batchName }, options);
          return [];
        case 'forbid':
          reply = await api().main.call('globalPaySetMethodForbidden', { batchId, paymentId: edit.id, name: edit.name as MainSchemas['GlobalPayMethodName'], forbidden: edit.forbidden }, options);
          break;
      }
    }
    return (reply.payments ?? []).map(paymentFact);
  } catch (error) {
    const issue = isApiError(error) ? error.validationErrors.find((v) => v.param) : undefined;
    const field = issue?.param?.replace(/^\w+\[\d+\]\./, '');
    const failure: GlobalPayEditFailure = { message: issue?.description ? { text: issue.description } : toUiMessage(error), ...(field ? { field } : {}) };
    throw failure;
  }
}

/** A payment's changed fields as update payments takes them (methods change with their own call). */
const withoutMethods = ({ paymentMethods: _methods, ...changes }: Partial<GlobalPayPaymentInput>) => changes;



export type GlobalPayDictionary = MainReply<'globalPayDictionary'>;
export const globalPayDictionaryQuery = () =>
  queryOptions({
    queryKey: globalPayKeys.dictionary(),
    queryFn: async ({ signal }) => api().main.call('globalPayDictionary', {}, { signal }),
    staleTime: 60 * 60_000,
    meta: { errorPopup: false },
  });

/** The methods a country offers (country payment methods), for the payment form. */
export const globalPayCountryMethodsQuery = (countryCode: string) =>
  queryOptions({
    queryKey: globalPayKeys.countryMethods(countryCode),
    queryFn: async ({ signal }) => (await api().main.call('globalPayCountryPaymentMethods', { countryCode }, { signal })).paymentMethods ?? [],
    staleTime: 60 * 60_000,
    enabled: /^[A-Z]{2}$/.test(countryCode),
    meta: { errorPopup: false },
  });

// ---- the recipient (/receive/{id}, no login) ---------------------------------------------------

export type ReceiveMeta = MainReply<'p2pGlobalPayMeta'>;
export type ReceiveMethod = MainSchemas['GlobalPayMethodFields'];

/**
 * What the link pays and the ways to receive it (the page needs both). A link the service does not
 * know throws `{ missing: true }`; not reaching the service throws a UiMessage. Public pages carry
 * no query cache (first paint), so this is a plain call the receive statechart makes.
 */
export async function loadReceive(id: string, signal?: AbortSignal): Promise<ReceiveFact> {
  const options = signal ? { signal } : {};
  try {
    const [meta, methods] = await Promise.all([api().main.call('p2pGlobalPayMeta', { id }, options), api().main.call('p2pGlobalPayMethods', { id }, options)]);
    return { meta, methods: methods.paymentMethods ?? [] };
  } catch (error) {
    if (isApiError(error) && !isTransportFailure(error)) throw { missing: true } satisfies ReceiveMissing;
    throw toUiMessage(error);
  }
}

export async function submitReceiveChoice(id: string, method: MainSchemas['GlobalPayMethodName'], details: Record<string, string>) {
  return api().main.call('p2pGlobalPaySubmit', { id, paymentMethod: method, ...(Object.keys(details).length ? { details } : {}) });
}
