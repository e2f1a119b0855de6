import type { ActivationRequest, ActivationTokens } from '@machines/auth/activation.machine';
import { api } from '@/shared/api';

/**
 * Account activation from the e-mailed link (spec 002 s7): one call per kind of account; success
 * returns tokens, so the customer is signed in.
 */
export async function activateAccount({ action, user, code }: ActivationRequest): Promise<ActivationTokens> {
  const { main } = api();
  const reply =
    action === 'activation'
      ? await main.call('activateAccount', { username: user, activationCode: code })
      : action === 'activationBusiness'
        ? await main.call('activateBusiness', { email: user, activationCode: code })
        : await main.call('activateEmployee', { email: user, activationCode: code });
  if (!reply.accessToken) throw new Error('no tokens');
  return { accessToken: reply.accessToken, refreshToken: reply.refreshToken ?? null };
}
