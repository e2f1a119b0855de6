export { ActivationByCode } from './ui/activation-by-code';
export { ActivationByLink } from './ui/activation-by-link';
export type { SessionStandIn } from './ui/activation-by-link';
