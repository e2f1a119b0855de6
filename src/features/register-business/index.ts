export { businessWizardLogic } from './model/business-wizard-flow';
export { clearBusinessDraft, readBusinessDraft, saveBusinessDraft } from './model/draft-store';
