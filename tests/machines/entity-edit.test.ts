// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import type { EntityEditMachine, EntitySaved } from '@machines/public-api/entity-edit.machine';
import { allowedIpEditMachine, apiKeyEditMachine, webhookEditMachine } from '@machines/public-api/public-api-forms';
import { INSECURE_HOSTS_FACT, merchantMessages as mm } from '@machines/merchant/merchant-messages';
import { securityListMessages as sl } from '@machines/settings/security-lists-messages';
import type { FormValues } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};
const UUID = /^[0-9a-f-]{36}$/;
const e = (descriptor: unknown) => ({ descriptor });

type Outcome = { ok: EntitySaved } | { throws: unknown };

interface Kind {
  name: string;
  machine: EntityEditMachine;
  empty: FormValues;
  right: FormValues;
  /** A wrong entry, the errors it gets, and the field and value that make it right. */
  wrong: FormValues;
  errors: Record<string, unknown>;
  fix: [string, string][];
}

const KINDS: Kind[] = [
  {
    name: 'webhookEdit',
    machine: webhookEditMachine,
    empty: { name: '', enabled: 'true', url: '', [INSECURE_HOSTS_FACT]: '127.0.0.1' },
    right: { name: 'Orders', enabled: 'true', url: 'https://shop.example.com/hooks', [INSECURE_HOSTS_FACT]: '127.0.0.1' },
    wrong: { name: '', enabled: 'true', url: 'http://shop.example.com/hooks', [INSECURE_HOSTS_FACT]: '127.0.0.1' },
    errors: { name: e(mm.nameRequired), url: e(mm.urlNotHttps) },
    fix: [
      ['name', 'Orders'],
      ['url', 'http://127.0.0.1:8787/__sandbox/webhook-sink/a'], // http only for the sandbox's host
    ],
  },
  {
    name: 'apiKeyEdit',
    machine: apiKeyEditMachine,
    empty: { name: '', enabled: 'true' },
    right: { name: 'Production', enabled: 'true' },
    wrong: { name: 'x'.repeat(101), enabled: 'true' },
    errors: { name: e(mm.nameTooLong) },
    fix: [['name', 'Production']],
  },
  {
    name: 'allowedIpEdit',
    machine: allowedIpEditMachine,
    empty: { name: '', enabled: 'true', ipFrom: '', ipTo: '' },
    right: { name: 'Office', enabled: 'true', ipFrom: '198.51.100.0', ipTo: '198.51.100.255' },
    wrong: { name: 'Office', enabled: 'true', ipFrom: '198.51.100', ipTo: 'nope' },
    errors: { ipFrom: e(sl.ipFormat), ipTo: e(sl.toIpFormat) },
    fix: [
      ['ipFrom', '198.51.100.9'],
      ['ipTo', ''],
    ],
  },
];

/**
 * The public API's entities managed on their pages (issue 57; 001 s3, s7 create, update, delete;
 * s8 a create refused with `errors` opens the response popup): each kind's rule checked before
 * anything is sent, each write once per intent, deletes asked first, nothing typed lost.
 */
