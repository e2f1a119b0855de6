/**
 * Who asks, for the limits counted per requester (issue 46: recovery requests without a code,
 * store-link texts): the client's address as the proxy in front says (X-Forwarded-For's first),
 * else "local" (the sandbox runs behind nothing on 127.0.0.1; the tests name requesters this way).
 */
export const requesterOf = (headers: Pick<Headers, 'get'>): string => headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'local';
