// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { profileUpdateMachine, type ProfileUpdateEvent } from '@machines/verification/profile-update.machine';
import type { KycCustomerInfo, PersonalInfoPayload } from '@machines/verification/kyc.rules';
import { Coverage, expectFullCoverage } from './coverage';

/**
 * /profile-update (spec 002 s2, s3 isNeedPersonalInfoUpdate): the personal data read,
 * checked with the KYC rules, saved; a refusal by param and a failure keep the values; a load
 * failure offers a retry; saved hands over to the page.
 */
const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const info: KycCustomerInfo = {
  firstName: 'Ana',
  lastName: 'Demo',
  birthDay: '1990-04-12',
  residenceCountryCode: 'US',
  address: { countryCode: 'US', stateCode: null, city: 'Albany', street: 'State Street 1', postalCode: '12207' },
  occupationId: null,
  sourceOfFundsId: null,
  purposeOfAccountId: null,
  estimatedMonthlyDepositId: null,
};

describe('profile update statechart (002 s2)', () => {
  const coverage = new Coverage(profileUpdateMachine);

  function run(load: ({ ok: KycCustomerInfo | null } | { fail: unknown })[], save: ({ ok: unknown } | { fail: unknown })[]) {
    const sent: PersonalInfoPayload[] = [];
    let updated = 0;
    const next = <T>(queue: ({ ok: T } | { fail: unknown })[]): Promise<T> => {
      const outcome = queue.shift();
      if (!outcome) return new Promise<T>(() => {});
      return 'ok' in outcome ? Promise.resolve(outcome.ok) : Promise.reject(outcome.fail);
    };
    const actor = createActor(
      profileUpdateMachine.provide({
        actors: {
          load: fromPromise<KycCustomerInfo | null>(() => next(load)),
          save: fromPromise<unknown, PersonalInfoPayload>(({ input }) => {
            sent.push(input);
            return next(save);
          }),
        },
        actions: { profileUpdated: () => void (updated += 1) },
      }),
      { input: { today: '2026-11-24' }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { send: (e: ProfileUpdateEvent) => actor.send(e), snap: () => actor.getSnapshot(), sent, updated: () => updated };
  }

  it('load fails, retried; a state is needed; refused by param, then a failure, then saved', async () => {
    const { send, snap, sent, updated } = run(
      [{ fail: new Error('offline') }, { ok: info }],
      [{ fail: { fields: { 'address.postalCode': { text: 'Unknown postal code' } }, message: { text: 'Unknown postal code' } } }, { fail: new Error('bug') }, { ok: {} }],
    );
    await settle();
    expect(snap().hasTag('loadFailed')).toBe(true);
    send({ type: 'RETRY' });
    await settle();
    expect(snap().hasTag('editing')).toBe(true);
    expect(snap().context.values['address.city']).toBe('Albany');
    send({ type: 'STATES', codes: ['CA', 'NY'] });
    send({ type: 'SUBMIT' });
    expect(snap().context.shown).toBe(true);
    expect(snap().context.attempts).toBe(1);
    expect(sent).toEqual([]);
    send({ type: 'CHANGE', field: 'address.stateCode', value: 'NY' });
    send({ type: 'SUBMIT' });
    expect(snap().hasTag('busy')).toBe(true);
    await settle();
    expect(snap().context.serverErrors).toEqual({ 'address.postalCode': { text: 'Unknown postal code' } });
    expect(snap().context.failure).toBeNull();
    send({ type: 'CHANGE', field: 'address.postalCode', value: '12210' });
    expect(snap().context.serverErrors).toEqual({});
    send({ type: 'SUBMIT' });
    await settle();
    expect(snap().context.failure).toEqual({ descriptor: expect.anything() });
    expect(snap().context.values['address.postalCode']).toBe('12210');
    send({ type: 'SUBMIT' });
    await settle();
    expect(snap().hasTag('saved')).toBe(true);
    expect(sent.at(-1)).toEqual({
      firstName: 'Ana',
      lastName: 'Demo',
      birthDay: '1990-04-12',
      residenceCountryCode: 'US',
      address: { countryCode: 'US', stateCode: 'NY', city: 'Albany', street: 'State Street 1', postalCode: '12210' },
    });
    expect(updated()).toBe(1);
  });

  expectFullCoverage(coverage);
});
