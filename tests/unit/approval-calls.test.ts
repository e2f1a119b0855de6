// @vitest-environment node
import type { ApprovalRequest } from '@machines/transfers/approval-request';
import { configureApi } from '../../src/shared/api/runtime';
import { sandboxBases } from '../../src/shared/api/bases';
import { tokenStore } from '../../src/shared/api/token-store';
import { confirmApproval, submitForApproval } from '../../src/entities/approval/api/approval';

/**
 * The approval's one submit and its confirmation: each request goes to its own call with its body
 * as built (through the real transport and request rules), and the reply's approval fields return.
 */
describe('approval calls', () => {
  const sent: { method: string | null; body: Record<string, unknown> | null; multipart: boolean }[] = [];
  beforeEach(() => {
    sent.length = 0;
    tokenStore.clear();
    tokenStore.setAccessToken('token');
    configureApi({
      bases: sandboxBases('http://api.test'),
      language: 'en',
      timeoutMs: 300_000,
      methodRules: {},
      fetch: async (input: RequestInfo | URL) => {
        const req = input as Request;
        const method = new URL(req.url).searchParams.get('method');
        const multipart = (req.headers.get('Content-Type') ?? '').startsWith('multipart/form-data');
        // An amount is a number on the wire with the digits typed (issue 47): read back as those digits.
        const exact = (text: string) => JSON.parse(text, (_key, value: unknown, context?: { source?: string }) => (typeof value === 'number' && context?.source?.includes('.') ? context.source : value)) as Record<string, unknown>;
        const body = exact(multipart ? await ((await req.formData()).get('data') as Blob).text() : await req.text());
        sent.push({ method, body, multipart });
        return new Response(JSON.stringify({ responseCode: '00', approveType: 'sms', operationId: `op-${method}`, transactionId: 7 }), { headers: { 'Content-Type': 'application/json' } });
      },
    });
  });

  const requests: ApprovalRequest[] = [
    { method: 'ownAccountsTransfer', body: { fromAccount: 1, toAccount: 2, toAmount: '10.00', requestId: 'r-1' } },
    { method: 'p2pTransfer', body: { accountId: 1, amount: '5.00', toEmail: 'ana@example.com', requestId: 'r-2' } },
    { method: 'transferSubmit', body: { type: 'wire', accountId: 1, amount: '25.00', countryCode: 'DE', requestId: 'r-3' } },
    { method: 'p2pMassTransfer', body: { accountId: 1, onlySummary: false, textContent: 'ana@example.com,1', requestId: 'r-4' } },
    { method: 'transactionRequestApprove', body: { transactionIds: [3, 4], declined: false, requestId: 'r-7' } },
    { method: 'massTransactionRequestApprove', body: { batchId: 9, declined: true, requestId: 'r-8' } },
    { method: 'globalPaySubmit', body: { batchId: 41, requestId: 'r-5' } },
    { method: 'globalPayResendPayment', body: { batchId: 41, paymentId: 3, requestId: 'r-6' } },
  ];

  it.each(requests.map((r) => [r.method, r] as const))('%s goes to its own call with its body', async (method, request) => {
    const reply = await submitForApproval(request);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe(method);
    expect(sent[0]?.body).toMatchObject('body' in request ? request.body : {});
    expect(reply).toMatchObject({ approveType: 'sms', operationId: `op-${method}`, transactionId: 7 });
  });

  it('a mass file is uploaded with its data part', async () => {
    const file = new Blob(['a,b\n1,2\n'], { type: 'text/csv' });
    await submitForApproval({ method: 'massTransfer', data: { onlySummary: false, accountId: 7, method: 'wire', requestId: 'r-7' }, file, fileName: 'w.csv' });
    expect(sent[0]).toMatchObject({ method: 'massTransfer', multipart: true, body: { onlySummary: false, accountId: 7, method: 'wire', requestId: 'r-7' } });
  });

  it('a mass file without its file is never sent', async () => {
    await expect(submitForApproval({ method: 'massTransfer', data: { onlySummary: false, accountId: 7, method: 'wire' }, file: null, fileName: '' })).rejects.toThrow('No file');
    expect(sent).toHaveLength(0);
  });

  it('a code is confirmed by the call that fits what was submitted', async () => {
    await confirmApproval({ approveType: 'sms', operationId: 'op', transactionId: 5 }, '123456', requests[0]!);
    await confirmApproval({ approveType: 'sms', operationId: 'op' }, '123456', null);
    await confirmApproval({ approveType: 'sms', operationId: 'op' }, '123456', requests[6]!);
    await confirmApproval({ approveType: 'sms', operationId: 'op' }, '123456', requests[7]!);
    expect(sent.map((s) => s.method)).toEqual(['approveTransfer', 'approvePayment', 'globalPayBatchApproval', 'globalPaySingleApproval']);
    expect(sent[3]?.body).toMatchObject({ batchId: 41, paymentId: 3, operationId: 'op', approvalCode: '123456' });
  });
});
