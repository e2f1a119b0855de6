export { ReputationLookup, ReputationResult, EVENT_TEXTS, VERDICT_TEXTS } from './ui/reputation-lookup';
export { reputationLookupLogic } from './model/reputation-actors';
export type { ReputationLookupLogic } from './model/reputation-actors';
