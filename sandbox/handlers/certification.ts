import type { Db } from '../db.ts';
import type { HandlerMap } from '../handler-types.ts';
import { TAX_REFERENCE } from '../tax-reference.ts';
import { taxIdProblems, usFormsRequired, type TaxIdRow, type UsForm } from '../../machines/certification/tax.rules.ts';
import { checkedData, type VerificationData } from './verification.ts';
import { documentFileProblem } from '../../machines/verification/verification.rules.ts';

/**
 * Tax self-certification (spec 002 s3 FATCA/CRS certification and Tax reference table, s5 Tax ids,
 * s7; issue 28): the tax reference table, and the personal certification read and sent. The
 * certification lives in the customer's profile (`certification`); its four statuses in the
 * verification data (`certification`), which the verification status and the landing read.
 */
const ok = (body: Record<string, unknown>) => ({ status: 200, body: { responseCode: '00', ...body } });
const refused = (validationErrors: { param: string; description: string }[]) => ({
  status: 200,
  body: { responseCode: 'VF', validationErrors, responseDescription: validationErrors.map((e) => e.description).join(', ') },
});

interface PersonalCertification {
  entityType: 'individual';
  cityOfBirth: string;
  countryOfBirth: string;
  dateOfBirth: string;
  citizenship: string[];
  hasUSIndicia: boolean;
  isUSTaxPayer: boolean;
  taxIds: { countryCode: string; taxId?: string; tinMissingReason?: TaxIdRow['tinMissingReason']; tinMissingExplanation?: string }[];
  documents: { kind: UsForm | 'selfCertification'; documentId: number | null; status: string; url: string | null }[];
}

const STATUS_OF: Record<UsForm | 'selfCertification', keyof VerificationData['certification']> = {
  w9: 'w9FormDocumentStatus',
  w8ben: 'w8BenFormDocumentStatus',
  lossOfNationality: 'certificateOfLossOfNationalityDocumentStatus',
  selfCertification: 'taxResidencySelfCertificationDocumentStatus',
};

function read(db: Db, customerId: number | null): { profile: Record<string, unknown>; data: VerificationData; certification: PersonalCertification | null } {
  const row = db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string };
  const profile = JSON.parse(row.profile) as Record<string, unknown>;
  const data = (profile.verification as VerificationData | undefined) ?? checkedData();
  return { profile, data, certification: (profile.certification as PersonalCertification | undefined) ?? null };
}

const reply = (data: VerificationData, certification: PersonalCertification | null) => ok({ ...data.certification, certification });

const MESSAGES: Record<string, string> = {
  countryRequired: 'Choose the country',
  countryTwice: 'This country is already listed',
  taxIdFormat: 'The tax id has 2 to 40 letters, digits, spaces, dots, slashes or dashes',
  reasonRequired: 'Give the tax id or say why it is missing',
  reasonNotAllowed: 'This country requires a tax id',
  explanationRequired: 'Explain why the tax id cannot be obtained',
  explanationTooLong: 'The explanation is too long',
};

/** A certification document given (a signed W-form, the loss-of-nationality certificate): under review once it is taken. */
function giveDocument(db: Db, customerId: number | null, kind: UsForm, file: { type: string; size: number } | undefined, param: string) {
  const { profile, data, certification } = read(db, customerId);
  const document = certification?.documents.find((d) => d.kind === kind);
  if (!certification || !document || (document.status !== 'none' && document.status !== 'rejected')) return refused([{ param, description: 'This form is not asked for' }]);
  if (!file) return refused([{ param: 'file', description: 'Choose the file' }]);
  const problem = documentFileProblem(file);
  if (problem) return refused([{ param: 'file', description: problem === 'fileType' ? 'The file is not a PDF, JPEG or PNG' : problem === 'empty' ? 'The file is empty' : 'The file is larger than 10 MB' }]);
  const ids = certification.documents.map((d) => d.documentId ?? 0);
  document.documentId = Math.max(9700, ...ids) + 1;
  document.status = 'pending';
  data.certification[STATUS_OF[kind]] = 'pending';
  db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify({ ...profile, verification: data, certification }), customerId);
  return reply(data, certification);
}

export const certificationHandlers: HandlerMap = {
  /** 002 s7 Personal W-form upload: the kind, the name signed, the date, and the signed form. */
  personalWFormUpload: ({ db, customerId, body, files }) => giveDocument(db, customerId, body.kind === 'w9' ? 'w9' : 'w8ben', files.file, 'kind'),

  /** 002 s5: the loss-of-nationality certificate, a form with the document file. */
  lossOfNationalityUpload: ({ db, customerId, files }) => giveDocument(db, customerId, 'lossOfNationality', files.file, 'file'),

  taxReferenceTable: () => ok({ countries: Object.entries(TAX_REFERENCE).map(([countryCode, entry]) => ({ countryCode, ...entry })) }),

  personalFatcaCrsCertificationGet: ({ db, customerId }) => {
    const { data, certification } = read(db, customerId);
    return reply(data, certification);
  },

  /** The same rules as the app's (taxIdProblems); the self-certification goes to review, the US forms it needs wait to be given. */
  personalFatcaCrsCertificationUpdate: ({ db, customerId, body }) => {
    const rows: TaxIdRow[] = (body.taxIds as PersonalCertification['taxIds']).map((t) => ({ countryCode: t.countryCode, taxId: t.taxId ?? '', tinMissingReason: t.tinMissingReason ?? null, tinMissingExplanation: t.tinMissingExplanation ?? '' }));
    const problems = taxIdProblems(rows, TAX_REFERENCE, 'personal').flatMap((row, i) => Object.entries(row).map(([field, problem]) => ({ param: `taxIds[${i}].${field}`, description: MESSAGES[problem!] ?? problem! })));
    if (problems.length > 0) return refused(problems);
    const { profile, data } = read(db, customerId);
    const citizenship = (body.citizenship as string[]).map((c) => c.toUpperCase());
    const forms = usFormsRequired({ isUSTaxPayer: body.isUSTaxPayer === true, hasUSIndicia: body.hasUSIndicia === true, countryOfBirth: String(body.countryOfBirth), citizenship });
    const certification: PersonalCertification = {
      entityType: 'individual',
      cityOfBirth: String(body.cityOfBirth).trim(),
      countryOfBirth: String(body.countryOfBirth),
      dateOfBirth: String(body.dateOfBirth),
      citizenship,
      hasUSIndicia: body.hasUSIndicia === true,
      isUSTaxPayer: body.isUSTaxPayer === true,
      taxIds: body.taxIds as PersonalCertification['taxIds'],
      documents: [
        { kind: 'selfCertification', documentId: null, status: 'pending', url: null },
        ...forms.map((kind) => ({ kind, documentId: null, status: 'none', url: null })),
      ],
    };
    data.certification = {
      taxResidencySelfCertificationDocumentStatus: 'pending',
      w9FormDocumentStatus: forms.includes('w9') ? 'none' : 'notRequired',
      w8BenFormDocumentStatus: forms.includes('w8ben') ? 'none' : 'notRequired',
      certificateOfLossOfNationalityDocumentStatus: forms.includes('lossOfNationality') ? 'none' : 'notRequired',
    };
    for (const document of certification.documents) document.status = data.certification[STATUS_OF[document.kind]];
    db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify({ ...profile, verification: data, certification, selfCertification: 'pending' }), customerId);
    return reply(data, certification);
  },
};
