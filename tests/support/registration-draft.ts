import { emptyBusinessDraft, emptyCompany, emptyPerson, WIZARD_STEPS, type BusinessDraft, type Holder, type RegistrationCompany, type RegistrationPerson } from '@machines/registration/registration-draft';

/** The registration tests' fixtures: a German company, its people and a draft with everything right. */
export const TODAY = '2026-11-26';
export const address = { countryCode: 'DE', city: 'Berlin', street: 'Unter den Linden 1', postalCode: '10117' };
export const general: Record<string, string> = {
  businessType: 'others',
  name: 'Acme GmbH',
  tradingName: '',
  registrationCountryCode: 'DE',
  registrationNumber: 'HRB 1',
  registrationDate: '2020-01-02',
  email: 'info@acme.example',
  phone: '+49 30 123456',
  website: '',
  industry: 'software',
};
export const person = (id: string, over: Partial<RegistrationPerson> = {}): RegistrationPerson => ({
  ...emptyPerson(id),
  firstName: 'Ana',
  lastName: `Person ${id}`,
  birthday: '1980-05-05',
  email: `${id}@acme.example`,
  address: { ...address },
  ...over,
});
/** A person shareholder with the details for one source of funds. */
export const withDetails = (id: string, over: Partial<RegistrationPerson> = {}) => person(id, { sourceOfFunds: ['salary'], sourceDetails: { salary: 'Employed since 2010' }, ...over });
export const company = (id: string, over: Partial<RegistrationCompany> = {}): RegistrationCompany => ({
  ...emptyCompany(id),
  name: `Company ${id}`,
  country: 'DE',
  number: `HRB ${id}`,
  date: '2015-03-04',
  address: { ...address },
  ...over,
});
export const holder = (kind: Holder['kind'], id: string, share: string): Holder => ({ kind, id, share });

/** A draft with everything right: p1 is the director, the only shareholder (30 %, with source details) and the first user (full access, e-mail free). */
export function completeDraft(over: Partial<BusinessDraft> = {}): BusinessDraft {
  return {
    ...emptyBusinessDraft(),
    finished: WIZARD_STEPS.filter((s) => s !== 'summary'),
    generalForm: { ...general },
    financialInfoForm: { sourcesOfFunds: ['revenue'], purposesOfAccount: ['payroll'], estimatedMonthlyDeposit: '10k', currencies: ['EUR'] },
    dueDilligenceForm: { answers: { anotherAccount: 'false', controlAccount: '1' } },
    legalForm: { address: { ...address }, agreements: ['terms'] },
    root: { directors: ['p1'], shareholders: [holder('person', 'p1', '30')] },
    persons: { p1: withDetails('p1', { isUser: true, accessRights: 2, emailState: 0 }) },
    companies: {},
    ...over,
  };
}
