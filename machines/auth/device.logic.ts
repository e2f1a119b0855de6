import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import type { FormErrors, FormValues } from '../shared/form.machine';

/**
 * Registering a device (spec 000 s5/s7: create needs name, code and type, android or ios, nothing
 * more). The client only refuses what is clearly not a device: a blank name or code, lengths beyond
 * a sane bound, another platform. The shape of a pairing code is the server's business (its reply
 * decides). The same rule as `DeviceCreate` in api-schemas/auth.yaml, which the sandbox enforces;
 * tests/unit/device-rule.test.ts runs one table of inputs through both.
 */
export const DEVICE_NAME_MAX = 128;
export const DEVICE_CODE_MAX = 64;

export const deviceMessages = {
  nameRequired: msg`Enter a name for the device.`,
  nameTooLong: msg`Use at most 128 characters.`,
  codeRequired: msg`Enter the pairing code shown in the mobile app.`,
  codeTooLong: msg`This is too long for a pairing code. Check the code shown in the mobile app.`,
  typeRequired: msg`Choose Android or iOS.`,
};

export const deviceCreateSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('nameRequired'), v.maxLength(DEVICE_NAME_MAX, 'nameTooLong')),
  code: v.pipe(v.string(), v.trim(), v.nonEmpty('codeRequired'), v.maxLength(DEVICE_CODE_MAX, 'codeTooLong')),
  type: v.picklist(['android', 'ios'], 'typeRequired'),
});

export type DeviceCreate = v.InferOutput<typeof deviceCreateSchema>;

export function validateDevice(values: FormValues): FormErrors {
  const result = v.safeParse(deviceCreateSchema, values);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as string | undefined;
    const key = issue.message as keyof typeof deviceMessages;
    if (field && !errors[field]) errors[field] = { descriptor: deviceMessages[key] ?? deviceMessages.nameRequired };
  }
  return errors;
}

/** The payload the API gets: trimmed, typed. Call only with values `validateDevice` accepted. */
export function toDeviceCreate(values: FormValues): DeviceCreate {
  return v.parse(deviceCreateSchema, values);
}
