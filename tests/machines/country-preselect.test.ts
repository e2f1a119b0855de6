// @vitest-environment node
import { createActor } from 'xstate';
import { countryPreselectMachine } from '@machines/shared/country-preselect.machine';
import type { IpInfo } from '@machines/shared/country-preselect.logic';
import { Coverage, expectFullCoverage } from './coverage';

describe('country preselected from ipInfo (statechart)', () => {
  const coverage = new Coverage(countryPreselectMachine);
  const start = () => {
    const applied: string[] = [];
    const actor = createActor(countryPreselectMachine.provide({ actions: { apply: (_, { code }) => void applied.push(code) } }), { inspect: coverage.inspect }).start();
    return { actor, applied, state: () => actor.getSnapshot().value };
  };
  const portugal: IpInfo = { ip: '192.0.2.10', country_code: 'pt', privacy: { vpn: false, proxy: false, tor: false, hosting: false } };
  const offered = ['ES', 'PT', 'RO'];

  it('the answer first, then the list: the field is set once, as the form writes the code', () => {
    const { actor, applied, state } = start();
    actor.send({ type: 'INFO', info: portugal });
    expect(state()).toBe('watching'); // the list is not there yet
    actor.send({ type: 'FIELD', value: '', offered });
    expect([state(), applied]).toEqual(['applied', ['PT']]);
    actor.send({ type: 'FIELD', value: '', offered });
    expect(applied).toEqual(['PT']);
  });

  it('the list first, then the answer', () => {
    const { actor, applied, state } = start();
    actor.send({ type: 'FIELD', value: '', offered });
    expect(state()).toBe('watching');
    actor.send({ type: 'INFO', info: portugal });
    expect([state(), applied]).toEqual(['applied', ['PT']]);
  });

  it('a field with a value (the customer chose first, or the form had one) ends it: the answer comes later and sets nothing', () => {
    const { actor, applied, state } = start();
    actor.send({ type: 'FIELD', value: 'ES', offered });
    expect(state()).toBe('left');
    actor.send({ type: 'INFO', info: portugal });
    actor.send({ type: 'FIELD', value: '', offered });
    expect([state(), applied]).toEqual(['left', []]);
  });

  it('a failed or private answer (VPN) sets nothing, and the field can still be chosen', () => {
    const { actor, applied, state } = start();
    actor.send({ type: 'FIELD', value: '', offered });
    actor.send({ type: 'INFO', info: null });
    actor.send({ type: 'INFO', info: { ...portugal, privacy: { vpn: true } } });
    expect([state(), applied]).toEqual(['watching', []]);
    actor.send({ type: 'FIELD', value: 'RO', offered });
    expect(state()).toBe('left');
  });

  expectFullCoverage(coverage);
});
