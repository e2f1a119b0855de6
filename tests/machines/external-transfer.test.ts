// @vitest-environment node
import { createActor, type AnyActorRef, type InspectionEvent } from 'xstate';
import type { ApprovalReply } from '@machines/transfers/approval.logic';
import { emptyExternalValues, externalTransferMachine } from '@machines/transfers/external-transfer.machine';
import type { ExternalFacts } from '@machines/transfers/external.logic';
import type { TransferInput } from '@machines/transfers/transfer.machine';
import { Coverage, expectFullCoverage } from './coverage';
import { scriptedApproval } from './scripted-approval';

const settle = async (n = 4) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

/** The transfer statechart with the external rules: the kind is a value, not a copy of the statechart. */
describe('external transfer machine (001 s7 transfer submit by type)', () => {
  const coverage = new Coverage(externalTransferMachine);
  const facts: ExternalFacts = {
    accounts: [{ accountId: 1, currencyCode: 'EUR', balance: '500.00' }],
    available: [
      { type: 'wire', currencies: ['EUR'] },
      { type: 'crypto_eft', currencies: ['BTC', 'ETH', 'USDT', 'USDC'] },
    ],
    extraParams: [{ name: 'purposeOfPayment', required: true, options: [{ value: 'family', label: 'Family support' }] }],
    details: { isCustomerAddressDateValid: true, isCustomerAddressMatchesActive: true, isExtraParamsValid: true },
    fee: '1.00',
    maxAmount: { minAmount: '0.01', amount: '400.00' },
    cards: [],
    binBlacklist: [],
  };
  const wire = {
    ...emptyExternalValues,
    type: 'wire',
    accountId: '1',
    countryCode: 'DE',
    currencyCode: 'EUR',
    amount: '120',
    beneficiaryName: 'Anna Schmidt',
    beneficiaryAddress: 'Hauptstraße 1, Berlin',
    iban: 'DE89370400440532013000',
    'param.purposeOfPayment': 'family',
  };

  function run(submit: (ApprovalReply | 'fail')[], input: TransferInput = { values: wire }) {
    const approval = scriptedApproval(submit);
    const effects: string[] = [];
    const actor = createActor(
      externalTransferMachine.provide({
        actors: { approval: approval.logic },
        actions: { intentStarted: () => void effects.push('kept'), intentEnded: () => void effects.push('ended'), moneyMoved: () => void effects.push('moneyMoved') },
      }),
      { input, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const child = () => actor.getSnapshot().children.approval as AnyActorRef | undefined;
    return { actor, child, sent: approval.submitted, methods: approval.methods, watched: approval.watched, effects };
  }

  it('refuses what the rule refuses (a blocked address, a missing extra parameter); then sends the wire’s body and starts again', async () => {
    const { actor, child, sent, effects } = run([{ approveType: 'none', status: 'pending', transactionId: 31 }], { values: { ...wire, 'param.purposeOfPayment': '' } });
    actor.send({ type: 'SUBMIT', facts: { ...facts, details: { isCustomerAddressDateValid: false } } });
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual(['details', 'param.purposeOfPayment']);
    expect(actor.getSnapshot().context.attempts).toBe(1);
    actor.send({ type: 'CHANGE', name: 'param.purposeOfPayment', value: 'family' });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['details']);
    actor.send({ type: 'SUBMIT', facts });
    expect(actor.getSnapshot().hasTag('sending')).toBe(true);
    await settle();
    expect(sent[0]).toEqual({
      type: 'wire',
      accountId: 1,
      amount: '120.00',
      countryCode: 'DE',
      currencyCode: 'EUR',
      beneficiaryName: 'Anna Schmidt',
      beneficiaryAddress: 'Hauptstraße 1, Berlin',
      iban: 'DE89370400440532013000',
      extraParams: { purposeOfPayment: 'family' },
      requestId: actor.getSnapshot().context.requestId,
    });
    expect(child()?.getSnapshot().hasTag('pending')).toBe(true); // a wire is accepted and processed later
    child()?.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context.outcome).toBe('pending');
    expect(actor.getSnapshot().context.values['param.purposeOfPayment']).toBe('');
    expect(effects).toEqual(['kept', 'ended', 'moneyMoved']);
  });

  it('another kind in the same statechart: a crypto transfer confirmed by code; a rejected push keeps the values', async () => {
    const crypto = { ...emptyExternalValues, type: 'crypto_eft', accountId: '1', countryCode: 'DE', amount: '50', toCurrencyCode: 'ETH', walletAddress: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e' };
    const coded = run([{ approveType: 'sms', operationId: 'op-1', transactionId: 32 }], { values: crypto });
    coded.actor.send({ type: 'SUBMIT', facts: { ...facts, extraParams: [] } });
    await settle();
    expect(coded.methods[0]).toBe('transferSubmit');
    expect(coded.sent[0]).toMatchObject({ type: 'crypto_eft', toCurrencyCode: 'ETH', walletAddress: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e' });
    coded.child()?.send({ type: 'CODE', value: '123456' });
    coded.child()?.send({ type: 'CONFIRM' });
    await settle();
    coded.child()?.send({ type: 'CLOSE' });
    expect(coded.actor.getSnapshot().context.outcome).toBe('success');

    const rejected = run([{ approveType: 'push', operationId: 'op-2', transactionId: 33 }]);
    rejected.actor.send({ type: 'SUBMIT', facts });
    await settle();
    rejected.watched.send?.({ type: 'RESULT', result: { result: 'rejected', operationId: 'op-2' } });
    rejected.child()?.send({ type: 'CLOSE' });
    expect(rejected.actor.getSnapshot().context.outcome).toBe('rejected');
    expect(rejected.actor.getSnapshot().context.values.iban).toBe('DE89370400440532013000');
  });

  it('a failed submit keeps the intent for Try again, or is cancelled back to the form; a kept intent is dismissed', async () => {
    const { actor, child, sent } = run(['fail', 'fail'], { values: wire, requestId: 'kept-external-1', restored: true });
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().context.restored).toBe(false);
    actor.send({ type: 'SUBMIT', facts });
    await settle();
    child()?.send({ type: 'RETRY' });
    await settle();
    expect(sent.map((b) => b.requestId)).toEqual(['kept-external-1', 'kept-external-1']);
    child()?.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().context.outcome).toBe('cancelled');
    // The same values again: the same intent.
    expect(actor.getSnapshot().context.requestId).toBe('kept-external-1');
  });

  expectFullCoverage(coverage);
});
