import { fromPromise } from 'xstate';
import { personalRegistrationMachine } from '@machines/registration/personal-registration.machine';
import { checkEmailExists, createAccount } from '@/entities/registration';
import { trackAction } from '@/shared/analytics';

/** The agreements accepted, from the form's `agreement.<id>` values. */
const acceptedAgreements = (values: Record<string, string>) =>
  Object.entries(values)
    .filter(([field, value]) => field.startsWith('agreement.') && value === 'true')
    .map(([field]) => field.slice('agreement.'.length));

/** The personal registration statechart with the app's calls (check email exists, create account) and the funnel's events. */
export const personalRegistrationLogic = personalRegistrationMachine.provide({
  actors: {
    checkEmail: fromPromise(async ({ input, signal }) => checkEmailExists(input.email, signal)),
    createAccount: fromPromise(async ({ input, signal }) => {
      const { values } = input;
      await createAccount(
        {
          captcha: input.captcha,
          requestId: input.requestId,
          registrationType: 'personal',
          ...(input.brand ? { brand: input.brand } : {}),
          person: {
            type: values.registrationType ?? '',
            firstName: (values.firstName ?? '').trim(),
            lastName: (values.lastName ?? '').trim(),
            birthday: values.birthday ?? '',
            email: (values.email ?? '').trim(),
            phone: (values.phone ?? '').trim(),
            countryCode: values.countryCode ?? '',
            city: (values.city ?? '').trim(),
            street: (values.street ?? '').trim(),
            postalCode: (values.postalCode ?? '').trim(),
            ...(values.taxId?.trim() ? { taxId: values.taxId.trim() } : {}),
            sourceOfFunds: values.sourceOfFunds ?? '',
            agreements: acceptedAgreements(values),
            password: values.password ?? '',
          },
        },
        signal,
      );
    }),
  },
  actions: { track: (_, params) => trackAction(params) },
});
