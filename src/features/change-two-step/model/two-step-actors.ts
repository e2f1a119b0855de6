import { fromPromise } from 'xstate';
import { twoStepModeMachine } from '@machines/settings/two-step-mode.machine';
import { asSettingsCall, confirmTwoStep, reauthenticationLogic, requestTwoStep } from '@/entities/security';

/**
 * The two-step mode statechart with the app's real calls (POST /customer/two-step-verification and
 * its confirm; the password check of its `reauthentication` child). Each call throws a
 * SettingsFailure. The app's actions (proofGiven, replaceTokens, goHome, modeChanged) are provided
 * by the section that runs it.
 */
export const twoStepModeLogic = twoStepModeMachine.provide({
  actors: {
    reauthentication: reauthenticationLogic,
    requestTwoStep: fromPromise(({ input }) => asSettingsCall(() => requestTwoStep(input))),
    confirmTwoStep: fromPromise(({ input }) => asSettingsCall(() => confirmTwoStep(input))),
  },
});
