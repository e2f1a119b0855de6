import { fromPromise } from 'xstate';
import { confirmedChangeMachine } from '@machines/shared/confirmed-change.machine';
import { cancelSubscription } from '@/entities/merchant';

/**
 * A subscription cancelled (001 s7 subscriber cancel (subscriptionId)): the confirmed-change
 * statechart, asked first with what stops and what was paid, sent once per requestId (a retry
 * after a lost reply sends the same); the subject is the subscription's id.
 */
export const subscriptionCancelLogic = confirmedChangeMachine.provide({
  actors: {
    change: fromPromise(({ input }) => cancelSubscription({ subscriptionId: Number(input.subject), requestId: input.requestId })),
  },
});
export type SubscriptionCancelLogic = typeof subscriptionCancelLogic;
