export { SessionContext, useSessionActor } from './model/session-actor';
export type { SessionActor, SessionSnapshot } from './model/session-actor';
export { createSession, applyActingCustomer } from './model/create-session';
export type { SessionDeps } from './model/create-session';
export { sessionSettled, isSignedIn, signOutStaying } from './model/settled';
export { toLandingCustomer, customerOf, accessOf, needsKyc, actingIdentity, seesBalances, transfersLevel } from './model/customer-facts';
export { activateAccount } from './api/activation';
export { changePasswordWithCode, checkPasswordChangeCode, requestPasswordChange, resendActivationCode } from './api/recovery';
export { startPageOf, useStartPage, useCustomerChanged } from './model/start-page';
