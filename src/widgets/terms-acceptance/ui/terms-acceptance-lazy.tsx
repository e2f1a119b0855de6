import { onDemand } from '@/shared/lib';

const view = onDemand(() => import('./terms-acceptance').then((m) => m.TermsAcceptance));

/** New terms are rare: their screen's code loads only when a session has terms to accept. */
export const TermsAcceptance = view.Lazy;
export const preloadTermsAcceptance = view.preload;
