import { fromPromise } from 'xstate';
import { deliveryResendMachine } from '@machines/public-api/delivery-resend.machine';
import { apiLogFilterMachine, apiLogFiltersOf, webhookLogFilterMachine, webhookLogFiltersOf } from '@machines/public-api/public-api-forms';
import { readApiLogFilters, readWebhookLogFilters } from '@machines/public-api/public-api.rules';
import { resendDelivery } from '@/entities/public-api';

/** A delivery posted again by hand, with its call (webhookRequestResend, once per requestId); the page reads the log again. */
export const deliveryResendLogic = deliveryResendMachine.provide({ actors: { resend: fromPromise(({ input }) => resendDelivery(input)) } });
export type DeliveryResendLogic = typeof deliveryResendLogic;

/** The filters' statecharts with what Apply hands on: the values cleaned as the address keeps them. */
export const webhookLogFilterLogic = (onApply: (next: ReturnType<typeof readWebhookLogFilters>) => void) =>
  webhookLogFilterMachine.provide({ actions: { applied: (_, values) => onApply(readWebhookLogFilters({ ...webhookLogFiltersOf(values) })) } });
export const apiLogFilterLogic = (onApply: (next: ReturnType<typeof readApiLogFilters>) => void) =>
  apiLogFilterMachine.provide({ actions: { applied: (_, values) => onApply(readApiLogFilters({ ...apiLogFiltersOf(values) })) } });
