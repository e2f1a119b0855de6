import { safeUrls } from '../../machines/shared/link-check.rules.ts';
import type { AuthHandlerMap } from '../handler-types.ts';

/**
 * The auth service's other calls (000 s7): POST /service/check-urls answers the safe subset of the
 * addresses asked about, by the deterministic rule the app's tests know
 * (machines/shared/link-check.rules.ts: https only; no user name or password, IP address or
 * denied host such as malware.example). A fault matching `auth:checkUrls` (or `POST /service/check-urls`) makes it fail.
 */
export const serviceHandlers: AuthHandlerMap = {
  checkUrls: ({ body }) => ({ status: 200, body: { urls: safeUrls(body.urls) } }),
};
