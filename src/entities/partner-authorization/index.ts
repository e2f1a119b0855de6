export { seiAuthorizeService } from './api/sei-authorize';
export type { OAuthService } from './api/sei-authorize';