describe.each(KINDS)('entity edit statechart: $name (issue 57)', (kind) => {
  const coverage = new Coverage(kind.machine);

  function run(outcomes: { save?: Outcome[]; remove?: ({ ok: true } | { throws: unknown })[] } = {}) {
    const saves: { id: number | null; values: FormValues; requestId: string }[] = [];
    const removes: { id: number; requestId: string }[] = [];
    const done: unknown[] = [];
    const actor = createActor(
      kind.machine.provide({
        actors: {
          save: fromPromise(async ({ input }) => {
            saves.push({ ...input, values: { ...input.values } });
            const outcome = outcomes.save?.shift() ?? { ok: { id: input.id ?? 90, secret: input.id === null ? 'secret_once' : null } };
            if ('throws' in outcome) throw outcome.throws;
            return outcome.ok;
          }),
          remove: fromPromise(async ({ input }) => {
            removes.push(input);
            const outcome = outcomes.remove?.shift() ?? { ok: true };
            if ('throws' in outcome) throw outcome.throws;
            return undefined;
          }),
        },
        actions: {
          saved: (_, params) => void done.push({ saved: params }),
          removed: (_, params) => void done.push({ removed: params }),
          showReply: (_, params) => void done.push({ reply: params.reply }),
        },
      }),
      { inspect: (event: InspectionEvent) => coverage.inspect(event) },
    ).start();
    const state = () => actor.getSnapshot().value;
    const context = () => actor.getSnapshot().context;
    const tags = () => [...actor.getSnapshot().tags].sort();
    return { actor, state, context, tags, saves, removes, done };
  }

  it('ADD opens the form with its defaults; a wrong entry is refused by field and nothing is sent; typing clears its own error; CANCEL closes it', async () => {
    const { actor, state, context, tags, saves } = run();
    expect(state()).toBe('idle');
    expect(tags()).toEqual([]);
    actor.send({ type: 'ADD', values: kind.wrong });
    expect(state()).toBe('editing');
    expect(tags()).toEqual(['editing']);
    expect(context()).toMatchObject({ id: null, values: kind.wrong, errors: {}, attempts: 0 });
    actor.send({ type: 'SUBMIT' });
    expect(context().errors).toEqual(kind.errors);
    expect(context().attempts).toBe(1);
    const [first] = kind.fix[0]!;
    actor.send({ type: 'CHANGE', name: first, value: kind.fix[0]![1] });
    expect(context().errors[first]).toBeUndefined();
    actor.send({ type: 'CANCEL' });
    expect(state()).toBe('idle');
    expect(context().values).toEqual({});
    await settle();
    expect(saves).toEqual([]);
  });

  it('a right new one is sent once; its secret goes to the page with `created`', async () => {
    const { actor, state, context, tags, saves, done } = run();
    actor.send({ type: 'ADD', values: kind.wrong });
    for (const [name, value] of kind.fix) actor.send({ type: 'CHANGE', name, value });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' }); // a second press while it is sent is not taken
    expect(state()).toBe('saving');
    expect(tags()).toEqual(['busy', 'editing']);
    await settle();
    expect(saves).toHaveLength(1);
    expect(saves[0]!.id).toBeNull();
    expect(saves[0]!.requestId).toMatch(UUID);
    expect(state()).toBe('idle');
    expect(done).toEqual([{ saved: { saved: { id: 90, secret: 'secret_once' }, created: true } }]);
    expect(context().values).toEqual({});
  });

  it('EDIT changes one by id; a refusal by field keeps what was typed and sends the same intent again; other values are another intent', async () => {
    const { actor, state, context, saves, done } = run({ save: [{ throws: { fields: { name: { text: 'Taken' } } } }, { throws: { message: { text: 'Server is not available' } } }] });
    actor.send({ type: 'EDIT', id: 4, values: kind.right });
    expect(context()).toMatchObject({ id: 4, values: kind.right });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(state()).toBe('editing');
    expect(context()).toMatchObject({ errors: { name: { text: 'Taken' } }, formError: null, attempts: 1, values: kind.right });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(context()).toMatchObject({ errors: {}, formError: { text: 'Server is not available' }, attempts: 1 });
    expect(saves[1]!.requestId).toBe(saves[0]!.requestId); // the same values: the same intent
    actor.send({ type: 'CHANGE', name: 'name', value: 'Renamed' });
    expect(context().formError).toBeNull();
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(saves).toHaveLength(3);
    expect(saves[2]!.requestId).not.toBe(saves[0]!.requestId);
    expect(saves[2]).toMatchObject({ id: 4, values: { ...kind.right, name: 'Renamed' } });
    expect(done).toEqual([{ saved: { saved: { id: 4, secret: null }, created: false } }]);
  });

  it('a reply with `errors` opens the response popup; the form stays with what was typed and says it was not saved', async () => {
    const reply = { message: 'Refused', errors: ['A webhook for this address already exists'] };
    const { actor, state, context, done } = run({ save: [{ throws: { message: { text: 'Not saved' }, reply } }] });
    actor.send({ type: 'ADD', values: kind.right });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(state()).toBe('editing');
    expect(done).toEqual([{ reply }]);
    expect(context()).toMatchObject({ values: kind.right, formError: { text: 'Not saved' } });
  });

  it('TOGGLE saves at once with the switch flipped; a failure is said beside the list, in the popup when it carries `errors`', async () => {
    const reply = { errors: ['An expired key cannot be turned on'] };
    const { actor, state, context, tags, saves, done } = run({ save: [{ ok: { id: 4 } }, { throws: { message: { text: 'Server is not available' } } }, { throws: { message: { text: 'Not saved' }, reply } }] });
    const off = { ...kind.right, enabled: 'false' };
    actor.send({ type: 'TOGGLE', id: 4, values: off });
    expect(state()).toBe('toggling');
    expect(tags()).toEqual(['busy']);
    await settle();
    expect(saves[0]).toMatchObject({ id: 4, values: off });
    expect(done).toEqual([{ saved: { saved: { id: 4 }, created: false } }]);
    actor.send({ type: 'TOGGLE', id: 4, values: kind.right });
    await settle();
    expect(state()).toBe('idle');
    expect(context().error).toEqual({ text: 'Server is not available' });
    actor.send({ type: 'TOGGLE', id: 4, values: kind.right });
    await settle();
    expect(context().error).toEqual({ text: 'Not saved' });
    expect(done).toEqual([{ saved: { saved: { id: 4 }, created: false } }, { reply }]);
    expect(saves[2]!.requestId).not.toBe(saves[1]!.requestId); // each press is its own intent
  });

  it('DELETE asks first; CANCEL sends nothing; CONFIRM sends it once; a failure waits, RETRY sends the same requestId', async () => {
    const { actor, state, context, tags, removes, done } = run({ remove: [{ throws: { text: 'Server is not available' } }] });
    actor.send({ type: 'DELETE', id: 4, subject: 'Orders' });
    expect(state()).toBe('confirmingDelete');
    expect(tags()).toEqual(['confirming']);
    expect(context().subject).toBe('Orders');
    actor.send({ type: 'CANCEL' });
    expect(state()).toBe('idle');
    expect(context().subject).toBeNull();
    actor.send({ type: 'DELETE', id: 4, subject: 'Orders' });
    actor.send({ type: 'CONFIRM' });
    expect(state()).toBe('deleting');
    await settle();
    expect(state()).toBe('deleteFailed');
    expect(tags()).toEqual(['failed']);
    expect(context().error).toEqual({ text: 'Server is not available' });
    actor.send({ type: 'RETRY' });
    await settle();
    expect(removes).toHaveLength(2);
    expect(removes[1]).toEqual(removes[0]);
    expect(removes[0]!.id).toBe(4);
    expect(state()).toBe('idle');
    expect(done).toEqual([{ removed: { id: 4, subject: 'Orders' } }]);
    actor.send({ type: 'DELETE', id: 5, subject: 'Staging' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(removes[2]!.requestId).not.toBe(removes[0]!.requestId);
  });

  it('a failed delete can be dropped', async () => {
    const { actor, state, context } = run({ remove: [{ throws: new Error('bug') }] });
    actor.send({ type: 'DELETE', id: 4, subject: 'Orders' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(context().error).toMatchObject({ descriptor: expect.any(Object) }); // a bug is never shown as its text
    actor.send({ type: 'CANCEL' });
    expect(state()).toBe('idle');
    expect(context().error).toBeNull();
  });

  expectFullCoverage(coverage);
});
