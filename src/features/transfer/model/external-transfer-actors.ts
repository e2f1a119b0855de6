import type { FormValues } from '@machines/shared/form.machine';
import { lookupMachine } from '@machines/shared/lookup.machine';
import { emptyExternalValues, externalTransferMachine } from '@machines/transfers/external-transfer.machine';
import type { InstantKeyType } from '@machines/transfers/external.logic';
import { approvalLogic } from '@/entities/approval';
import { ibanLookup, instantKeyInfo, swiftLookup } from '@/entities/transfer';
import { uiActor } from '@/shared/api';
import { useTransferActor } from './use-transfer-actor';

/** The external transfer statechart with the app's calls: its approval submits `transferSubmit`. */
export const externalTransferLogic = externalTransferMachine.provide({
  actors: { approval: approvalLogic },
});
export type ExternalTransferLogic = typeof externalTransferLogic;

/** A lookup as the customer types, with its call; a failure becomes what the view shows. */
const lookupWith = (call: (query: unknown, signal: AbortSignal) => Promise<unknown>) =>
  lookupMachine.provide({
    actors: {
      lookUp: uiActor<unknown, { query: unknown }>((input, signal) => call(input.query, signal)),
    },
  });

export const swiftLookupLogic = lookupWith((query, signal) => swiftLookup(String(query), signal));
export const ibanLookupLogic = lookupWith((query, signal) => ibanLookup(String(query), signal));
export const instantKeyLookupLogic = lookupWith((query, signal) => instantKeyInfo(query as { instantKeyType: InstantKeyType; instantKey: string; taxId?: string }, signal));
export type LookupLogic = typeof swiftLookupLogic;

/** What is never kept in the tab while a transfer is sent: another person's card number, the Interac answer. */
const NOT_KEPT = ['cardNumber', 'securityAnswer'];
const keepable = (values: FormValues): FormValues => Object.fromEntries(Object.entries(values).filter(([name]) => !NOT_KEPT.includes(name)));

/** The statechart of /transfer/external (see useTransferActor). */
export const useExternalTransferActor = (logic: ExternalTransferLogic, prefill: FormValues) => useTransferActor('external', logic, emptyExternalValues, prefill, keepable);
