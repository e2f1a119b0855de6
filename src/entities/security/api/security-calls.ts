import type { TwoStepMode } from '@machines/settings/settings.rules';
import { api, REAUTH_PROOF_HEADER } from '@/shared/api';

/**
 * Settings and security's calls (issue 49; docs/decisions.md "Settings and security: the calls"),
 * typed by the contract. Each throws the transport's ApiError; `toSettingsFailure` reads it for
 * the settings statecharts.
 */

/** POST /auth/check-password (an extension): the proof, or which second factor to ask first. */
export async function checkPassword(body: { password: string; code?: string }) {
  const { data } = await api().auth.POST('/auth/check-password', { body });
  if (!data) throw new Error('check-password: no reply');
  return data;
}

/** POST /customer/two-step-verification: asks for the mode; the code goes by SMS (and to a linked device). */
export async function requestTwoStep(input: { mode: TwoStepMode; requestId: string; proof: string }) {
  const { data } = await api().auth.POST('/customer/two-step-verification', {
    params: { header: { [REAUTH_PROOF_HEADER]: input.proof } },
    body: { mode: input.mode, requestId: input.requestId },
  });
  if (!data) throw new Error('two-step-verification: no reply');
  return data;
}

/** POST /customer/two-step-verification/{reqId}/confirm: the code; a new token pair when the service rotates the session. */
export async function confirmTwoStep(input: { reqId: string; code: string }) {
  const { data } = await api().auth.POST('/customer/two-step-verification/{reqId}/confirm', {
    params: { path: { reqId: input.reqId } },
    body: { code: input.code },
  });
  return data ?? {};
}

/** changePassword (main service): the new password waits for its code; the reply's requestKey confirms it. */
export async function changePassword(input: { password: string; passwordNew: string; passwordNewRepeat: string; requestId: string; proof: string }) {
  const { proof, ...body } = input;
  const reply = await api().main.call('changePassword', body, { reauthProof: proof });
  if (!reply.requestKey) throw new Error('changePassword: no requestKey');
  return { requestKey: reply.requestKey, approvalSentTo: reply.approvalSentTo ?? null, smsIdentifier: reply.smsIdentifier ?? null };
}

/** changePasswordConfirm (main service): the code and the requestKey. */
export async function confirmPasswordChange(input: { code: string; requestKey: string }): Promise<void> {
  await api().main.call('changePasswordConfirm', input);
}

/** POST /auth/scp/request with the signed-in user's token: the deeplink a new phone's app opens (its QR code). */
export async function requestDeeplink(): Promise<{ deeplink: string }> {
  const { data } = await api().auth.POST('/auth/scp/request', {});
  if (!data) throw new Error('scp/request: no reply');
  return data;
}
