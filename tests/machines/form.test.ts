// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { deviceFormMachine, emptyDeviceForm } from '@machines/auth/device-form.machine';
import { deviceMessages } from '@machines/auth/device.logic';
import { formMessages, type FormFailure } from '@machines/shared/form.machine';
import { Coverage, expectFullCoverage } from './coverage';

describe('form machine (as the device registration form)', () => {
  const coverage = new Coverage(deviceFormMachine);

  function start(submit: (values: Record<string, string>) => Promise<unknown>) {
    const submitted = vi.fn();
    const calls: Record<string, string>[] = [];
    const actor = createActor(
      deviceFormMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            calls.push(input.values);
            return submit(input.values);
          }),
        },
        actions: { submitted },
      }),
      { input: { values: emptyDeviceForm }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const fill = (values: Record<string, string>) => {
      for (const [name, value] of Object.entries(values)) actor.send({ type: 'CHANGE', name, value });
    };
    return { actor, submitted, calls, fill };
  }

  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('invalid values never reach the server; each field gets its error; editing a field clears its error', () => {
    const { actor, calls, fill } = start(async () => ({}));
    fill({ name: '  ', code: '   ' });
    actor.send({ type: 'SUBMIT' });
    const { errors, attempts } = actor.getSnapshot().context;
    expect(errors).toEqual({
      name: { descriptor: deviceMessages.nameRequired },
      code: { descriptor: deviceMessages.codeRequired },
      type: { descriptor: deviceMessages.typeRequired },
    });
    expect(attempts).toBe(1);
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().hasTag('submitted')).toBe(false);
    fill({ code: '123456' });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['name', 'type']);
    expect(actor.getSnapshot().context.values).toEqual({ name: '  ', code: '123456', type: '' });
  });

  it('valid values are submitted once, however often SUBMIT is pressed', async () => {
    let release: (v: unknown) => void = () => {};
    const { actor, calls, fill, submitted } = start(() => new Promise((r) => (release = r)));
    fill({ name: 'Tablet', code: '123456', type: 'ios' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    release({ id: 'dev-1' });
    await settle();
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().matches('submitted')).toBe(true);
    expect(actor.getSnapshot().hasTag('submitted')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.result).toEqual({ id: 'dev-1' });
    expect(submitted).toHaveBeenCalledTimes(1);
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context.values).toEqual(emptyDeviceForm);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().hasTag('submitted')).toBe(false);
  });

  it('a server failure keeps the values and shows field errors and the message', async () => {
    const failure: FormFailure = { fields: { code: { text: 'A device with this pairing code is already registered' } }, message: { text: 'Check the form' } };
    const { actor, fill } = start(async () => {
      throw failure;
    });
    fill({ name: 'Tablet', code: '123456', type: 'android' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    const { values, errors, formError } = actor.getSnapshot().context;
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(values).toEqual({ name: 'Tablet', code: '123456', type: 'android' });
    expect(errors).toEqual(failure.fields);
    expect(formError).toEqual(failure.message);
  });

  it('an unexpected failure (a bug, not a reply) shows the generic message, never the exception text', async () => {
    const { actor, fill } = start(async () => {
      throw new TypeError('x is undefined');
    });
    fill({ name: 'Tablet', code: '123456', type: 'android' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(actor.getSnapshot().context.formError).toEqual({ descriptor: formMessages.unexpected });
  });

  it('a submit sent again with the same values keeps its requestId (a lost reply is not a second write); other values, or RESET, are a new intent', async () => {
    const ids: string[] = [];
    let fail = true;
    const actor = createActor(
      deviceFormMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            ids.push(input.requestId!);
            if (fail) throw { message: { text: 'Server is not available' } } satisfies FormFailure;
            return 'ok';
          }),
        },
      }),
      { input: { values: emptyDeviceForm }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    for (const [name, value] of Object.entries({ name: 'Tablet', code: '123456', type: 'ios' })) actor.send({ type: 'CHANGE', name, value });
    actor.send({ type: 'SUBMIT' });
    await settle();
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    actor.send({ type: 'CHANGE', name: 'name', value: 'Tablet 2' });
    fail = false;
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(ids[2]).not.toBe(ids[1]);
    expect(actor.getSnapshot().hasTag('submitted')).toBe(true);
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context.requestId).not.toBe(ids[2]);
    expect(actor.getSnapshot().context.sentValues).toBeNull();
  });

  expectFullCoverage(coverage);
});
