// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { blacklistAddFormMachine } from '@machines/settings/blacklist-add.machine';
import { securityListMessages } from '@machines/settings/security-lists-messages';
import type { FormFailure, FormValues } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 8) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const m = securityListMessages;
const START: FormValues = { email: '', blockType: '', own: 'ana@example.com\nAna.Lima@Example.com', listed: 'boris@example.com\n\n' };

/**
 * The add-to-blacklist popup (issue 50): the form statechart with the blacklist rule (001 s5 the
 * e-mail; not one's own, not listed already, both without case; a block type of the three); only
 * valid values are sent, once per requestId; a refusal keeps what was typed.
 */
describe('blacklist add form statechart', () => {
  const coverage = new Coverage(blacklistAddFormMachine);

  function run(outcomes: ('ok' | FormFailure)[] = []) {
    const sent: { values: FormValues; requestId?: string }[] = [];
    const submitted: unknown[] = [];
    const actor = createActor(
      blacklistAddFormMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            sent.push(input);
            const next = outcomes.shift() ?? 'ok';
            if (next !== 'ok') throw next;
            return { id: 9 };
          }),
        },
        actions: { submitted: () => void submitted.push(true) },
      }),
      { input: { values: START }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const type = (values: FormValues) => Object.entries(values).forEach(([name, value]) => actor.send({ type: 'CHANGE', name, value }));
    const errorsAfterSubmit = (values: FormValues) => {
      type(values);
      actor.send({ type: 'SUBMIT' });
      return actor.getSnapshot().context.errors;
    };
    return { actor, sent, submitted, type, errorsAfterSubmit };
  }

  it('each field error in words; nothing sent while one remains', async () => {
    const { actor, sent, errorsAfterSubmit } = run();
    expect(errorsAfterSubmit({})).toEqual({ email: { descriptor: m.emailRequired }, blockType: { descriptor: m.blockTypeRequired } });
    expect(actor.getSnapshot().context.attempts).toBe(1);
    expect(errorsAfterSubmit({ email: '   ', blockType: 'p2p' })).toEqual({ email: { descriptor: m.emailRequired } });
    expect(errorsAfterSubmit({ email: 'a@b.c' })).toEqual({ email: { descriptor: m.emailFormat } }); // not longer than 5
    expect(errorsAfterSubmit({ email: 'boris example.com' })).toEqual({ email: { descriptor: m.emailFormat } });
    expect(errorsAfterSubmit({ email: 'boris@examplecom' })).toEqual({ email: { descriptor: m.emailFormat } });
    expect(errorsAfterSubmit({ email: 'ANA@example.com' })).toEqual({ email: { descriptor: m.emailOwn } });
    expect(errorsAfterSubmit({ email: ' ana.lima@example.COM ' })).toEqual({ email: { descriptor: m.emailOwn } });
    expect(errorsAfterSubmit({ email: 'Boris@Example.com' })).toEqual({ email: { descriptor: m.emailListed } });
    expect(errorsAfterSubmit({ email: 'carol@example.com', blockType: 'everything' })).toEqual({ blockType: { descriptor: m.blockTypeRequired } });
    expect(actor.getSnapshot().context.attempts).toBe(9);
    // A changed field clears its own error only.
    errorsAfterSubmit({ email: '', blockType: '' });
    actor.send({ type: 'CHANGE', name: 'email', value: 'c' });
    expect(actor.getSnapshot().context.errors).toEqual({ blockType: { descriptor: m.blockTypeRequired } });
    await settle();
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('valid values are sent once with a requestId; submitted keeps the result; RESET starts a new entry', async () => {
    const { actor, sent, submitted, type } = run();
    type({ email: 'carol@example.com', blockType: 'all' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'SUBMIT' }); // ignored while sending
    await settle();
    expect(sent).toEqual([{ values: { ...START, email: 'carol@example.com', blockType: 'all' }, requestId: expect.any(String) }]);
    expect(submitted).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(actor.getSnapshot().hasTag('submitted')).toBe(true);
    expect(actor.getSnapshot().context.result).toEqual({ id: 9 });
    const firstId = actor.getSnapshot().context.requestId;
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual(START);
    expect(actor.getSnapshot().context.result).toBeNull();
    expect(actor.getSnapshot().context.requestId).not.toBe(firstId);
  });

  it('a refusal with field errors keeps the values; the same values sent again keep the requestId, changed ones get a new one', async () => {
    const { actor, sent, type } = run([{ fields: { email: { text: 'This e-mail cannot be blocked' } } }, { message: { text: 'Try later' } }]);
    type({ email: 'carol@example.com', blockType: 'mass' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ email: { text: 'This e-mail cannot be blocked' } });
    expect(actor.getSnapshot().context.formError).toBeNull();
    expect(actor.getSnapshot().context.values).toMatchObject({ email: 'carol@example.com', blockType: 'mass' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.formError).toEqual({ text: 'Try later' });
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    type({ blockType: 'p2p' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toHaveLength(3);
    expect(sent[2]!.requestId).not.toBe(sent[0]!.requestId);
    expect(actor.getSnapshot().value).toBe('submitted');
  });

  expectFullCoverage(coverage);
});
