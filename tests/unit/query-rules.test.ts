// @vitest-environment node
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { createActor } from 'xstate';
import { popupMachine } from '@machines/app/popup.machine';
import { configureApi } from '../../src/shared/api/runtime';
import { sandboxBases } from '../../src/shared/api/bases';
import { api } from '../../src/shared/api/clients';
import { ApiError } from '../../src/shared/api/errors';
import { createQueryClient } from '../../src/app/model/query-client';
import { errorPopupFor } from '../../src/shared/api/ui-failure';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve(replies: Response[]) {
  configureApi({
    bases: sandboxBases('http://api.test'),
    language: 'en',
    fetch: async () => {
      const next = replies.shift();
      if (!next) throw new Error('no reply queued');
      return next;
    },
  });
}

describe('a failed refetch keeps the list on screen (spec 002 s7)', () => {
  it("a non-'00' reply leaves the data unchanged and hands the reply to the caller", async () => {
    const list = { responseCode: '00', customer: { id: 1, email: 'a@b.test', customerType: 0 } };
    const failed = { responseCode: 'UE', responseDescription: 'Temporarily unavailable' };
    serve([json(list), json(failed), json(failed)]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver(client, {
      queryKey: ['customerInfo'],
      queryFn: () => api().main.call('customerInfo'),
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'));
    const before = observer.getCurrentResult().data;
    expect(before).toEqual(list);

    await observer.refetch();
    const after = observer.getCurrentResult();
    expect(after.data).toBe(before); // the same object: nothing blanked, nothing replaced
    expect(after.isError).toBe(true);
    expect(after.error).toBeInstanceOf(ApiError);
    expect((after.error as ApiError).body).toEqual(failed); // the caller gets the response
    unsubscribe();
  });
});

describe('which failed mutations open the error popup by themselves', () => {
  const reply = { responseCode: 'VF', responseDescription: 'Check the fields', validationErrors: ['name is required'] };
  const cases: [string, unknown, Record<string, unknown> | undefined, 'popup' | 'none'][] = [
    ['a business error (VF) with the reply', new ApiError({ kind: 'validation', code: 'VF', body: reply }), undefined, 'popup'],
    ['a 500 without body', new ApiError({ kind: 'serverUnavailable', status: 500 }), undefined, 'popup'],
    ['no connection', new ApiError({ kind: 'network' }), undefined, 'popup'],
    ['a screen that handles errors itself (global pay)', new ApiError({ kind: 'validation', body: reply }), { errorPopup: false }, 'none'],
    ['401: the session refreshes or expires', new ApiError({ kind: 'unauthorized', status: 401 }), undefined, 'none'],
    ['terms: the terms screen', new ApiError({ kind: 'termsRequired', code: 'TE' }), undefined, 'none'],
    ['not an API error (a bug or a cancel)', new Error('boom'), undefined, 'none'],
  ];
  it.each(cases)('%s → %s', (_name, error, meta, expected) => {
    const popup = errorPopupFor(error, meta);
    expect(popup ? 'popup' : 'none').toBe(expected);
  });

  it('the popup carries the reply, and the translated kind text as fallback', () => {
    const popup = errorPopupFor(new ApiError({ kind: 'validation', body: reply }), undefined);
    expect(popup).toMatchObject({ kind: 'error', reply });
    expect(popup?.fallback).toEqual(expect.any(String));
  });

  it('a 500 never shows its body, only the translated "Server is not available"', () => {
    const popup = errorPopupFor(new ApiError({ kind: 'serverUnavailable', status: 500, body: { message: 'stack trace' } }), undefined);
    expect(popup?.reply).toBeNull();
    expect(popup?.fallback).toBe('Server is not available');
  });

  it('the query client sends it to the popup actor', async () => {
    const popup = createActor(popupMachine).start();
    const client = createQueryClient(popup);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(new ApiError({ kind: 'validation', body: reply })) })
      .execute(undefined)
      .catch(() => undefined);
    expect(popup.getSnapshot().context.queue).toHaveLength(1);
    expect(popup.getSnapshot().context.queue[0]?.reply).toEqual(reply);
  });
});
