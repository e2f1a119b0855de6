import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { invoiceKeys } from '@/entities/invoice';
import { inspectOptions } from '@/shared/model';
import type { InvoicesActor } from '../ui/invoice-dialogs';
import { invoicesLogic, type InvoicesLogic } from './invoice-actors';

/**
 * Starts the invoices page's statechart (with the Stately inspector when it is on): after anything
 * done in its popups (`changed`) the invoice and both lists are read again. `logic` is replaceable
 * (stories give the statechart fake calls).
 */
export function useInvoicesActor(logic: InvoicesLogic = invoicesLogic): InvoicesActor {
  const queryClient = useQueryClient();
  return useActorRef(
    logic.provide({ actions: { changed: () => void queryClient.invalidateQueries({ queryKey: invoiceKeys.all }) } }),
    inspectOptions(),
  ) as InvoicesActor;
}
