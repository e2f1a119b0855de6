import * as v from 'valibot';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Types of the auth service's login reply (spec 000 s3), as the login machine uses them. */
export type AuthFlow = 'simple' | 'direct' | 'otp' | 'push' | 'verifyDevice' | 'sms';

export interface LoginDevice {
  name: string;
  type: string;
  location?: string | null | undefined;
  lastActivityAt?: string | null | undefined;
}

export interface Migration {
  req: 'none' | 'soft' | 'strict';
  daysLeft?: number | null | undefined;
  devices?: LoginDevice[] | null | undefined;
  tmpJwt?: string | null | undefined;
  strat?: 'migrate' | 'enable' | null | undefined;
}

export interface AuthFlowReply {
  authFlow: AuthFlow;
  code?: string | null | undefined;
  accessToken?: string | null | undefined;
  refreshToken?: string | null | undefined;
  tmpJwt?: string | null | undefined;
  devices?: LoginDevice[] | null | undefined;
  link?: string | null | undefined;
  userId?: number | string | null | undefined;
  phoneNumber?: string | null | undefined;
  smsIdentifier?: string | null | undefined;
  migration?: Migration | null | undefined;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string | null;
}

export interface Terms {
  id: string;
  title: string;
  text: string;
}

import type { UiMessage } from '../shared/ui-message';
export type { UiMessage };

/**
 * What the login actors throw, already classified (src/features/login maps ApiError to this).
 * `terms`: the server wants terms accepted first; `rateLimited`: 429, with what to say (the wait
 * when the server gave it; without one, `loginMessages.rateLimited`); `wrongCode`: OTP/SMS
 * rejected; `failed`: anything else, with the server message or the generic text.
 */
export type LoginFailure =
  | { kind: 'terms'; terms: Terms }
  | { kind: 'rateLimited'; message?: UiMessage }
  | { kind: 'wrongCode'; message: UiMessage }
  | { kind: 'failed'; message: UiMessage };

export const loginMessages = {
  emailInvalid: msg`Enter a valid e-mail address, like name@example.com.`,
  emailRequired: msg`Enter your e-mail address.`,
  passwordRequired: msg`Enter your password.`,
  codeRequired: msg`Enter the code.`,
  codeInvalid: msg`The code has 4 to 8 digits.`,
  unknown: msg`unknown error`,
  rateLimited: msg`Too many attempts. Wait a minute, then try again.`,
  pushDeclined: msg`The sign-in was declined on your other device.`,
  pushExpired: msg`The approval request expired. Send it again or sign in again.`,
  channelLost: msg`The connection for approvals was lost. Send the request again.`,
  getTokenBadStatus: msg`[get token error] bad status`,
  getTokenUnknown: msg`[get token error] unknow error`,
  getTokenStrange: msg`[get token error] strange error`,
};

export const credentialsSchema = v.object({
  username: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('emailRequired'),
    v.email('emailInvalid'),
  ),
  password: v.pipe(v.string(), v.nonEmpty('passwordRequired')),
});

export const codeSchema = v.pipe(v.string(), v.trim(), v.nonEmpty('codeRequired'), v.regex(/^\d{4,8}$/, 'codeInvalid'));

export type FieldErrors = Partial<Record<'username' | 'password' | 'code', MessageDescriptor>>;

/** Validates the sign-in form; returns field errors keyed by field (empty when valid). */
export function validateCredentials(input: { username: string; password: string }): FieldErrors {
  const result = v.safeParse(credentialsSchema, input);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as 'username' | 'password' | undefined;
    const key = issue.message as keyof typeof loginMessages;
    if (field && !errors[field]) errors[field] = loginMessages[key] ?? loginMessages.unknown;
  }
  return errors;
}

export function validateCode(code: string): FieldErrors {
  const result = v.safeParse(codeSchema, code);
  if (result.success) return {};
  const key = result.issues[0]?.message as keyof typeof loginMessages;
  return { code: loginMessages[key] ?? loginMessages.codeInvalid };
}

/** Which state a login reply leads to (migration first, then the flow). */
export function nextStep(reply: AuthFlowReply): 'migrationStrict' | 'migrationSoft' | AuthFlow {
  if (reply.migration?.req === 'strict') return 'migrationStrict';
  if (reply.migration?.req === 'soft') return 'migrationSoft';
  return reply.authFlow;
}
