// @vitest-environment node
import { createActor, fromPromise, SimulatedClock, type AnyActorRef, type InspectionEvent } from 'xstate';
import { cardActionNotices, cardActionsMachine, notConfirmed, offeredActions, pinNotConfirmed, type ActivationData, type CardState } from '@machines/cards/card-actions.machine';
import type { ApprovalReply } from '@machines/transfers/approval.logic';

/** A PIN request answered in approval mode none: the PIN may be read at once. */
const none = (operationId: string): ApprovalReply => ({ approveType: 'none', operationId });
import { binLookupMachine, type BinInfo } from '@machines/cards/bin-lookup.machine';
import { activationFormMachine, changePinFormMachine, emptyChangePin, reissueFormMachine, renameFormMachine } from '@machines/cards/card-forms';
import type { FormFailure } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';
import { scriptedApproval } from './scripted-approval';

const settle = async (n = 3) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const failure = { text: 'The service is not available' };

const active: CardState = { accountId: 51001, type: 2010, subType: 'PREPAID', accountStatusId: 2, cardIsVirtual: false, currencyCode: 'USD', cardAliasName: 'Everyday card' };

describe('card actions machine', () => {
  const coverage = new Coverage(cardActionsMachine);
  const formCoverage = new Coverage(changePinFormMachine);

  type Outcome<T> = T | 'fail';
  function start(
    card: CardState,
    outcomes: { command?: Outcome<CardState>[]; block?: Outcome<ApprovalReply>[]; showPin?: Outcome<ApprovalReply>[]; getPin?: Outcome<string>[]; activationData?: Outcome<ActivationData>[]; submit?: Outcome<unknown>[] } = {},
  ) {
    const calls: { actor: string; input: unknown }[] = [];
    const changed = vi.fn();
    // The PIN's time on screen is a machine delay: simulated, so a busy machine cannot hide it before the test looks.
    const clock = new SimulatedClock();
    const approval = scriptedApproval([]);
    const next = <T>(name: string, list: Outcome<T>[] | undefined, input: unknown): T => {
      calls.push({ actor: name, input });
      const value = list?.shift();
      if (value === 'fail' || value === undefined) throw failure;
      return value;
    };
    const submit = fromPromise<unknown, { values: Record<string, string> }>(async ({ input }) => {
      calls.push({ actor: 'submit', input: input.values });
      const value = outcomes.submit?.shift();
      if (value === 'fail' || value === undefined) throw { message: failure } satisfies FormFailure;
      return value;
    });
    const actor = createActor(
      cardActionsMachine.provide({
        actors: {
          command: fromPromise(async ({ input }) => next('command', outcomes.command, input)),
          block: fromPromise(async ({ input }) => next('block', outcomes.block, input)),
          approval: approval.logic,
          showPin: fromPromise(async ({ input }) => next('showPin', outcomes.showPin, input)),
          getPin: fromPromise(async ({ input }) => next('getPin', outcomes.getPin, input)),
          activationData: fromPromise(async ({ input }) => next('activationData', outcomes.activationData, input)),
          changePinForm: changePinFormMachine.provide({ actors: { submit } }),
          renameForm: renameFormMachine.provide({ actors: { submit } }),
          reissueForm: reissueFormMachine.provide({ actors: { submit } }),
          activationForm: activationFormMachine.provide({ actors: { submit } }),
        },
        actions: { changed },
        delays: { pinVisible: 20 },
      }),
      {
        input: { card },
        clock,
        inspect: (e: InspectionEvent) => {
          coverage.inspect(e);
          formCoverage.inspect(e);
        },
      },
    ).start();
    const form = () => actor.getSnapshot().children.form as AnyActorRef;
    const child = () => actor.getSnapshot().children.approval as AnyActorRef;
    const fill = (values: Record<string, string>) => {
      for (const [name, value] of Object.entries(values)) form().send({ type: 'CHANGE', name, value });
    };
    return { actor, calls, changed, form, fill, child, watched: approval.watched, clock };
  }

  it('pause: one call, then the card as the service returns it, a notice and a refresh', async () => {
    const paused = { ...active, accountStatusId: 71 };
    const { actor, calls, changed } = start(active, { command: [paused] });
    actor.send({ type: 'PAUSE' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.card.accountStatusId).toBe(71);
    expect(actor.getSnapshot().context.notice).toBe(cardActionNotices.cardPause);
    expect(calls).toEqual([{ actor: 'command', input: { method: 'cardPause', accountId: 51001 } }]);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().children.approval).toBeUndefined(); // pausing is not a sensitive action: no approval
  });

  it('the status table guards every action: a paused card cannot be paused or activated, only unpaused', async () => {
    const paused = { ...active, accountStatusId: 71 };
    const { actor, calls } = start(paused, { command: [active, 'fail'] });
    for (const type of ['PAUSE', 'ACTIVATE', 'UPGRADE_SHIPPING'] as const) {
      actor.send({ type });
      expect(actor.getSnapshot().value).toBe('ready');
    }
    expect(calls).toEqual([]);
    actor.send({ type: 'UNPAUSE' });
    await settle();
    expect(actor.getSnapshot().context.notice).toBe(cardActionNotices.cardUnpause);
    expect(calls[0]!.input).toEqual({ method: 'cardUnpause', accountId: 51001 });
    // A failed command keeps the card and says why; DISMISS clears the message.
    actor.send({ type: 'PAUSE' });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual(failure);
    expect(actor.getSnapshot().context.card.accountStatusId).toBe(2);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('block asks first; cancel leaves the card alone; confirm blocks it in the approval mode (none: the success popup at once)', async () => {
    const { actor, calls, changed, child } = start(active, { block: ['fail', { approveType: 'none' }] });
    actor.send({ type: 'BLOCK' });
    expect(actor.getSnapshot().hasTag('confirmBlock')).toBe(true);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls).toEqual([]);
    // A refused block says why and changes nothing.
    actor.send({ type: 'BLOCK' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.error).toEqual(failure);
    actor.send({ type: 'BLOCK' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(calls.map((c) => c.input)).toEqual([{ accountId: 51001 }, { accountId: 51001 }]);
    expect(actor.getSnapshot().hasTag('approving')).toBe(true);
    expect(child().getSnapshot().hasTag('success')).toBe(true);
    expect(changed).not.toHaveBeenCalled();
    child().send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.notice).toBe(cardActionNotices.cardBlock);
    expect(changed).toHaveBeenCalledTimes(1);
    // The account list then says it is blocked: nothing else is offered.
    actor.send({ type: 'CARD_UPDATED', card: { ...active, accountStatusId: 4 } });
    expect(Object.values(offeredActions(actor.getSnapshot().context.card)).some(Boolean)).toBe(false);
    actor.send({ type: 'BLOCK' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('a block waiting for a code that is not confirmed changes nothing and says so', async () => {
    const { actor, changed, child } = start(active, { block: [{ approveType: 'sms', operationId: 'op-9', approvalSentTo: '+40 7•• ••• 012' }] });
    actor.send({ type: 'BLOCK' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(child().getSnapshot().hasTag('code')).toBe(true);
    child().send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toEqual({ descriptor: notConfirmed });
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(changed).not.toHaveBeenCalled();
  });

  it('show PIN: asks, fetches with the operation, shows it briefly, then forgets it', async () => {
    const { actor, calls, clock } = start(active, { showPin: [none('op-1'), none('op-2')], getPin: ['4071', '4071'] });
    actor.send({ type: 'SHOW_PIN' });
    await settle();
    expect(actor.getSnapshot().hasTag('pinShown')).toBe(true);
    expect(actor.getSnapshot().context.pin).toBe('4071');
    expect(calls.map((c) => c.input)).toEqual([{ accountId: 51001 }, { accountId: 51001, operationId: 'op-1' }]);
    clock.increment(19);
    expect(actor.getSnapshot().context.pin).toBe('4071');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.pin).toBeNull();
    expect(actor.getSnapshot().context.operationId).toBeNull();
    // Hidden at once on request.
    actor.send({ type: 'SHOW_PIN' });
    await settle();
    actor.send({ type: 'HIDE_PIN' });
    expect(actor.getSnapshot().context.pin).toBeNull();
  });

  it('show PIN failures (asking or fetching) say why and show nothing', async () => {
    const { actor } = start(active, { showPin: ['fail', none('op-3')], getPin: ['fail'] });
    actor.send({ type: 'SHOW_PIN' });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual(failure);
    actor.send({ type: 'SHOW_PIN' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.pin).toBeNull();
    expect(actor.getSnapshot().context.error).toEqual(failure);
  });

  it('show PIN in an approval mode (issue 46): the code first; the PIN only once confirmed; not confirmed, nothing shown and it says so', async () => {
    const asked = (operationId: string): ApprovalReply => ({ approveType: 'sms', operationId, approvalSentTo: '+40 7•• ••• 012' });
    const { actor, calls, child } = start(active, { showPin: [asked('op-7'), asked('op-8')], getPin: ['5190'] });
    actor.send({ type: 'SHOW_PIN' });
    await settle();
    expect(actor.getSnapshot().hasTag('approving')).toBe(true);
    expect(child().getSnapshot().hasTag('code')).toBe(true);
    expect(calls.map((c) => c.actor)).toEqual(['showPin']);
    child().send({ type: 'CODE', value: '123456' });
    child().send({ type: 'CONFIRM' });
    await settle();
    // The approval's success first (the one approval step), then the PIN.
    expect(child().getSnapshot().hasTag('success')).toBe(true);
    child().send({ type: 'CLOSE' });
    await settle();
    expect(actor.getSnapshot().hasTag('pinShown')).toBe(true);
    expect(actor.getSnapshot().context.pin).toBe('5190');
    expect(calls.at(-1)).toEqual({ actor: 'getPin', input: { accountId: 51001, operationId: 'op-7' } });
    actor.send({ type: 'HIDE_PIN' });
    // Not confirmed: no PIN asked for, and the page says why.
    actor.send({ type: 'SHOW_PIN' });
    await settle();
    child().send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ pin: null, pinRequest: null, error: { descriptor: pinNotConfirmed } });
    expect(calls.filter((c) => c.actor === 'getPin')).toHaveLength(1);
  });

  it('a virtual card has no PIN to show or change', () => {
    const { actor } = start({ ...active, cardIsVirtual: true });
    actor.send({ type: 'SHOW_PIN' });
    actor.send({ type: 'CHANGE_PIN' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('change PIN: a mismatch never reaches the service; a server failure keeps the form; then the code confirms it', async () => {
    const { actor, calls, form, fill, child } = start(active, { submit: ['fail', { approveType: 'sms', operationId: 'op-2' }] });
    actor.send({ type: 'CHANGE_PIN' });
    expect(actor.getSnapshot().hasTag('changePin')).toBe(true);
    expect(form().getSnapshot().context.values).toEqual(emptyChangePin);
    fill({ pin: '4071', pinRepeat: '4072', confirm: 'true' });
    form().send({ type: 'SUBMIT' });
    expect(calls).toEqual([]);
    expect(Object.keys(form().getSnapshot().context.errors)).toEqual(['pinRepeat']);
    fill({ pinRepeat: '4071' });
    form().send({ type: 'SUBMIT' });
    await settle();
    expect(form().getSnapshot().context.formError).toEqual(failure);
    expect(form().getSnapshot().context.values.pin).toBe('4071');
    form().send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().hasTag('approving')).toBe(true);
    expect(child().getSnapshot().hasTag('code')).toBe(true);
    child().send({ type: 'CODE', value: '482913' });
    child().send({ type: 'CONFIRM' });
    await settle();
    expect(child().getSnapshot().hasTag('success')).toBe(true);
    child().send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.notice).toBe(cardActionNotices.pinChanged);
    expect(calls).toHaveLength(2);
    // CANCEL closes the form without sending.
    actor.send({ type: 'CHANGE_PIN' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('rename: starts from the current name and takes the card the service returns', async () => {
    const renamed = { ...active, cardAliasName: 'Groceries' };
    const { actor, form, fill, changed } = start(active, { submit: [renamed] });
    actor.send({ type: 'RENAME' });
    expect(form().getSnapshot().context.values).toEqual({ cardAliasName: 'Everyday card' });
    fill({ cardAliasName: 'Groceries' });
    form().send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.card.cardAliasName).toBe('Groceries');
    expect(actor.getSnapshot().context.notice).toBe(cardActionNotices.renamed);
    expect(changed).toHaveBeenCalled();
    actor.send({ type: 'RENAME' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('reissue on the phone (push): rejected changes nothing, approved orders it; then the shipping upgrade; no second reissue', async () => {
    const reissued = { ...active, cardReissuedStatusId: 0 };
    const push: ApprovalReply = { approveType: 'push', operationId: 'op-3' };
    const { actor, form, fill, calls, child, watched } = start(active, { submit: [push, push], command: [reissued] });
    actor.send({ type: 'UPGRADE_SHIPPING' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'REISSUE' });
    actor.send({ type: 'CANCEL' });
    expect(calls).toEqual([]);
    actor.send({ type: 'REISSUE' });
    expect(actor.getSnapshot().hasTag('reissue')).toBe(true);
    fill({ isExpressShipping: 'false' });
    form().send({ type: 'SUBMIT' });
    await settle();
    expect(child().getSnapshot().hasTag('push')).toBe(true);
    watched.send?.({ type: 'RESULT', result: { result: 'rejected', operationId: 'op-3' } });
    child().send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context.error).toEqual({ descriptor: notConfirmed });
    actor.send({ type: 'REISSUE' });
    fill({ isExpressShipping: 'true' });
    form().send({ type: 'SUBMIT' });
    await settle();
    watched.send?.({ type: 'RESULT', result: { result: 'success', operationId: 'op-3' } });
    child().send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context.notice).toBe(cardActionNotices.reissued);
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'CARD_UPDATED', card: reissued });
    actor.send({ type: 'REISSUE' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'UPGRADE_SHIPPING' });
    await settle();
    expect(calls.at(-1)!.input).toEqual({ method: 'cardUpgradeReissueShipping', accountId: 51001 });
    expect(actor.getSnapshot().context.notice).toBe(cardActionNotices.cardUpgradeReissueShipping);
  });

  it('activation: loads its data, asks the fee account and the extra parameters with one requestId, then shows the PIN', async () => {
    const shipped = { ...active, accountStatusId: 21 };
    const data: ActivationData = { fees: '5.00', feeCurrency: 'USD', extraParams: [{ name: 'lastFourDigits', required: true }] };
    const { actor, form, fill, calls } = start(shipped, { activationData: ['fail', data, data], submit: ['fail', '5802'] });
    actor.send({ type: 'ACTIVATE' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.error).toEqual(failure);
    actor.send({ type: 'ACTIVATE' });
    await settle();
    expect(actor.getSnapshot().hasTag('activate')).toBe(true);
    const { requestId, ...fields } = form().getSnapshot().context.values;
    expect(fields).toEqual({ feeAccountId: '', 'param.lastFourDigits': '' });
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    fill({ feeAccountId: '50001', 'param.lastFourDigits': '1004' });
    form().send({ type: 'SUBMIT' });
    await settle();
    form().send({ type: 'SUBMIT' });
    await settle();
    const submits = calls.filter((c) => c.actor === 'submit').map((c) => (c.input as { requestId: string }).requestId);
    expect(submits).toEqual([requestId, requestId]); // the retry after a failure reuses it
    expect(actor.getSnapshot().hasTag('pinShown')).toBe(true);
    expect(actor.getSnapshot().context.pin).toBe('5802');
    expect(actor.getSnapshot().context.notice).toBe(cardActionNotices.activated);
    actor.send({ type: 'HIDE_PIN' });
    // Cancelling the activation form.
    actor.send({ type: 'ACTIVATE' });
    await settle();
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('the card is kept in step with the account list (CARD_UPDATED)', () => {
    const { actor } = start(active);
    actor.send({ type: 'CARD_UPDATED', card: { ...active, accountStatusId: 71 } });
    expect(actor.getSnapshot().context.card.accountStatusId).toBe(71);
  });

  expectFullCoverage(coverage, formCoverage);
});

describe('bin lookup machine', () => {
  const coverage = new Coverage(binLookupMachine);
  const visa: BinInfo = { binNumber: '424242', issuer: 'Demo Bank', cardBrand: 'VISA', valid: true };

  function start(outcomes: (BinInfo | 'fail')[]) {
    const asked: string[] = [];
    const actor = createActor(
      binLookupMachine.provide({
        actors: {
          lookUp: fromPromise(async ({ input }) => {
            asked.push(input.binNumber);
            const next = outcomes.shift();
            if (next === 'fail' || next === undefined) throw failure;
            return next;
          }),
        },
        delays: { settle: 10 },
      }),
      { inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, asked };
  }

  it('looks up the first 6 digits (spaces removed) once they settle, and not again for the same bin', async () => {
    const { actor, asked } = start([visa]);
    actor.send({ type: 'TYPED', number: '4242 4' });
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'TYPED', number: '4242 42' });
    actor.send({ type: 'TYPED', number: '4242 424' });
    await wait(25);
    await settle();
    expect(asked).toEqual(['424242']);
    expect(actor.getSnapshot().hasTag('known')).toBe(true);
    expect(actor.getSnapshot().context.info).toEqual(visa);
    actor.send({ type: 'TYPED', number: '4242 4242 4242' });
    expect(actor.getSnapshot().hasTag('known')).toBe(true);
    // Deleting below 6 digits forgets it.
    actor.send({ type: 'TYPED', number: '42' });
    expect(actor.getSnapshot().context.info).toBeNull();
  });

  it('a newer bin replaces an older one before it is asked; a failure can be retried', async () => {
    const { actor, asked } = start(['fail', visa]);
    actor.send({ type: 'TYPED', number: '411111' });
    actor.send({ type: 'TYPED', number: '424242' });
    await wait(25);
    await settle();
    expect(asked).toEqual(['424242']);
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().hasTag('looking')).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.info).toEqual(visa);
  });

  expectFullCoverage(coverage);
});
