import { fromPromise } from 'xstate';
import { representativeAddressFormMachine } from '@machines/company/company-file-forms';
import { representativeAddressMessages, STATES_FACT } from '@machines/company/company-file-messages';
import type { FormErrors, FormFailure, FormValues } from '@machines/shared/form.machine';
import { createRepresentativeAddress } from '@/entities/company-file';

/** A list's value in the form: one code per line (the rule's shape of the country's states). */
const linesOf = (text: string | undefined): string[] => (text ?? '').split('\n').filter((line) => line.trim() !== '');

/** A new address: every field empty, no country (so no states), no proof chosen. */
export const emptyRepresentativeAddress: FormValues = {
  address1: '',
  address2: '',
  city: '',
  postalCode: '',
  countryCode: '',
  stateCode: '',
  [STATES_FACT]: '',
  documentTypeId: '',
  fileName: '',
  fileType: '',
  fileSize: '',
};

/**
 * The form's values as businessRepresentativeAddressCreate's data part: trimmed, the optional line
 * null when empty, the state only where the chosen country has states, the proof's type a number;
 * with `representativeId` (issue 54) the address of that representative of the company, without it
 * the signed-in user's own.
 */
export function representativeAddressData(values: FormValues, requestId: string, representativeId?: number): Parameters<typeof createRepresentativeAddress>[0] {
  const text = (name: string) => (values[name] ?? '').trim();
  const stateCode = text('stateCode');
  return {
    countryCode: text('countryCode'),
    stateCode: stateCode && linesOf(values[STATES_FACT]).includes(stateCode) ? stateCode : null,
    city: text('city'),
    address1: text('address1'),
    address2: text('address2') || null,
    postalCode: text('postalCode'),
    documentTypeId: Number(text('documentTypeId')),
    ...(representativeId !== undefined ? { representativeId } : {}),
    requestId,
  };
}

/**
 * The service names a problem by its place in the multipart request: the JSON part's fields as
 * they are (or `data.<field>`), the proof as `front`; the form shows the proof's problems at its
 * file (`file`, the rule's name for it).
 */
function atFields(failure: unknown): never {
  if (typeof failure !== 'object' || failure === null || !('fields' in failure)) throw failure;
  const refused = failure as FormFailure;
  const fields: FormErrors = {};
  for (const [param, message] of Object.entries(refused.fields ?? {})) {
    const name = param.startsWith('data.') ? param.slice('data.'.length) : param;
    fields[name === 'front' ? 'file' : name] = message;
  }
  throw { ...refused, fields } satisfies FormFailure;
}

/**
 * The representative's address form statechart with its call (businessRepresentativeAddressCreate
 * with the submit's requestId): the address and the proof's type as the data part, the proof as
 * `front`. The File itself is not a form value (the values say its name, type and size for the
 * rule): `proof` gives the one the view holds for this attempt. It ends with the address as kept.
 * `representativeId`: another representative's address (issue 54), else the signed-in user's.
 */
export function representativeAddressFormLogic(proof: () => File | null, representativeId?: number) {
  return representativeAddressFormMachine.provide({
    actors: {
      submit: fromPromise(async ({ input }) => {
        const file = proof();
        if (!file) throw { fields: { file: { descriptor: representativeAddressMessages.proofRequired } } } satisfies FormFailure;
        return createRepresentativeAddress(representativeAddressData(input.values, input.requestId ?? '', representativeId), file).catch(atFields);
      }),
    },
  });
}
export type RepresentativeAddressFormLogic = ReturnType<typeof representativeAddressFormLogic>;
