export { StartIdentityVerification } from './ui/start-identity-verification';
export type { StartIdentityVerificationProps } from './ui/start-identity-verification';
export { identityCustomersOf, identityLogicFor, useIdentityVerification } from './model/identity-actors';
export type { IdentityCustomers, IdentityVerificationActor, IdentityVerificationLogic } from './model/identity-actors';
