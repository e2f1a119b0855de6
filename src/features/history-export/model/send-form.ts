import { fromPromise } from 'xstate';
import { sendExportFormMachine } from '@machines/history/export.machine';

/** The send form hands the address to the export statechart (which sends it); nothing else. */
export const sendFormLogic = sendExportFormMachine.provide({ actors: { submit: fromPromise(async ({ input }) => input.values.email ?? '') } });
