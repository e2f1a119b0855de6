export { LegalInfoPage } from './ui/legal-info-page';
