import type { Loaded, PersonalCertificationValues, personalCertificationPayload } from '@machines/certification/personal-certification.machine';
import type { TaxReferenceTable, TinMissingReason, UsForm } from '@machines/certification/tax.rules';
import { api, asFormFailure, type MainReply } from '@/shared/api';
import type { Language } from '@/shared/config';

/**
 * The personal tax self-certification's calls (spec 002 s3, s7): the tax reference table
 * (a public list in the interface language) and the certification given before, loaded together;
 * the certification sent, answering the US forms still to give.
 */
export async function loadTaxReferenceTable(language: Language, signal?: AbortSignal): Promise<TaxReferenceTable> {
  const { countries } = await api().main.call('taxReferenceTable', { lang: language }, signal ? { signal } : {});
  return Object.fromEntries((countries ?? []).map(({ countryCode, ...entry }) => [countryCode, entry]));
}

type GivenPersonal = NonNullable<MainReply<'personalFatcaCrsCertificationGet'>['certification']>;

/** A certification given before, as the form holds it. */
function personalValuesOf(given: GivenPersonal): PersonalCertificationValues {
  return {
    cityOfBirth: given.cityOfBirth,
    countryOfBirth: given.countryOfBirth,
    dateOfBirth: given.dateOfBirth,
    citizenship: [...given.citizenship],
    hasUSIndicia: given.hasUSIndicia,
    isUSTaxPayer: given.isUSTaxPayer,
    taxIds: given.taxIds.map((row) => ({
      countryCode: row.countryCode,
      taxId: row.taxId ?? '',
      tinMissingReason: (row.tinMissingReason ?? null) as TinMissingReason | null,
      tinMissingExplanation: row.tinMissingExplanation ?? '',
    })),
  };
}

/** The US forms a reply's certification still asks for (status none or rejected). */
const formsStillNeeded = (reply: MainReply<'personalFatcaCrsCertificationUpdate'>): UsForm[] =>
  (reply.certification?.documents ?? []).filter((d) => d.kind !== 'selfCertification' && (d.status === 'none' || d.status === 'rejected')).map((d) => d.kind as UsForm);

export async function loadPersonalCertification(language: Language, signal?: AbortSignal): Promise<Loaded> {
  const options = signal ? { signal } : {};
  const [table, reply] = await Promise.all([loadTaxReferenceTable(language, signal), api().main.call('personalFatcaCrsCertificationGet', {}, options)]);
  return { table, values: reply.certification ? personalValuesOf(reply.certification) : null };
}

/** personalFatcaCrsCertificationUpdate: the US forms still to give (status none). Throws a FormFailure (fields by param). */
export async function sendPersonalCertification(payload: ReturnType<typeof personalCertificationPayload>): Promise<UsForm[]> {
  return asFormFailure(async () => formsStillNeeded(await api().main.call('personalFatcaCrsCertificationUpdate', payload)));
}

/** personalWFormUpload: a signed W-9 or W-8BEN (the name signed, the date). Throws a FormFailure. */
export async function uploadWForm(kind: 'w9' | 'w8ben', signed: { signedName: string; signedDate: string }, file: File): Promise<void> {
  await asFormFailure(() => api().main.upload('personalWFormUpload', { kind, signedName: signed.signedName.trim(), signedDate: signed.signedDate }, file, file.name));
}

/** lossOfNationalityUpload: the certificate of loss of US nationality (a form with the file, 002 s5). Throws a FormFailure. */
export async function uploadLossOfNationality(file: File, issuedDate: string | null = null): Promise<void> {
  await asFormFailure(() => api().main.upload('lossOfNationalityUpload', issuedDate ? { issuedDate } : {}, file, file.name));
}

/**
 * A company representative's own certification through their link (002 s2
 * /self-certification-representative): representativeFatcaCrsCertificationGet with the held
 * authSecret (the request rules add it), the table, and who certifies for which company.
 */
export async function loadRepresentativeCertification(language: Language, signal?: AbortSignal): Promise<Loaded> {
  const options = signal ? { signal } : {};
  const [table, reply] = await Promise.all([loadTaxReferenceTable(language, signal), api().main.call('representativeFatcaCrsCertificationGet', {}, options)]);
  return { table, values: reply.certification ? personalValuesOf(reply.certification) : null, certifying: reply.representative ?? null };
}

/** representativeFatcaCrsCertificationUpdate: the US forms the company will collect. Throws a FormFailure (fields by param). */
export async function sendRepresentativeCertification(payload: ReturnType<typeof personalCertificationPayload>): Promise<UsForm[]> {
  return asFormFailure(async () => formsStillNeeded(await api().main.call('representativeFatcaCrsCertificationUpdate', payload)));
}
