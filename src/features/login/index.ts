export { LoginForm } from './ui/login-form';
export { toLoginFailure, toTokenFailure } from './model/login-logic';
