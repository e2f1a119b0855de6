import type { components as MainComponents } from '@contract/main';
import type { components as AuthComponents } from '@contract/auth';

export { api } from './clients';
export { fetchFile } from './files';
export { markUploadProgress } from './upload-progress';
export type { ApiClients } from './clients';
export type { MainClient, MainMethod, MainBody, MainReply, MainUploadData, MainUploadMethod } from './main-client';
export { REAUTH_PROOF_HEADER } from './main-client';
export { tokenStore } from './token-store';
export { configureApi, apiRuntime, authSecretHeld, holdAuthSecret } from './runtime';
export type { ApiRuntime, ApiBases } from './runtime';
export { ApiError, isApiError, joinValidationErrors, readReplyError, RESPONSE_CODE_KINDS, errorText, isTransportFailure, parseRetryAfter, tryAgainIn } from './errors';
export type { ApiErrorKind, ErrorAction, ValidationIssue } from './errors';
export { toUiMessage, toFormFailure, toRateLimitMessage, errorPopupFor, asUiMessage, asFormFailure, errorsReplyOf } from './ui-failure';
export { uiActor, formActor } from './ui-actors';
export { REFUSAL_CODES } from './transport';
export { anonymousCaller, needsFromCustomerId } from './rules';
export type { Caller, CustomerKind, MethodRule } from './rules';
export { mainMethodRules } from './method-rules';
export { isMoneyQuery, MONEY_QUERY } from './money-queries';
export { resolveApiBases, chooseApiSetting } from './bases';
export type { ApiLinkMode } from './bases';
export { responsePopupMessage, errorPopupContent, ERROR_HEADER_MAX } from './popup-content';
export { connectRealtime } from './realtime';
export type { RealtimeConnection, RealtimeMessage } from './realtime';

/** Reply shapes other layers name (generated from api-schemas/). */
export type CustomerInfo = MainComponents['schemas']['CustomerInfo'];
/** The user's access to the acting customer (userAccessInfoGet reply). */
export type AccessInfo = MainComponents['schemas']['UserAccessInfoReply'];
/** Auth-service schemas other layers name. */
export type AuthSchemas = AuthComponents['schemas'];
/** The main service's schemas (accounts, announcements, …) by name. */
export type MainSchemas = MainComponents['schemas'];
