// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { ipAddFormMachine } from '@machines/settings/ip-list.machine';
import { reauthenticationMachine, type CheckPasswordInput } from '@machines/settings/reauthentication.machine';
import { securityListMessages } from '@machines/settings/security-lists-messages';
import type { FormFailure, FormValues } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 8) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const m = securityListMessages;

/**
 * The add-IP-to-whitelist popup (issue 50): the proof form statechart with the entry's rule
 * (ip-rules: one address, or a range of one family not ending before it starts), ending in its
 * final `submitted` with the service's answer; a 403 REAUTH asks the user to confirm it is them and
 * sends the same entry again, with the same requestId.
 */
describe('IP add form statechart', () => {
  const coverage = new Coverage(ipAddFormMachine);

  function run(outcomes: ('ok' | FormFailure)[] = [], proof: string | null = null) {
    const sent: { values: FormValues; proof: string | null; requestId?: string }[] = [];
    const asked: CheckPasswordInput[] = [];
    const given: { proof: string; expiresIn: number }[] = [];
    const submitted: unknown[] = [];
    const actor = createActor(
      ipAddFormMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            sent.push(input);
            const next = outcomes.shift() ?? 'ok';
            if (next !== 'ok') throw next;
            return { id: 7 };
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
        actions: { proofGiven: (_, params) => void given.push(params), submitted: () => void submitted.push(true) },
      }),
      { input: { values: { ip: '', toIp: '' }, proof }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const errorsAfterSubmit = (values: FormValues) => {
      for (const [name, value] of Object.entries(values)) actor.send({ type: 'CHANGE', name, value });
      actor.send({ type: 'SUBMIT' });
      return actor.getSnapshot().context.errors;
    };
    return { actor, sent, asked, given, submitted, errorsAfterSubmit, child: () => actor.getSnapshot().children.reauthentication };
  }

  it('the IP rule in words, by field; nothing sent while wrong', async () => {
    const { actor, sent, errorsAfterSubmit } = run();
    expect(errorsAfterSubmit({})).toEqual({ ip: { descriptor: m.ipRequired } });
    expect(errorsAfterSubmit({ ip: '10.1' })).toEqual({ ip: { descriptor: m.ipFormat } });
    expect(errorsAfterSubmit({ ip: '203.0.113.7/24' })).toEqual({ ip: { descriptor: m.ipFormat } });
    expect(errorsAfterSubmit({ ip: 'fe80::1%eth0' })).toEqual({ ip: { descriptor: m.ipFormat } });
    expect(errorsAfterSubmit({ ip: '203.0.113.7', toIp: '203.0.113' })).toEqual({ toIp: { descriptor: m.toIpFormat } });
    expect(errorsAfterSubmit({ ip: 'nonsense', toIp: 'nonsense' })).toEqual({ ip: { descriptor: m.ipFormat }, toIp: { descriptor: m.toIpFormat } });
    expect(errorsAfterSubmit({ ip: '203.0.113.7', toIp: '2001:db8::1' })).toEqual({ toIp: { descriptor: m.toIpFamily } });
    expect(errorsAfterSubmit({ ip: '203.0.113.7', toIp: '203.0.113.6' })).toEqual({ toIp: { descriptor: m.toIpOrder } });
    expect(errorsAfterSubmit({ ip: '2001:db8::9', toIp: '2001:db8::1' })).toEqual({ toIp: { descriptor: m.toIpOrder } });
    expect(errorsAfterSubmit({ ip: '', toIp: '2001:db8::1' })).toEqual({ ip: { descriptor: m.ipRequired } });
    expect(actor.getSnapshot().context.attempts).toBe(10);
    await settle();
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('a valid range is sent once with the proof held; the form ends with the service’s answer', async () => {
    const { actor, sent, submitted, errorsAfterSubmit } = run([], 'held');
    expect(errorsAfterSubmit({ ip: '198.51.100.1', toIp: '198.51.100.9' })).toEqual({});
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'SUBMIT' }); // ignored while sending
    await settle();
    expect(sent).toEqual([{ values: { ip: '198.51.100.1', toIp: '198.51.100.9' }, proof: 'held', requestId: expect.any(String) }]);
    expect(submitted).toHaveLength(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(actor.getSnapshot().hasTag('submitted')).toBe(true);
    expect(actor.getSnapshot().output).toEqual({ id: 7 });
  });

  it('the service asks for a proof: confirmed, the same entry sent again with it and the same requestId', async () => {
    const { actor, sent, asked, given, child, errorsAfterSubmit } = run([{ proofRefused: true }], 'expired');
    errorsAfterSubmit({ ip: '2001:db8::1', toIp: '' });
    await settle();
    expect(actor.getSnapshot().value).toBe('reauthenticating');
    expect(actor.getSnapshot().hasTag('reauthenticating')).toBe(true);
    expect(actor.getSnapshot().context.proof).toBeNull();
    child()!.send({ type: 'PASSWORD', value: 'Demo-pass-1' });
    child()!.send({ type: 'SUBMIT' });
    await settle();
    expect(asked).toEqual([{ password: 'Demo-pass-1' }]);
    expect(given).toEqual([{ proof: 'p', expiresIn: 300 }]);
    expect(sent.map((s) => s.proof)).toEqual(['expired', 'p']);
    expect(sent[1]!.values).toEqual(sent[0]!.values);
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ id: 7 });
  });

  it('confirming cancelled: back to the form, the entry kept; a refusal shows its field errors', async () => {
    const { actor, sent, child, errorsAfterSubmit } = run([{ proofRefused: true }, { fields: { ip: { text: 'Already on the list' } } }]);
    errorsAfterSubmit({ ip: '203.0.113.7' });
    await settle();
    child()!.send({ type: 'CANCEL' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual({ ip: '203.0.113.7', toIp: '' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ ip: { text: 'Already on the list' } });
    expect(actor.getSnapshot().context.values).toEqual({ ip: '203.0.113.7', toIp: '' });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
  });

  expectFullCoverage(coverage);
});
