import type { I18n } from '@lingui/core';
import type { ActorRefFrom } from 'xstate';
import type { businessWizardMachine } from '@machines/registration/business-wizard.machine';
import type { BusinessDraft, FieldErrors, RegistrationPerson } from '@machines/registration/registration-draft';
import type { Industry } from '@machines/registration/registration.rules';
import { FIELD_PROBLEMS } from './wizard-texts';

export type BusinessWizardActor = ActorRefFrom<typeof businessWizardMachine>;

interface IdName {
  id: string;
  name: string;
}

/** The lists the wizard's steps choose from (002 s3 Reference lists), in the interface language. */
export interface WizardLists {
  /** The brand's business registration types (002 s1). */
  businessTypes: readonly string[];
  countries: readonly { code: string; name: string }[];
  currencies: readonly { code: string; name: string }[];
  industries: readonly Industry[];
  /** The brand shows adult-industry options (002 s1). */
  adultIndustry: boolean;
  sourcesOfFunds: readonly IdName[];
  /** A person's sources of funds (employee sources of funds). */
  personSources: readonly IdName[];
  purposes: readonly IdName[];
  deposits: readonly IdName[];
  /** Loaded lazily, when a user's rights are chosen: null until then. */
  accessRights: readonly { value: number; name: string }[] | null;
}

/** A field's error text, or nothing. */
export const errorText = (i18n: I18n, errors: FieldErrors, field: string): string | null => {
  const problem = errors[field];
  return problem ? i18n._(FIELD_PROBLEMS[problem]) : null;
};

/** A person's name as listed (or a placeholder until one is typed). */
export const personName = (person: RegistrationPerson | undefined, unnamed: string): string => {
  const name = `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim();
  return name || unnamed;
};

/** The name of the company a part of the tree belongs to (the one registered, or a company shareholder). */
export const companyName = (draft: BusinessDraft, parent: string, unnamed: string): string =>
  (parent === 'root' ? draft.generalForm.name : draft.companies[parent]?.name)?.trim() || unnamed;
