export { LoginForm } from './ui/login-form';
export { toLoginFailure, toTokenFailure } from './model/login-actors';
export { configureLoginFlow, startLoginFlow, hasLoginResult, carryOverSignIn } from './model/login-flow';
export type { LoginOutput } from './model/login-flow';
