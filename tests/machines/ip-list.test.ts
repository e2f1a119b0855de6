// @vitest-environment node
import { createActor, fromPromise, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { ipAddFormMachine, ipListMachine, type IpListChange, type IpListState } from '@machines/settings/ip-list.machine';
import { reauthenticationMachine, type CheckPasswordInput } from '@machines/settings/reauthentication.machine';
import type { FormValues } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 8) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const HOME = '203.0.113.7';
/** Mode on; the current address only in entry 1 (entry 2 a range elsewhere). */
const ON: IpListState = {
  modeOn: true,
  entries: [
    { id: 1, ip: HOME, toIp: null },
    { id: 2, ip: '198.51.100.1', toIp: '198.51.100.9' },
  ],
  current: HOME,
};
/** Mode off; the current address in no entry. */
const OFF_UNCOVERED: IpListState = { modeOn: false, entries: [{ id: 2, ip: '198.51.100.1', toIp: '198.51.100.9' }], current: HOME };

/**
 * The allowed IP list's changes (issue 50): the add popup as a child, a deletion confirmed first,
 * the mode set at once, the lock-out question before a change that would shut the customer out
 * (answered by adding the current address, after which the change goes on), each change sent once
 * per requestId (a retry the same one), and the service's 403 REAUTH answered by confirming it is
 * the user and sending the same change again with the proof.
 */
