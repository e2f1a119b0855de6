export { TermsAcceptance, preloadTermsAcceptance } from './ui/terms-acceptance-lazy';
