import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import type { FormErrors, FormValues } from '../shared/form.machine';
import { createFormMachine } from '../shared/form.machine';

/**
 * "Send the app links to my phone" on /scp-mobile (POST /auth/stores-urls/send, phoneNumber).
 * International format, as the contract's pattern (^\+[1-9]\d{6,14}$); spaces, dots, dashes and
 * brackets the user types are removed first.
 */
export const storeLinksMessages = {
  phoneRequired: msg`Enter your mobile number.`,
  phoneInvalid: msg`Enter the number in international format, starting with + and the country code, like +40 712 345 678.`,
};

export const normalisePhone = (value: string) => value.replace(/[\s().-]/g, '');

const phoneSchema = v.pipe(v.string(), v.transform(normalisePhone), v.nonEmpty('phoneRequired'), v.regex(/^\+[1-9]\d{6,14}$/, 'phoneInvalid'));

export function validateStoreLinks(values: FormValues): FormErrors {
  const result = v.safeParse(phoneSchema, values.phoneNumber ?? '');
  if (result.success) return {};
  const key = result.issues[0]?.message as keyof typeof storeLinksMessages;
  return { phoneNumber: { descriptor: storeLinksMessages[key] ?? storeLinksMessages.phoneInvalid } };
}

export const storeLinksFormMachine = createFormMachine('storeLinksForm', validateStoreLinks);
