import { apiRuntime, configureApi } from '@/shared/api';

/**
 * The fake services stories talk to through the app's real API client (configureApi's fetch): a
 * JSON reply, a read that never answers until cancelled (the first load still running), a service
 * that is down, and the story hook that puts one in place and takes it back afterwards.
 */
export const jsonReply = (body: object, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The main service's method a request calls (`?method=X`). */
export const methodOf = (input: RequestInfo | URL) => new URL(input instanceof Request ? input.url : String(input)).searchParams.get('method');

/** Never answered until cancelled. */
export const pendingFetch: typeof fetch = (input) =>
  new Promise((_, reject) => {
    const signal = input instanceof Request ? input.signal : undefined;
    signal?.addEventListener('abort', () => reject(signal.reason));
  });

/** The service is down: a 500 with its words. */
export const downFetch: typeof fetch = async () => jsonReply({ responseCode: 'UE', responseDescription: 'The service is not available' }, 500);

/** A story's `beforeEach`: the fake in place for the story, the real one back after it. */
export const withFetch = (fake: typeof fetch) => () => {
  const { fetch } = apiRuntime;
  configureApi({ fetch: fake });
  return () => configureApi({ fetch });
};
