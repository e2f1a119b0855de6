export { OAuthAuthorizePage } from './ui/oauth-authorize-page';
