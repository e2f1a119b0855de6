export { businessWizardLogic } from './model/business-wizard-actors';
export { clearBusinessDraft, readBusinessDraft, saveBusinessDraft } from './model/draft-store';
export { BusinessWizard } from './ui/business-wizard';
export type { BusinessWizardProps } from './ui/business-wizard';
export type { BusinessWizardActor, WizardLists } from './ui/wizard-parts';
