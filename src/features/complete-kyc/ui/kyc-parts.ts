import type { ActorRefFrom } from 'xstate';
import type { KycLogic } from '../model/kyc-actors';

/** The running KYC statechart the step views read and tell. */
export type KycActor = ActorRefFrom<KycLogic>;
