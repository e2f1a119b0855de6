export { loadVerificationFacts } from './api/load-facts';
export { VerificationProvider, useOptionalVerificationActor, useVerificationActor, verificationLogic } from './model/verification-actor';
export type { VerificationActor } from './model/verification-actor';
