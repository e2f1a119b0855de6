import { useMemo } from 'react';
import { useCustomerLogin } from '@/entities/session';

/**
 * The e-mails that are the signed-in customer's own, which the list refuses (blacklist.rules):
 * the login of the customer info the session holds, the one the service compares with. None
 * without a session (stories) or before the customer info is read.
 */
export function useOwnEmails(): readonly string[] {
  const login = useCustomerLogin();
  return useMemo(() => (login ? [login] : []), [login]);
}
