import type { ActorRefFrom } from 'xstate';
import { analyticsConsentMachine } from '@machines/app/analytics-consent.machine';
import { consentRecord, readConsent, type ConsentMode } from '@machines/app/analytics-consent.rules';
import { readStored, storageKeys, writeStored } from '@/shared/config';
import { createAppActor } from '@/shared/model/create-actor';
import { collectionOf, type AnalyticsCollector } from './collector';

export type AnalyticsConsentActor = ActorRefFrom<typeof analyticsConsentMachine>;

/**
 * Starts the analytics consent statechart (issue 61) for the brand's mode with the stored choice,
 * and has the collector follow it: collecting → sent, asked → held in memory, refused → dropped.
 * A choice is stored with its time; a refusal deletes the anonymous id and what waited.
 */
export function startAnalyticsConsent(mode: ConsentMode, collector: AnalyticsCollector, now: () => number = Date.now): AnalyticsConsentActor {
  const actor = createAppActor(
    analyticsConsentMachine.provide({
      actions: {
        remember: (_, { choice }) => writeStored(storageKeys.analyticsConsent, consentRecord(choice, now())),
        forget: () => collector.forget(),
      },
    }),
    { input: { mode, stored: readConsent(readStored(storageKeys.analyticsConsent), now()) } },
  );
  actor.subscribe((snapshot) => collector.setCollection(collectionOf({ collecting: snapshot.hasTag('collecting'), asking: snapshot.hasTag('asking') })));
  actor.start();
  collector.setCollection(collectionOf({ collecting: actor.getSnapshot().hasTag('collecting'), asking: actor.getSnapshot().hasTag('asking') }));
  return actor;
}
