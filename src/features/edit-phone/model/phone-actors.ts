import { fromPromise } from 'xstate';
import { phoneVerificationMachine } from '@machines/verification/phone-verification.machine';
import { reauthenticationLogic } from '@/entities/security';
import { trackAction } from '@/shared/analytics';
import { confirmPhoneCode, isPhoneConfirmed, makePhoneChallenge, savePhone, sendPhoneCode } from '@/entities/verification';

/**
 * The phone verification statechart with the app's real calls (spec 002 s3, s5, s7, s8): the phone
 * saved (phoneType 2, replaced when it has an id), a code challenge made, the code sent by SMS or
 * e-mail (or the camera link to the phone) after the captcha, then confirmed with the phoneId, the
 * verifier and the code (or the phone's confirmation read again). Each call throws a
 * FormFailure. The `confirmed` and `proofGiven` actions are provided by the dialog (refresh and
 * notice; the proof of re-authentication kept, issue 49).
 */
export const phoneVerificationLogic = phoneVerificationMachine.provide({
  actors: {
    reauthentication: reauthenticationLogic,
    savePhone: fromPromise(({ input }) => savePhone(input)),
    makeChallenge: fromPromise(() => makePhoneChallenge()),
    sendCode: fromPromise(({ input }) => sendPhoneCode(input)),
    confirmCode: fromPromise(({ input }) => confirmPhoneCode(input)),
    checkConfirmed: fromPromise(({ input }) => isPhoneConfirmed(input)),
  },
  actions: { track: (_, params) => trackAction(params) },
});
