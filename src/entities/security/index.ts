export { checkPassword, requestTwoStep, confirmTwoStep, changePassword, confirmPasswordChange, requestDeeplink } from './api/security-calls';
export { toSettingsFailure, asSettingsCall } from './model/settings-failure';
