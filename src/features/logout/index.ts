export { SignOutButton } from './ui/sign-out-button';
