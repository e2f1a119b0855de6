// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { normalisePhone, storeLinksFormMachine, storeLinksMessages, validateStoreLinks } from '@machines/auth/store-links.logic';
import { Coverage, expectFullCoverage } from './coverage';

describe('store links form (send the app links to a phone)', () => {
  const coverage = new Coverage(storeLinksFormMachine);
  const settle = () => new Promise((r) => setTimeout(r, 0));

  function start(outcome: 'ok' | 'fail') {
    const sent: string[] = [];
    const actor = createActor(
      storeLinksFormMachine.provide({
        actors: {
          submit: fromPromise<unknown, { values: Record<string, string> }>(async ({ input }) => {
            sent.push(normalisePhone(input.values.phoneNumber ?? ''));
            if (outcome === 'fail') throw { message: { text: 'Too many messages' } };
            return null;
          }),
        },
      }),
      { input: { values: { phoneNumber: '' } }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, sent };
  }

  it('a local number is refused before sending; an international one is sent once, normalised', async () => {
    const { actor, sent } = start('ok');
    actor.send({ type: 'CHANGE', name: 'phoneNumber', value: '0712 345 678' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.phoneNumber).toEqual({ descriptor: storeLinksMessages.phoneInvalid });
    actor.send({ type: 'CHANGE', name: 'phoneNumber', value: '+40 (712) 345-678' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(sent).toEqual(['+40712345678']);
    expect(actor.getSnapshot().matches('submitted')).toBe(true);
    expect(actor.getSnapshot().hasTag('submitted')).toBe(true);
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context.values.phoneNumber).toBe('');
  });

  it('a refusal keeps the number and shows the message', async () => {
    const { actor } = start('fail');
    actor.send({ type: 'CHANGE', name: 'phoneNumber', value: '+40712345678' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.values.phoneNumber).toBe('+40712345678');
    expect(actor.getSnapshot().context.formError).toEqual({ text: 'Too many messages' });
  });

  it.each([
    ['', 'phoneRequired'],
    ['   ', 'phoneRequired'],
    ['+40712345678', null],
    ['+1 (202) 555-0147', null],
    ['+0712345678', 'phoneInvalid'],
    ['40712345678', 'phoneInvalid'],
    ['+40 712', 'phoneInvalid'],
    ['+4071234567890123', 'phoneInvalid'],
  ])('%j → %s (same rule as the contract: ^\\+[1-9]\\d{6,14}$)', (value, expected) => {
    const error = validateStoreLinks({ phoneNumber: value }).phoneNumber;
    expect(error ? Object.entries(storeLinksMessages).find(([, d]) => 'descriptor' in error && d === error.descriptor)?.[0] : null).toBe(expected);
  });

  expectFullCoverage(coverage);
});
