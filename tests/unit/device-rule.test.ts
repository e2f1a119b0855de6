// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { loadContract } from '../../sandbox/contract.ts';
import { validateDevice, toDeviceCreate } from '@machines/auth/device.logic';

/**
 * One rule on both sides (spec 000 s7: create needs name, code and type, android or ios): the
 * form's valibot rule and the contract's DeviceCreate schema, which the sandbox enforces, must
 * agree on every input of this table.
 */
const { ajv } = loadContract(fileURLToPath(new URL('../../api-schemas/', import.meta.url)));
const contract = ajv.getSchema('auth.json#/components/schemas/DeviceCreate')!;

const table: [string, Record<string, string>, boolean][] = [
  ['a valid android device', { name: 'Work phone', code: '123456', type: 'android' }, true],
  ['a valid ios device', { name: 'iPad', code: '000000', type: 'ios' }, true],
  ['64 characters', { name: 'x'.repeat(64), code: '123456', type: 'ios' }, true],
  ['empty name', { name: '', code: '123456', type: 'ios' }, false],
  ['spaces only', { name: '    ', code: '123456', type: 'ios' }, false],
  ['65 characters', { name: 'x'.repeat(65), code: '123456', type: 'ios' }, false],
  ['5-digit code', { name: 'A', code: '12345', type: 'ios' }, false],
  ['7-digit code', { name: 'A', code: '1234567', type: 'ios' }, false],
  ['letters in the code', { name: 'A', code: '12a456', type: 'ios' }, false],
  ['empty code', { name: 'A', code: '', type: 'ios' }, false],
  ['no platform', { name: 'A', code: '123456', type: '' }, false],
  ['another platform', { name: 'A', code: '123456', type: 'windows' }, false],
];

describe('device registration rule: the form and the contract agree', () => {
  it.each(table)('%s → %s', (_name, values, valid) => {
    const formAccepts = Object.keys(validateDevice(values)).length === 0;
    expect(formAccepts).toBe(valid);
    // What the form sends (trimmed) is what the contract judges.
    const sent = formAccepts ? toDeviceCreate(values) : values;
    expect(contract(sent)).toBe(valid);
  });

  it('the payload is trimmed', () => {
    expect(toDeviceCreate({ name: '  Tablet ', code: ' 123456 ', type: 'ios' })).toEqual({ name: 'Tablet', code: '123456', type: 'ios' });
  });
});
