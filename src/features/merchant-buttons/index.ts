export { SavedButtonsPanel, SavedButtonsView } from './ui/saved-buttons';
export type { SavedButtonsPanelProps, SavedButtonsReads, ButtonsRead } from './ui/saved-buttons';
export { ButtonEditForm } from './ui/button-edit-form';
export { ButtonPreview } from './ui/button-preview';
export { SnippetPanel } from './ui/snippet-panel';
export { buttonEditLogic, buttonDeleteLogic, copyLogic } from './model/button-actors';
export type { ButtonEditLogic, ButtonDeleteLogic } from './model/button-actors';
