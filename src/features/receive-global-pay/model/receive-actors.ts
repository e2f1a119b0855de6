import { fromPromise } from 'xstate';
import { receiveMachine } from '@machines/batches/receive.machine';
import { loadReceive } from '@/entities/global-pay-batch';

/** The receive page's statechart with its call: the payment's meta and the methods offered. */
export const receiveLogic = receiveMachine.provide({ actors: { load: fromPromise(async ({ input, signal }) => loadReceive(input.id, signal)) } });
