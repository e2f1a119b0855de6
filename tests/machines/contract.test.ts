// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { contractMachine, contractMessages, stateOf, type ConfirmableAction, type ContractMachineEvent } from '@machines/contracts/contract.machine';
import { CONTRACT_STATUSES, isFinalStatus, type ContractParty, type ContractStatus } from '@machines/contracts/contract.rules';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const INITIATOR: ContractParty = { initiator: true, payer: true, terminationAuthor: false };
const COUNTERPARTY: ContractParty = { initiator: false, payer: false, terminationAuthor: false };
const AUTHOR: ContractParty = { initiator: false, payer: false, terminationAuthor: true };

type Outcome = { ok: ContractStatus } | { throws: unknown };

/**
 * A contract's lifecycle on its detail page (issue 58; 000 s4): a state per status, the service's
 * news moving it as the rules' table says, each action confirmed first and sent once, a contract
 * changed meanwhile read again, signing through the signing page.
 */
describe('contract statechart (issue 58)', () => {
  const coverage = new Coverage(contractMachine);

  function run(status: ContractStatus, party: ContractParty = INITIATOR, options: { canSign?: boolean; perform?: Outcome[]; signUrl?: ({ ok: string } | { throws: unknown })[] } = {}) {
    const performed: { action: ConfirmableAction; note: string }[] = [];
    const done: unknown[] = [];
    const actor = createActor(
      contractMachine.provide({
        actors: {
          perform: fromPromise(async ({ input }) => {
            performed.push(input);
            const outcome = options.perform?.shift() ?? { ok: 'CANCELLED' };
            if ('throws' in outcome) throw outcome.throws;
            return outcome.ok;
          }),
          signUrl: fromPromise(async () => {
            const outcome = options.signUrl?.shift() ?? { ok: 'https://sign.example/c/1' };
            if ('throws' in outcome) throw outcome.throws;
            return outcome.ok;
          }),
        },
        actions: {
          openSignPage: (_, params) => void done.push({ open: params.url }),
          reload: () => void done.push('reload'),
          done: (_, params) => void done.push({ done: params.action }),
        },
      }),
      { input: { status, party, canSign: options.canSign ?? false }, inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const value = () => actor.getSnapshot().value;
    const context = () => actor.getSnapshot().context;
    const send = (event: ContractMachineEvent) => actor.send(event);
    return { actor, value, context, send, performed, done };
  }

  it('starts in the state of its status, whatever it is', () => {
    for (const status of CONTRACT_STATUSES) {
      const { value, actor } = run(status);
      expect(value()).toBe(stateOf(status));
      expect(actor.getSnapshot().status).toBe(isFinalStatus(status) ? 'done' : 'active');
    }
  });

  it('a fresh read (UPDATED) moves any open status to the one read', () => {
    for (const status of CONTRACT_STATUSES.filter((s) => !isFinalStatus(s))) {
      const { value, send, context } = run(status);
      send({ type: 'UPDATED', status: 'ACTIVE' });
      expect(value()).toBe('active');
      expect(context().status).toBe('ACTIVE');
    }
  });

  it.each([
    ['UNSIGNED', { type: 'SIGNED_BY_OTHER', bothSigned: false, identificationNeeded: false, started: false }, 'waiting'],
    ['UNSIGNED', { type: 'SIGNED_BY_OTHER', bothSigned: true, identificationNeeded: false, started: false }, 'signed'],
    ['UNSIGNED', { type: 'SIGNED_BY_OTHER', bothSigned: true, identificationNeeded: false, started: true }, 'active'],
    ['UNSIGNED', { type: 'SIGNED_BY_OTHER', bothSigned: true, identificationNeeded: true, started: true }, 'needIdentification'],
    ['WAITING', { type: 'SIGNED_BY_OTHER', bothSigned: true, identificationNeeded: false, started: false }, 'signed'],
    ['WAITING', { type: 'SIGNED_BY_OTHER', bothSigned: true, identificationNeeded: false, started: true }, 'active'],
    ['WAITING', { type: 'SIGNED_BY_OTHER', bothSigned: true, identificationNeeded: true, started: false }, 'needIdentification'],
    ['WAITING', { type: 'SIGNED_BY_OTHER', bothSigned: false, identificationNeeded: false, started: false }, 'waiting'], // not news there
    ['NEED_IDENTIFICATION', { type: 'IDENTIFIED', started: false }, 'signed'],
    ['NEED_IDENTIFICATION', { type: 'IDENTIFIED', started: true }, 'active'],
    ['NEED_IDENTIFICATION', { type: 'ACTIVE_FROM_REACHED' }, 'needIdentification'], // waits for the identification
    ['SIGNED', { type: 'ACTIVE_FROM_REACHED' }, 'active'],
    ['SIGNED', { type: 'ACTIVE_TO_REACHED' }, 'signed'],
    ['ACTIVE', { type: 'ACTIVE_TO_REACHED' }, 'expired'],
    ['ACTIVE', { type: 'TERMINATION_DUE' }, 'active'],
    ['TERMINATING', { type: 'TERMINATION_DUE' }, 'terminated'],
    ['TERMINATING', { type: 'ACTIVE_TO_REACHED' }, 'expired'],
  ] as [ContractStatus, ContractMachineEvent, string][])('%s + %j → %s', (status, event, to) => {
    const { value, send } = run(status);
    send(event);
    expect(value()).toBe(to);
  });

  it('cancel by the initiator: asked first, CANCEL sends nothing, CONFIRM sends it once, presses meanwhile not taken', async () => {
    const { value, send, actor, performed, done, context } = run('WAITING', INITIATOR);
    send({ type: 'ACT', action: 'reject' }); // not the initiator's
    expect(value()).toBe('waiting');
    send({ type: 'ACT', action: 'cancel' });
    expect(value()).toBe('confirming');
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    send({ type: 'CANCEL' });
    expect(value()).toBe('waiting');
    send({ type: 'ACT', action: 'cancel' });
    send({ type: 'CONFIRM' });
    send({ type: 'CONFIRM' });
    expect(value()).toBe('acting');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(performed).toEqual([{ action: 'cancel', note: '' }]);
    expect(done).toEqual([{ done: 'cancel' }]);
    expect(value()).toBe('cancelled');
    expect(context()).toMatchObject({ action: null, lastDone: 'cancel' });
  });

  it('reject by the counterparty; a refusal keeps the contract as it was, with the reason, and can be confirmed again', async () => {
    const { value, send, performed, context } = run('UNSIGNED', COUNTERPARTY, { perform: [{ throws: { text: 'The service is not available' } }, { ok: 'REJECTED' }] });
    send({ type: 'ACT', action: 'cancel' }); // the initiator's
    expect(value()).toBe('unsigned');
    send({ type: 'ACT', action: 'reject' });
    send({ type: 'CONFIRM' });
    await settle();
    expect(value()).toBe('confirming');
    expect(context()).toMatchObject({ status: 'UNSIGNED', error: { text: 'The service is not available' } });
    send({ type: 'CONFIRM' });
    await settle();
    expect(performed).toHaveLength(2);
    expect(value()).toBe('rejected');
  });

  it('terminate asks for its note (required, at most 500 characters) and sends it trimmed', async () => {
    const { value, send, performed, context } = run('ACTIVE', COUNTERPARTY, { perform: [{ ok: 'TERMINATING' }] });
    send({ type: 'ACT', action: 'terminateNow' }); // not under way
    expect(value()).toBe('active');
    send({ type: 'ACT', action: 'terminate' });
    send({ type: 'CONFIRM' });
    expect(context().noteError).toEqual({ descriptor: contractMessages.noteRequired });
    send({ type: 'NOTE', value: 'x'.repeat(501) });
    expect(context().noteError).toBeNull();
    send({ type: 'CONFIRM' });
    expect(context().noteError).toEqual({ descriptor: contractMessages.noteTooLong });
    send({ type: 'NOTE', value: '  The studio closes.  ' });
    send({ type: 'CONFIRM' });
    await settle();
    expect(performed).toEqual([{ action: 'terminate', note: 'The studio closes.' }]);
    expect(value()).toBe('terminating');
  });

  it("the termination's author cancels it or ends it now; the other party may do neither", async () => {
    const other = run('TERMINATING', INITIATOR);
    other.send({ type: 'ACT', action: 'terminateCancel' });
    expect(other.value()).toBe('terminating');
    const { value, send, performed, context } = run('TERMINATING', AUTHOR, { perform: [{ ok: 'ACTIVE' }] });
    send({ type: 'ACT', action: 'terminateCancel' });
    send({ type: 'CONFIRM' });
    await settle();
    expect(value()).toBe('active');
    expect(context().lastDone).toBe('terminateCancel');
    send({ type: 'ACT', action: 'terminate' });
    expect(context().lastDone).toBeNull();
    send({ type: 'CANCEL' });
    const now = run('TERMINATING', AUTHOR, { perform: [{ ok: 'TERMINATED' }] });
    now.send({ type: 'ACT', action: 'terminateNow' });
    now.send({ type: 'CONFIRM' });
    await settle();
    expect(now.value()).toBe('terminated');
    expect(performed.map((p) => p.action)).toEqual(['terminateCancel']);
  });

  it('a contract changed meanwhile (409): read again, said, back in its status', async () => {
    const { value, send, done, context } = run('ACTIVE', INITIATOR, { perform: [{ throws: { stale: true } }] });
    send({ type: 'ACT', action: 'terminate' });
    send({ type: 'NOTE', value: 'Ends' });
    send({ type: 'CONFIRM' });
    await settle();
    expect(done).toEqual(['reload']);
    expect(value()).toBe('active');
    expect(context()).toMatchObject({ action: null, error: { descriptor: contractMessages.changedMeanwhile } });
    // The fresh read arrives: its status and the viewer's part in it (now another's termination); the reason stays said until the next action.
    send({ type: 'UPDATED', status: 'TERMINATING', party: { ...INITIATOR, terminationAuthor: true } });
    expect(value()).toBe('terminating');
    expect(context()).toMatchObject({ status: 'TERMINATING', party: { terminationAuthor: true }, error: { descriptor: contractMessages.changedMeanwhile } });
    send({ type: 'UPDATED', status: 'TERMINATING' });
    expect(context().party).toEqual({ ...INITIATOR, terminationAuthor: true });
  });

  it('sign only when the service says this viewer can sign: the signing page opened; a failure to get it said', async () => {
    const { value, send, done, context } = run('UNSIGNED', COUNTERPARTY, { signUrl: [{ throws: { text: 'The service is not available' } }] });
    send({ type: 'SIGN' });
    expect(value()).toBe('unsigned');
    send({ type: 'CAN_SIGN', canSign: true });
    send({ type: 'SIGN' });
    expect(value()).toBe('signing');
    await settle();
    expect(value()).toBe('unsigned');
    expect(context().error).toEqual({ text: 'The service is not available' });
    send({ type: 'SIGN' });
    await settle();
    expect(value()).toBe('leaving');
    expect(done).toEqual([{ open: 'https://sign.example/c/1' }]);
    const waiting = run('WAITING', INITIATOR, { canSign: true });
    waiting.send({ type: 'SIGN' });
    await settle();
    expect(waiting.value()).toBe('leaving');
  });

  expectFullCoverage(coverage);
});
