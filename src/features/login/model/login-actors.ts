import { fromCallback, fromPromise } from 'xstate';
import { loginMachine } from '@machines/auth/login.machine';
import { loginMessages, type AuthFlowReply, type LoginFailure, type Tokens } from '@machines/auth/login.logic';
import type { LoginEvent } from '@machines/auth/login.machine';
import { api, apiRuntime, connectRealtime, isApiError, tokenStore, toRateLimitMessage, toUiMessage, type ApiError } from '@/shared/api';
import { trackAction } from '@/shared/analytics';
import { afterNextPaint, createPkcePair } from '@/shared/lib';

/** The login statechart with its real actors: the auth service, PKCE, the realtime channel. */
const {
  unknown: unknownError,
  rateLimited,
  getTokenBadStatus,
  getTokenUnknown,
  getTokenStrange,
} = loginMessages;

/**
 * Login failure: the server message, or "unknown error" (spec 000 s8); terms and 429 are their own
 * cases. A 429 (too many wrong passwords) says to wait: the server's text when it is in the
 * interface language, else the app's words with the Retry-After wait, else "Wait a minute"
 * (`toRateLimitMessage`). `language`: the interface language (tests pass it).
 */
export function toLoginFailure(error: unknown, language: string = apiRuntime.language): LoginFailure {
  if (!isApiError(error)) return { kind: 'failed', message: { descriptor: unknownError } };
  const body = error.body as { code?: string; terms?: { id: string; title: string; text: string } } | undefined;
  if (error.status === 403 && body?.code === 'TE' && body.terms) return { kind: 'terms', terms: body.terms };
  if (error.kind === 'rateLimited') return { kind: 'rateLimited', message: toRateLimitMessage(error, language, rateLimited) };
  // The server's message; transport failures have their own words (500: "Server is not available"); else "unknown error".
  return { kind: 'failed', message: toUiMessage(error, unknownError) };
}

/** Token exchange failure: a wrong code is re-entered; 429 as at sign-in; otherwise the three [get token error] texts. */
export function toTokenFailure(error: unknown, language: string = apiRuntime.language): LoginFailure {
  if (!isApiError(error)) return { kind: 'failed', message: { descriptor: getTokenUnknown } };
  const e = error as ApiError;
  if (e.kind === 'rateLimited') return { kind: 'rateLimited', message: toRateLimitMessage(e, language, rateLimited) };
  if ((e.body as { code?: string } | undefined)?.code === 'OTP') {
    return { kind: 'wrongCode', message: e.serverMessage ? { text: e.serverMessage } : { descriptor: getTokenBadStatus } };
  }
  if (e.kind === 'network' || e.kind === 'timeout' || e.kind === 'emptyReply') return { kind: 'failed', message: { descriptor: getTokenUnknown } };
  return { kind: 'failed', message: e.serverMessage ? { text: e.serverMessage } : { descriptor: getTokenBadStatus } };
}

export const loginLogic = loginMachine.provide({
  actors: {
    // The busy button is painted first; the verifier, its digest and then the sign-in call follow (issue 48: the press's time to paint).
    createPkce: fromPromise(async () => {
      await afterNextPaint();
      return createPkcePair();
    }),
    login: fromPromise<AuthFlowReply, { username: string; password: string; codeChallenge: string; acceptTerms: string | null }>(
      async ({ input }) => {
        tokenStore.setSignInToken(null); // a new attempt: the previous one's temporary token is spent
        try {
          const { data } = await api().auth.POST('/auth/login', {
            body: {
              client: 'spa',
              username: input.username,
              password: input.password,
              codeChallenge: input.codeChallenge,
              ...(input.acceptTerms ? { acceptTerms: input.acceptTerms } : {}),
              ...(apiRuntime.mobileDevice() ?? {}),
            },
          });
          const reply = data as AuthFlowReply;
          // Calls made while the sign-in waits (re-send push, QR deeplink) carry its temporary token.
          tokenStore.setSignInToken(reply.tmpJwt ?? reply.migration?.tmpJwt ?? null);
          return reply;
        } catch (error) {
          throw toLoginFailure(error);
        }
      },
    ),
    exchangeToken: fromPromise<Tokens, { code: string; codeVerifier: string; otp: string | null }>(async ({ input }) => {
      let data: { accessToken?: string; refreshToken?: string } | undefined;
      try {
        // Wrapper mode: the app's device secret and push token replace the code (spec 000 s4).
        const device = apiRuntime.mobileDevice();
        ({ data } = await api().auth.POST('/auth/token', {
          body: { ...(device ?? { code: input.code, codeVerifier: input.codeVerifier }), ...(input.otp ? { otp: input.otp } : {}) },
        }));
      } catch (error) {
        throw toTokenFailure(error);
      }
      if (!data?.accessToken) throw { kind: 'failed', message: { descriptor: getTokenStrange } } satisfies LoginFailure;
      return { accessToken: data.accessToken, refreshToken: data.refreshToken ?? null };
    }),
    codeOwner: fromPromise<string, { code: string; codeVerifier: string }>(async ({ input }) => {
      let data: { username?: string } | undefined;
      try {
        ({ data } = await api().auth.POST('/auth/token/owner', { body: { code: input.code, codeVerifier: input.codeVerifier } }));
      } catch (error) {
        throw toTokenFailure(error);
      }
      if (!data?.username) throw { kind: 'failed', message: { descriptor: getTokenStrange } } satisfies LoginFailure;
      return data.username;
    }),
    waitForApproval: fromCallback<LoginEvent, { tmpJwt: string | null }>(({ sendBack, input }) => {
      let drops = 0;
      const connection = connectRealtime({
        token: () => input.tmpJwt,
        onMessage: (message) => {
          if (message.type === 'login.approved') sendBack({ type: 'PUSH_APPROVED' });
          if (message.type === 'login.declined') sendBack({ type: 'PUSH_DECLINED' });
        },
        onDrop: () => {
          drops += 1;
          if (drops >= 5) sendBack({ type: 'CHANNEL_LOST' });
        },
      });
      return () => connection.close();
    }),
    resendPush: fromPromise<void, { tmpJwt: string | null }>(async () => {
      try {
        await api().auth.POST('/auth/push/re-send');
      } catch (error) {
        throw toLoginFailure(error);
      }
    }),
    requestDeeplink: fromPromise<string, { tmpJwt: string | null }>(async () => {
      try {
        const { data } = await api().auth.POST('/auth/scp/request');
        return data?.deeplink ?? '';
      } catch (error) {
        throw toLoginFailure(error);
      }
    }),
  },
  // Sign-in's analytics events (002 s9).
  actions: { track: (_, params) => trackAction(params) },
});
