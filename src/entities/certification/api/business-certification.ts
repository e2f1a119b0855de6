import type { BusinessCertificationValues, BusinessLoaded, CompanyPerson, businessCertificationPayload } from '@machines/certification/business-certification.machine';
import { emptyQuestions, type BusinessUsForm, type ControlType, type GiinMissingReason } from '@machines/certification/business.rules';
import type { TinMissingReason } from '@machines/certification/tax.rules';
import { api, asFormFailure, type MainReply } from '@/shared/api';
import type { Language } from '@/shared/config';
import { loadTaxReferenceTable } from './personal-certification';

/**
 * The business tax self-certification's calls (spec 002 s2, s3, s7): the tax reference
 * table, the certification given before and the company's shareholders and directors, loaded
 * together; the certification sent (the US forms still to give); a signed W-9 or W-8BEN-E.
 */
type Given = NonNullable<MainReply<'businessFatcaCrsCertificationGet'>['certification']>;
type Row = Given['taxIds'][number];

const rowOf = (row: Row) => ({
  countryCode: row.countryCode,
  taxId: row.taxId ?? '',
  tinMissingReason: (row.tinMissingReason ?? null) as TinMissingReason | null,
  tinMissingExplanation: row.tinMissingExplanation ?? '',
});

function valuesOf(given: Given): BusinessCertificationValues {
  const q = given.questions;
  return {
    questions: {
      ...emptyQuestions(),
      ...Object.fromEntries(Object.entries(q).filter(([, value]) => value !== undefined && value !== null)),
      giinMissingReason: (q.giinMissingReason ?? null) as GiinMissingReason | null,
    },
    isUSTaxPayer: given.isUSTaxPayer,
    isDisregardedEntity: given.isDisregardedEntity,
    taxIds: given.taxIds.map(rowOf),
    controllingPersons: given.controllingPersons.map((person) => ({
      firstName: person.firstName,
      lastName: person.lastName,
      dateOfBirth: person.dateOfBirth,
      countryOfBirth: person.countryOfBirth,
      controlType: person.controlType as ControlType,
      taxIds: person.taxIds.map(rowOf),
    })),
  };
}

/**
 * The shareholders who are people and the directors, once each (a shareholder who is also a
 * director is offered once, as a shareholder with the share), numbered for the page.
 */
export function companyPeople(shareholders: MainReply<'businessShareholderList'>['shareholders'], directors: MainReply<'businessDirectorList'>['directors']): CompanyPerson[] {
  const people: Omit<CompanyPerson, 'id'>[] = [];
  const key = (p: { firstName: string; lastName: string; dateOfBirth: string | null }) => `${p.firstName.trim().toLowerCase()} ${p.lastName.trim().toLowerCase()} ${p.dateOfBirth ?? ''}`;
  for (const s of shareholders ?? []) {
    if (s.kind !== 'person' || !s.firstName || !s.lastName) continue;
    people.push({ firstName: s.firstName, lastName: s.lastName, dateOfBirth: s.birthday ?? null, countryOfBirth: s.countryOfBirth ?? null, role: 'shareholder', share: s.share });
  }
  for (const d of directors ?? []) {
    const person = { firstName: d.firstName, lastName: d.lastName, dateOfBirth: d.birthday ?? null, countryOfBirth: d.countryOfBirth ?? null, role: 'director' as const, share: null };
    if (!people.some((p) => key(p) === key(person))) people.push(person);
  }
  return people.map((person, i) => ({ ...person, id: i + 1 }));
}

export async function loadBusinessCertification(language: Language, signal?: AbortSignal): Promise<BusinessLoaded> {
  const options = signal ? { signal } : {};
  const [table, reply, shareholders, directors] = await Promise.all([
    loadTaxReferenceTable(language, signal),
    api().main.call('businessFatcaCrsCertificationGet', {}, options),
    api().main.call('businessShareholderList', {}, options),
    api().main.call('businessDirectorList', {}, options),
  ]);
  return { table, values: reply.certification ? valuesOf(reply.certification) : null, people: companyPeople(shareholders.shareholders, directors.directors) };
}

/** businessFatcaCrsCertificationUpdate: the US forms still to give (status none or rejected). Throws a FormFailure (fields by param). */
export async function sendBusinessCertification(payload: ReturnType<typeof businessCertificationPayload>): Promise<BusinessUsForm[]> {
  return asFormFailure(async () => {
    const reply = await api().main.call('businessFatcaCrsCertificationUpdate', payload);
    return (reply.certification?.documents ?? []).filter((d) => d.kind !== 'selfCertification' && (d.status === 'none' || d.status === 'rejected')).map((d) => d.kind as BusinessUsForm);
  });
}

/** businessWFormUpload: a signed W-9 or W-8BEN-E (the signatory's name, the date). Throws a FormFailure. */
export async function uploadBusinessWForm(kind: BusinessUsForm, signed: { signedName: string; signedDate: string }, file: File): Promise<void> {
  await asFormFailure(() => api().main.upload('businessWFormUpload', { kind, signedName: signed.signedName.trim(), signedDate: signed.signedDate }, file, file.name));
}
