// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { walletMachine, type WalletInput } from '@machines/accounts/wallet.machine';
import { announcementMachine, type AnnouncementView, type Choice } from '@machines/accounts/announcement.machine';
import { addCurrencyMachine, addCurrencyMessages, emptyAddCurrencyForm, validateAddCurrency } from '@machines/accounts/add-currency.machine';
import type { FormFailure } from '@machines/shared/form.machine';
import { selectionMachine } from '@machines/shared/selection.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = () => new Promise((r) => setTimeout(r, 0));
const failure = { text: 'The service is not available' };

describe('wallet machine', () => {
  const coverage = new Coverage(walletMachine);
  const input: WalletInput = { accountId: 7, currencyCode: 'USDT' };

  function start(outcomes: { requirement: (boolean | 'fail')[]; create: (string | 'fail')[] }) {
    const checks: number[] = [];
    const creates: WalletInput[] = [];
    const actor = createActor(
      walletMachine.provide({
        actors: {
          checkRequirement: fromPromise(async ({ input: i }) => {
            checks.push(i.accountId);
            const next = outcomes.requirement.shift();
            if (next === 'fail') throw failure;
            return next ?? false;
          }),
          createWallet: fromPromise(async ({ input: i }) => {
            creates.push(i);
            const next = outcomes.create.shift();
            if (next === 'fail' || next === undefined) throw failure;
            return next;
          }),
        },
      }),
      { input, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, checks, creates };
  }

  it('checks the requirement, then creates the wallet and shows its address', async () => {
    const { actor, checks, creates } = start({ requirement: [false], create: ['0xabc'] });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    await settle();
    expect(actor.getSnapshot().hasTag('shown')).toBe(true);
    expect(actor.getSnapshot().context.address).toBe('0xabc');
    expect(checks).toEqual([7]);
    expect(creates).toEqual([input]);
  });

  it('the mobile app is required: no wallet is created here', async () => {
    const { actor, creates } = start({ requirement: [true], create: [] });
    await settle();
    expect(actor.getSnapshot().hasTag('mobileOnly')).toBe(true);
    expect(creates).toEqual([]);
  });

  it('a failed check or creation shows the reason and RETRY starts again from the check', async () => {
    const { actor, checks, creates } = start({ requirement: ['fail', false, false], create: ['fail', '0xdef'] });
    await settle();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(failure);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle();
    await settle();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    actor.send({ type: 'RETRY' });
    await settle();
    await settle();
    expect(actor.getSnapshot().context.address).toBe('0xdef');
    expect(checks).toHaveLength(3);
    expect(creates).toHaveLength(2);
  });

  expectFullCoverage(coverage);
});

describe('announcement machine', () => {
  const coverage = new Coverage(announcementMachine);
  const view = (over: Partial<AnnouncementView> = {}): AnnouncementView => ({ id: 5, title: 'T', body: 'B', created: '2026-11-22T08:00:00Z', isRead: true, confirmation: false, choice: null, ...over });

  function start(opened: AnnouncementView | 'fail' | ('fail' | AnnouncementView)[], answers: ('fail' | 'ok')[] = []) {
    const opens = Array.isArray(opened) ? [...opened] : [opened];
    const sent: { id: number; choice: Choice }[] = [];
    const changed = vi.fn();
    const actor = createActor(
      announcementMachine.provide({
        actors: {
          open: fromPromise(async () => {
            const next = opens.shift();
            if (next === 'fail' || next === undefined) throw failure;
            return next;
          }),
          answer: fromPromise(async ({ input }) => {
            sent.push(input);
            if (answers.shift() === 'fail') throw failure;
            return view({ confirmation: true, choice: input.choice });
          }),
        },
        actions: { changed },
      }),
      { input: { id: 5 }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, sent, changed };
  }

  it('an announcement without a choice is read; ACCEPT means nothing there', async () => {
    const { actor, sent, changed } = start(view());
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(actor.getSnapshot().hasTag('reading')).toBe(true);
    expect(actor.getSnapshot().hasTag('choosing')).toBe(false);
    expect(changed).toHaveBeenCalledTimes(1); // the list and the unread count refresh
    actor.send({ type: 'ACCEPT' });
    expect(sent).toEqual([]);
  });

  it('one already answered shows its answer without the buttons', async () => {
    const { actor } = start(view({ confirmation: true, choice: 'decline' }));
    await settle();
    expect(actor.getSnapshot().hasTag('choosing')).toBe(false);
  });

  it('asks for a choice; ACCEPT is sent once even when pressed twice', async () => {
    const { actor, sent, changed } = start(view({ confirmation: true }), ['ok']);
    await settle();
    expect(actor.getSnapshot().hasTag('choosing')).toBe(true);
    actor.send({ type: 'ACCEPT' });
    actor.send({ type: 'ACCEPT' });
    expect(actor.getSnapshot().hasTag('answering')).toBe(true);
    await settle();
    expect(sent).toEqual([{ id: 5, choice: 'accept' }]);
    expect(actor.getSnapshot().hasTag('answered')).toBe(true);
    expect(actor.getSnapshot().context.announcement?.choice).toBe('accept');
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('a failed answer keeps the choice open with the reason; the user can decline or accept again', async () => {
    const { actor, sent } = start(view({ confirmation: true }), ['fail', 'fail', 'ok']);
    await settle();
    actor.send({ type: 'DECLINE' });
    await settle();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().hasTag('choosing')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(failure);
    actor.send({ type: 'DECLINE' });
    await settle();
    actor.send({ type: 'ACCEPT' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle();
    expect(sent.map((s) => s.choice)).toEqual(['decline', 'decline', 'accept']);
    expect(actor.getSnapshot().hasTag('answered')).toBe(true);
  });

  it('an announcement that cannot be opened says why and can be tried again', async () => {
    const { actor } = start(['fail', view()]);
    await settle();
    expect(actor.getSnapshot().hasTag('loadFailed')).toBe(true);
    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().hasTag('reading')).toBe(true);
  });

  expectFullCoverage(coverage);
});

describe('add-currency form machine', () => {
  const coverage = new Coverage(addCurrencyMachine);

  it.each([
    ['', false],
    ['usd', false],
    ['EURO12', false],
    ['USD', true],
    ['USDT', true],
  ])('the rule: %j is %s', (currencyCode, valid) => {
    expect(validateAddCurrency({ currencyCode })).toEqual(valid ? {} : { currencyCode: { descriptor: addCurrencyMessages.currencyRequired } });
  });

  function start(results: ('ok' | FormFailure | Error)[]) {
    const calls: Record<string, string>[] = [];
    const submitted = vi.fn();
    const actor = createActor(
      addCurrencyMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            calls.push(input.values);
            const next = results.shift();
            if (next && next !== 'ok') throw next;
            return { currencyCode: input.values.currencyCode };
          }),
        },
        actions: { submitted },
      }),
      { input: { values: emptyAddCurrencyForm }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, calls, submitted };
  }

  it('nothing chosen: refused before the server; a refusal keeps the choice; then added once; RESET for another', async () => {
    const { actor, calls, submitted } = start([{ fields: { currencyCode: { text: 'You already have an account in this currency' } } }, new Error('network'), 'ok']);
    actor.send({ type: 'SUBMIT' });
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().context.errors.currencyCode).toBeDefined();
    actor.send({ type: 'CHANGE', name: 'currencyCode', value: 'GBP' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().context.errors.currencyCode).toEqual({ text: 'You already have an account in this currency' });
    expect(actor.getSnapshot().context.values.currencyCode).toBe('GBP');
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.formError).not.toBeNull(); // an unexpected failure: the form says so
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().hasTag('submitted')).toBe(true);
    expect(submitted).toHaveBeenCalledTimes(1);
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context.values.currencyCode).toBe('');
  });

  expectFullCoverage(coverage);
});

describe('selection machine', () => {
  const coverage = new Coverage(selectionMachine);
  it('nothing, then one, then another, then nothing; CLEAR with nothing open means nothing', () => {
    const actor = createActor(selectionMachine, { inspect: (e: InspectionEvent) => coverage.inspect(e) }).start();
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    actor.send({ type: 'SELECT', id: 3 });
    expect(actor.getSnapshot().context.selected).toBe(3);
    actor.send({ type: 'SELECT', id: 4 });
    expect(actor.getSnapshot().context.selected).toBe(4);
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().context.selected).toBeNull();
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
  });
  expectFullCoverage(coverage);
});
