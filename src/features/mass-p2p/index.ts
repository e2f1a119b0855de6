export { MassP2pForm, MassP2pReview } from './ui/mass-p2p-views';
export type { MassP2pActor } from './ui/mass-p2p-views';
export { massP2pFlow, massP2pLogic } from './model/mass-p2p-flow';
