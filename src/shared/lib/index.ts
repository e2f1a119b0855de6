export { usePageTitle } from './page-title';
export { formatAmount, formatMoney, formatDate, formatDateTime, CURRENCY_SYMBOLS } from './format';
export { createPkcePair, codeChallengeS256, generateCodeVerifier } from './pkce';
export { tokenLifetimeMs } from './jwt';
export { uiMessageText } from './ui-message';
export type { UiMessageLike } from './ui-message';
export { useFocusOnRejectedSubmit } from './focus-rejected';
export { useFormMachine } from './use-form-machine';
export type { FormFieldProps, FormElementProps, FormMachineView } from './use-form-machine';
