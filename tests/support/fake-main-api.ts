import { configureApi } from '../../src/shared/api/runtime';
import { sandboxBases } from '../../src/shared/api/bases';
import { tokenStore } from '../../src/shared/api/token-store';
import { mainMethodRules } from '../../src/shared/api/method-rules';

export interface SentCall {
  /** The dispatch method (the query's `method`). */
  method: string | null;
  url: string;
  body: Record<string, unknown>;
}

/**
 * The main service faked at the fetch boundary for unit tests: the app's real client and request
 * rules, every call recorded, each answered by `reply` (a JSON value, or a Response as it is).
 * Signed out (no token), language `en` until a test configures another.
 */
export function fakeMainApi(reply: (call: SentCall) => unknown): SentCall[] {
  const calls: SentCall[] = [];
  tokenStore.clear();
  configureApi({
    bases: sandboxBases('http://api.test'),
    language: 'en',
    timeoutMs: 300_000,
    methodRules: mainMethodRules,
    fetch: async (input: RequestInfo | URL) => {
      const req = input as Request;
      const call = { method: new URL(req.url).searchParams.get('method'), url: req.url, body: JSON.parse(await req.text()) as Record<string, unknown> };
      calls.push(call);
      const answer = reply(call);
      if (answer instanceof Response) return answer;
      return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
    },
  });
  return calls;
}
