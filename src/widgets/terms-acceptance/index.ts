export { TermsAcceptance } from './ui/terms-acceptance';
