import { isSafeRedirect } from '@machines/auth/redirect.logic';
import { IS_SANDBOX_BUILD } from '@/shared/config';

/**
 * Leaves for the old web application with the authorised-user information (spec 000 s2). The
 * information is a credential, so it travels in the body of a top-level POST (an auto-submitted
 * form), never in the address, the history or a Referer. The address is customer info's
 * `oldWebUrl` (https only; http to 127.0.0.1 only in sandbox builds); the CSP's `form-action`
 * allows the brand's old-web origin (docs/decisions.md). Throws when the address is not safe.
 */
export function handOffToOldWeb(address: string, information: Record<string, unknown>, doc: Document = document): void {
  if (!isSafeRedirect(address, IS_SANDBOX_BUILD)) throw new Error('unsafe old-web address');
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = new URL('authorized-user', address.endsWith('/') ? address : `${address}/`).href;
  form.hidden = true;
  const field = doc.createElement('input');
  field.type = 'hidden';
  field.name = 'authorizedUserInformationApi';
  field.value = JSON.stringify(information);
  form.append(field);
  doc.body.append(form);
  form.submit();
}
