import { isSafeRedirect, oauthMessages, type OAuthFailure, type PartnerRequest } from '@machines/auth/oauth.machine';
import { api, isApiError, toUiMessage } from '@/shared/api';
import { IS_SANDBOX_BUILD } from '@/shared/config';

/**
 * OAuth (SEI) authorisation of a partner application (spec 000 s7): GET auth/sei/authorize gives the
 * start address, GET /auth/sei/authorize/{authorizationId} who asks and for what (an extension,
 * issue 47), POST /auth/sei/authorize/{authorizationId} the partner's redirect_uri. Every
 * failure is already the statechart's `OAuthFailure`; targets that are not safe are refused.
 */
export interface OAuthService {
  fetchAuthorizeUrl: () => Promise<string>;
  authorize: (authorizationId: string) => Promise<string>;
  fetchPartner: (authorizationId: string) => Promise<PartnerRequest>;
}

/** http targets are allowed only in sandbox builds (the sandbox runs on 127.0.0.1). */
const allowLocalHttp = IS_SANDBOX_BUILD;

/** API failure → the statechart's failure: 404 is its own case (back to the root). */
function toFailure(error: unknown): OAuthFailure {
  if (isApiError(error) && error.kind === 'notFound') return { kind: 'notFound' };
  return { kind: 'failed', message: toUiMessage(error, isApiError(error) ? undefined : oauthMessages.unsafeTarget) };
}

async function safeTarget(call: () => Promise<string | undefined>): Promise<string> {
  let target: string | undefined;
  try {
    target = await call();
  } catch (error) {
    throw toFailure(error);
  }
  // Not an API error: "this address is not secure".
  if (!target || !isSafeRedirect(target, allowLocalHttp)) throw toFailure(new Error('unsafe target'));
  return target;
}

export const seiAuthorizeService: OAuthService = {
  fetchAuthorizeUrl: () => safeTarget(async () => (await api().auth.GET('/auth/sei/authorize')).data?.authorizeUrl),
  fetchPartner: async (authorizationId) => {
    try {
      const { data } = await api().auth.GET('/auth/sei/authorize/{authorizationId}', { params: { path: { authorizationId } } });
      if (!data) throw new Error('no reply');
      return { clientName: data.clientName, scopes: data.scopes };
    } catch (error) {
      throw toFailure(error);
    }
  },
  authorize: (authorizationId) =>
    safeTarget(
      async () => (await api().auth.POST('/auth/sei/authorize/{authorizationId}', { params: { path: { authorizationId } } })).data?.redirect_uri,
    ),
};
