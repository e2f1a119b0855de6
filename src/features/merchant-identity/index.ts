export { IdentityCheckPanel, IdentityCheckView } from './ui/identity-check-panel';
export type { IdentityCheckPanelProps, AccountsRead } from './ui/identity-check-panel';
export { IdentityCheckForm } from './ui/identity-check-form';
export { IdentityHistory, IdentityHistoryView, IDENTITY_STATUS_TEXTS } from './ui/identity-history';
export type { IdentityHistoryProps, IdentityChecksRead } from './ui/identity-history';
export { identityCheckLogic } from './model/identity-actors';
export type { IdentityCheckLogic } from './model/identity-actors';
