// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { loadContract } from '../../sandbox/contract.ts';
import { validateDevice, toDeviceCreate } from '@machines/auth/device.logic';

/**
 * One rule on both sides (spec 000 s5: create needs name, code and type, android or ios): the
 * form's valibot rule and the contract's DeviceCreate schema, which the sandbox enforces, must
 * agree on every input of this table.
 */
const { ajv } = loadContract(fileURLToPath(new URL('../../api-schemas/', import.meta.url)));
const contract = ajv.getSchema('auth.json#/components/schemas/DeviceCreate')!;

const table: [string, Record<string, string>, boolean][] = [
  ['a valid android device', { name: 'Work phone', code: '123456', type: 'android' }, true],
  ['a valid ios device', { name: 'iPad', code: '000000', type: 'ios' }, true],
  ['128 characters', { name: 'x'.repeat(128), code: '123456', type: 'ios' }, true],
  ['a 5-digit code (the server decides)', { name: 'A', code: '12345', type: 'ios' }, true],
  ['letters and a dash in the code (the server decides)', { name: 'A', code: 'AB-12c', type: 'ios' }, true],
  ['a 64-character code', { name: 'A', code: '7'.repeat(64), type: 'android' }, true],
  ['empty name', { name: '', code: '123456', type: 'ios' }, false],
  ['spaces only', { name: '    ', code: '123456', type: 'ios' }, false],
  ['129 characters', { name: 'x'.repeat(129), code: '123456', type: 'ios' }, false],
  ['empty code', { name: 'A', code: '', type: 'ios' }, false],
  ['a code of spaces', { name: 'A', code: '   ', type: 'ios' }, false],
  ['a 65-character code', { name: 'A', code: '7'.repeat(65), type: 'ios' }, false],
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