describe('IP list statechart', () => {
  const coverage = new Coverage(ipListMachine);

  type Outcome = 'ok' | unknown;

  function run(outcomes: Outcome[] = [], proof: string | null = null) {
    const applied: { change: IpListChange; requestId: string; proof: string | null }[] = [];
    const added: { values: FormValues; proof: string | null; requestId?: string }[] = [];
    const asked: CheckPasswordInput[] = [];
    const given: { proof: string; expiresIn: number }[] = [];
    let changed = 0;
    const actor = createActor(
      ipListMachine.provide({
        actors: {
          applyChange: fromPromise(async ({ input }) => {
            applied.push(input);
            const next = outcomes.length ? outcomes.shift() : 'ok';
            if (next !== 'ok') throw next;
            return null;
          }),
          addForm: ipAddFormMachine.provide({
            actors: {
              submit: fromPromise(async ({ input }) => {
                added.push(input);
                return { id: 3 };
              }),
            },
          }),
          reauthentication: reauthenticationMachine.provide({
            actors: {
              checkPassword: fromPromise(async ({ input }) => {
                asked.push(input);
                return { proof: 'p', expiresIn: 300 };
              }),
            },
          }),
        },
        actions: {
          changed: () => void (changed += 1),
          proofGiven: (_, params) => void given.push(params),
        },
      }),
      { input: { proof }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const snap = () => actor.getSnapshot();
    const addForm = () => snap().children.addForm as ActorRefFrom<typeof ipAddFormMachine> | undefined;
    const reauth = () => snap().children.reauthentication;
    /** The add popup typed into and submitted, as its view does. */
    const submitAdd = async (values: FormValues) => {
      for (const [name, value] of Object.entries(values)) addForm()!.send({ type: 'CHANGE', name, value });
      addForm()!.send({ type: 'SUBMIT' });
      await settle();
    };
    return { actor, snap, addForm, reauth, submitAdd, applied, added, asked, given, changed: () => changed };
  }

  it('ADD opens the add popup; CANCEL closes it, nothing changed', async () => {
    const { actor, snap, addForm, applied, changed } = run();
    actor.send({ type: 'ADD' });
    expect(snap().value).toBe('adding');
    expect(snap().hasTag('adding')).toBe(true);
    expect(addForm()!.getSnapshot().context.values).toEqual({ ip: '', toIp: '' });
    actor.send({ type: 'CANCEL' });
    await settle();
    expect(snap().value).toBe('idle');
    expect(addForm()).toBeUndefined();
    expect(applied).toEqual([]);
    expect(changed()).toBe(0);
  });

  it('ADD, the popup submitted (with the proof held): `changed`, idle, no other change made', async () => {
    const { actor, snap, addForm, submitAdd, added, applied, changed } = run([], 'held');
    actor.send({ type: 'ADD' });
    expect(addForm()!.getSnapshot().context.proof).toBe('held');
    await submitAdd({ ip: '198.51.100.20', toIp: '198.51.100.30' });
    expect(added).toEqual([{ values: { ip: '198.51.100.20', toIp: '198.51.100.30' }, proof: 'held', requestId: expect.any(String) }]);
    expect(snap().value).toBe('idle');
    expect(snap().context.change).toBeNull();
    expect(changed()).toBe(1);
    expect(applied).toEqual([]);
  });

  it('DELETE that keeps the customer in: asked first; CANCEL; then CONFIRM sends it once and reads the list again', async () => {
    const { actor, snap, applied, changed } = run();
    actor.send({ type: 'DELETE', id: 2, label: '198.51.100.1 – 198.51.100.9', list: ON });
    expect(snap().value).toBe('confirmingDelete');
    expect(snap().hasTag('confirming')).toBe(true);
    expect(snap().hasTag('lockOut')).toBe(false);
    expect(snap().context.change).toEqual({ kind: 'delete', id: 2, label: '198.51.100.1 – 198.51.100.9' });
    actor.send({ type: 'CANCEL' });
    expect(snap().value).toBe('idle');
    expect(snap().context.change).toBeNull();
    await settle();
    expect(applied).toEqual([]);

    actor.send({ type: 'DELETE', id: 2, label: 'range', list: ON });
    actor.send({ type: 'CONFIRM' });
    expect(snap().value).toBe('changing');
    expect(snap().hasTag('busy')).toBe(true);
    actor.send({ type: 'CONFIRM' }); // a second press while sending: ignored
    await settle();
    expect(applied).toEqual([{ change: { kind: 'delete', id: 2, label: 'range' }, requestId: expect.any(String), proof: null }]);
    expect(snap().value).toBe('idle');
    expect(snap().context.change).toBeNull();
    expect(changed()).toBe(1);

    // Mode off: deleting the entry that covers the current address asks nothing more. A new change, a new requestId.
    actor.send({ type: 'DELETE', id: 1, label: HOME, list: { ...ON, modeOn: false } });
    expect(snap().value).toBe('confirmingDelete');
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(applied).toHaveLength(2);
    expect(applied[1]!.change).toEqual({ kind: 'delete', id: 1, label: HOME });
    expect(applied[1]!.requestId).not.toBe(applied[0]!.requestId);
    expect(changed()).toBe(2);
  });

  it('DELETE that would lock the customer out: the lock-out question; CANCEL drops the deletion', async () => {
    const { actor, snap, applied } = run();
    actor.send({ type: 'DELETE', id: 1, label: HOME, list: ON });
    expect(snap().value).toBe('lockOutWarning');
    expect(snap().hasTag('lockOut')).toBe(true);
    expect(snap().context).toMatchObject({ change: { kind: 'delete', id: 1, label: HOME }, current: HOME });
    actor.send({ type: 'CONFIRM' }); // not offered here
    expect(snap().value).toBe('lockOutWarning');
    actor.send({ type: 'CANCEL' });
    expect(snap().value).toBe('idle');
    expect(snap().context.change).toBeNull();
    await settle();
    expect(applied).toEqual([]);
  });

  it('DELETE that would lock out → ADD_CURRENT: the popup filled with the current address; added: the deletion still confirmed, then sent', async () => {
    const { actor, snap, addForm, submitAdd, added, applied, changed } = run();
    actor.send({ type: 'DELETE', id: 1, label: HOME, list: ON });
    actor.send({ type: 'ADD_CURRENT' });
    expect(snap().value).toBe('adding');
    expect(snap().context.prefill).toEqual({ ip: HOME, toIp: '' });
    expect(addForm()!.getSnapshot().context.values).toEqual({ ip: HOME, toIp: '' });
    await submitAdd({});
    expect(added).toEqual([{ values: { ip: HOME, toIp: '' }, proof: null, requestId: expect.any(String) }]);
    expect(snap().value).toBe('confirmingDelete');
    expect(snap().context.change).toEqual({ kind: 'delete', id: 1, label: HOME });
    expect(changed()).toBe(1); // the list read again: the new entry shows
    expect(applied).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(applied).toEqual([{ change: { kind: 'delete', id: 1, label: HOME }, requestId: expect.any(String), proof: null }]);
    expect(snap().value).toBe('idle');
    expect(changed()).toBe(2);
  });

  it('SET_MODE on that would lock out → ADD_CURRENT → added: the mode turned on at once', async () => {
    const { actor, snap, addForm, submitAdd, applied, changed } = run();
    actor.send({ type: 'SET_MODE', mode: 'on', list: OFF_UNCOVERED });
    expect(snap().value).toBe('lockOutWarning');
    expect(snap().context).toMatchObject({ change: { kind: 'mode', mode: 'on' }, current: HOME });
    const before = snap().context.requestId;
    actor.send({ type: 'ADD_CURRENT' });
    expect(addForm()!.getSnapshot().context.values).toEqual({ ip: HOME, toIp: '' });
    await submitAdd({});
    expect(applied).toEqual([{ change: { kind: 'mode', mode: 'on' }, requestId: expect.any(String), proof: null }]);
    expect(applied[0]!.requestId).not.toBe(before);
    expect(snap().value).toBe('idle');
    expect(snap().context.change).toBeNull();
    expect(changed()).toBe(2); // after the add, after the mode
  });

  it('SET_MODE off, or on with the current address covered: sent at once, each with its own requestId', async () => {
    const { actor, snap, applied, changed } = run();
    actor.send({ type: 'SET_MODE', mode: 'off', list: { ...OFF_UNCOVERED, modeOn: true } });
    expect(snap().value).toBe('changing');
    await settle();
    actor.send({ type: 'SET_MODE', mode: 'on', list: { ...ON, modeOn: false } });
    expect(snap().value).toBe('changing');
    await settle();
    expect(applied.map((a) => a.change)).toEqual([
      { kind: 'mode', mode: 'off' },
      { kind: 'mode', mode: 'on' },
    ]);
    expect(applied[1]!.requestId).not.toBe(applied[0]!.requestId);
    expect(snap().value).toBe('idle');
    expect(changed()).toBe(2);
  });

  it('the current address unknown (or not an address): no lock-out question can be asked', async () => {
    const { actor, snap, applied } = run();
    actor.send({ type: 'DELETE', id: 1, label: HOME, list: { ...ON, current: null } });
    expect(snap().value).toBe('confirmingDelete');
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'SET_MODE', mode: 'on', list: { ...OFF_UNCOVERED, current: null } });
    expect(snap().value).toBe('changing');
    await settle();
    actor.send({ type: 'SET_MODE', mode: 'on', list: { ...OFF_UNCOVERED, current: 'unknown' } });
    expect(snap().value).toBe('changing');
    await settle();
    expect(applied).toHaveLength(2);
  });

  it('a failure waits with its message; RETRY sends the same requestId; CANCEL drops the change', async () => {
    const { actor, snap, applied, changed } = run([{ text: 'The list is being changed elsewhere' }, new Error('bug')]);
    actor.send({ type: 'DELETE', id: 2, label: 'range', list: ON });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(snap().value).toBe('failed');
    expect(snap().hasTag('failed')).toBe(true);
    expect(snap().hasTag('busy')).toBe(false);
    expect(snap().context.error).toEqual({ text: 'The list is being changed elsewhere' });
    actor.send({ type: 'RETRY' });
    expect(snap().value).toBe('changing');
    expect(snap().context.error).toBeNull();
    await settle();
    expect(applied).toHaveLength(2);
    expect(applied[1]).toEqual(applied[0]);
    expect(snap().context.error).toEqual({ descriptor: expect.anything() }); // a bug is never shown as text
    actor.send({ type: 'CANCEL' });
    expect(snap().value).toBe('idle');
    expect(snap().context).toMatchObject({ change: null, error: null });
    expect(changed()).toBe(0);
  });

  it('the service asks for a proof: confirmed, the same change sent again with it (same requestId) and the proof handed to the app', async () => {
    const { actor, snap, reauth, applied, asked, given, changed } = run([{ proofRefused: true }], 'expired');
    actor.send({ type: 'SET_MODE', mode: 'off', list: ON });
    await settle();
    expect(snap().value).toBe('reauthenticating');
    expect(snap().hasTag('reauthenticating')).toBe(true);
    expect(snap().hasTag('busy')).toBe(true);
    expect(snap().context.proof).toBeNull();
    reauth()!.send({ type: 'PASSWORD', value: 'Demo-pass-1' });
    reauth()!.send({ type: 'SUBMIT' });
    await settle();
    expect(asked).toEqual([{ password: 'Demo-pass-1' }]);
    expect(given).toEqual([{ proof: 'p', expiresIn: 300 }]);
    expect(applied.map((a) => a.proof)).toEqual(['expired', 'p']);
    expect(applied[1]!.change).toEqual({ kind: 'mode', mode: 'off' });
    expect(applied[1]!.requestId).toBe(applied[0]!.requestId);
    expect(snap().value).toBe('idle');
    expect(snap().context.proof).toBe('p');
    expect(changed()).toBe(1);
  });

  it('confirming cancelled: idle, nothing changed', async () => {
    const { actor, snap, reauth, applied, given, changed } = run([{ proofRefused: true }]);
    actor.send({ type: 'DELETE', id: 2, label: 'range', list: ON });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(snap().value).toBe('reauthenticating');
    reauth()!.send({ type: 'CANCEL' });
    await settle();
    expect(snap().value).toBe('idle');
    expect(snap().context.change).toBeNull();
    expect(applied).toHaveLength(1);
    expect(given).toEqual([]);
    expect(changed()).toBe(0);
  });

  expectFullCoverage(coverage);
});
