import type { BusinessDraft } from '@machines/registration/registration-draft';
import type { EmailState } from '@machines/registration/registration.rules';
import type { FormFailure } from '@machines/shared/form.machine';
import { api, asUiMessage, toFormFailure, toUiMessage, type MainSchemas } from '@/shared/api';

/**
 * Registration's calls (002 s3, s4, s5, s7): check email exists and create account, both
 * public (no sign-in). Neither opens the automatic error popup: they are the registration
 * statecharts' actors (never mutations), and each form shows its errors where they belong.
 */

/**
 * Check email exists: 0 free, 1 exists, 3 employee. Throws (a UiMessage) when the call fails or
 * the reply does not say: the statechart's "cannot tell" (-1).
 */
export async function checkEmailExists(email: string, signal?: AbortSignal): Promise<EmailState> {
  const state = await asUiMessage(async () => (await api().main.call('checkEmailExists', { email: email.trim() }, signal ? { signal } : {})).emailState);
  if (state === 0 || state === 1 || state === 3) return state;
  throw toUiMessage(new Error('No e-mail state in the reply'));
}

/** The personal form as create account carries it (`type`: one of the brand's personal registration types). */
export type PersonalRegistration = Omit<MainSchemas['PersonalRegistration'], 'type'> & { type: string };

interface CreateAccountBase {
  /** The captcha widget's token. */
  captcha: string;
  /** One per registration intent (a retried submit creates one account). */
  requestId: string;
  /** The brand registered with (brands/<id>); the service's default when absent. */
  brand?: string;
}

export type CreateAccountRequest =
  | (CreateAccountBase & { registrationType: 'personal'; person: PersonalRegistration })
  | (CreateAccountBase & { registrationType: 'business'; business: BusinessDraft });

/** The wizard's draft as the contract carries it: the people without their client-side e-mail state (rights not chosen are left out). */
export function toBusinessRegistration(draft: BusinessDraft): MainSchemas['BusinessRegistration'] {
  const persons = Object.fromEntries(
    Object.entries(draft.persons).map(([id, { emailState: _state, accessRights, ...person }]) => [id, { ...person, ...(accessRights === null ? {} : { accessRights }) }]),
  );
  return { ...draft, persons };
}

/**
 * A refusal's field by its `param`, as the form names it: `person.email` → `email` (the personal
 * form's field), `business.persons.p1.email` → `persons.p1.email` (the draft's path); `captcha` as it is.
 */
export const registrationField = (param: string): string => param.replace(/^(person|business)\./, '');

/** A failed create account as the form shows it: field errors by param (VF), else one message. */
export function createAccountFailure(error: unknown): FormFailure {
  const failure = toFormFailure(error);
  if (!failure.fields) return failure;
  const fields: NonNullable<FormFailure['fields']> = {};
  for (const [param, message] of Object.entries(failure.fields)) {
    const field = registrationField(param);
    if (!fields[field]) fields[field] = message;
  }
  return { ...failure, fields };
}

/**
 * Create account (sent with the captcha; the payload is the personal form or the registration
 * draft). Resolves with the new customer's id (the customer is not activated yet: the activation
 * e-mail went to the address given); throws a FormFailure otherwise.
 */
export async function createAccount(request: CreateAccountRequest, signal?: AbortSignal): Promise<{ customerId: number }> {
  const base = { captcha: request.captcha, requestId: request.requestId, ...(request.brand ? { brand: request.brand } : {}) };
  try {
    const { customerId } = await api().main.call(
      'createAccount',
      request.registrationType === 'personal'
        ? { ...base, registrationType: 'personal', person: { ...request.person, type: request.person.type as MainSchemas['PersonalRegistrationType'] } }
        : { ...base, registrationType: 'business', business: toBusinessRegistration(request.business) },
      signal ? { signal } : {},
    );
    if (customerId === undefined) throw new Error('No customer id in the reply');
    return { customerId };
  } catch (error) {
    throw createAccountFailure(error);
  }
}
