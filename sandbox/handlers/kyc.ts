import type { Db } from '../db.ts';
import type { HandlerContext, HandlerMap, HandlerReply } from '../handler-types.ts';
import { COUNTRIES, ESTIMATED_MONTHLY_DEPOSITS, OCCUPATIONS, PERSONAL_PURPOSES, PERSONAL_SOURCES_OF_FUNDS, statesOf } from '../reference-lists.ts';
import { documentFileProblem } from '../../machines/verification/verification.rules.ts';
import { typeBorneOut } from '../kernel/file-kinds.ts';
import {
  DUE_DILIGENCE_DOCUMENT_TYPES,
  dueDiligenceDocumentsNeeded,
  dueDiligenceRequirements,
  KYC_QUESTION_FIELDS,
  personalInfoProblems,
  type DueDiligenceDocument,
  type KycQuestionField,
  type KycRequest,
  type KycStepKind,
  type PersonalInfoField,
  type PersonalInfoValues,
} from '../../machines/verification/kyc.rules.ts';
import { verificationOf } from './verification.ts';
import { ok, vfDescribed } from '../kernel/replies.ts';

/**
 * KYC and the personal information update (spec 002 s2 /kyc and /profile-update, s3, s7).
 * A customer's KYC state lives in its profile (reset with the seed):
 *
 * - `kyc.request`: the request the compliance team opened (sandbox/seed.ts `kyc` of a demo user):
 *   the steps in order, each done or not, and the due diligence level it asks for. Each write marks
 *   its step done (kycInfoUpdate questions; kycCustomerPersonalInfoUpdate personalInfo;
 *   customerJumioDocumentCreate dueDiligence once every required document is sent — waiting for
 *   review is enough); the identity step is marked by the identity check's approval
 *   (`markKycStepDone(db, customerId, 'identity')`). When every step is done the request is
 *   submitted, KYC is no longer needed (customer info and access info say so) and
 *   `verification.changed` goes out on the realtime channel.
 * - `kycAnswers`, `kycInfo`: the answers and the personal data given (names in the customer's row).
 * - `dueDiligenceUploads`: the due diligence documents sent, by type (absent: the level's documents
 *   were given long ago, confirmed).
 * - `needPersonalInfoUpdate`: the personal information update request (/profile-update), cleared by
 *   kycCustomerPersonalInfoUpdate.
 */

export type DemoKyc = { steps: readonly KycStepKind[]; dueDiligenceLevel?: 1 | 4 | null };

interface KycState {
  request: KycRequest;
}
interface Upload {
  documentId: number;
  statusId: number;
}
type Profile = Record<string, unknown> & {
  kyc?: KycState;
  kycAnswers?: Record<KycQuestionField, string>;
  kycInfo?: { birthDay: string; residenceCountryCode: string; address: { countryCode: string; stateCode: string | null; city: string; street: string; postalCode: string } };
  dueDiligenceUploads?: Record<string, Upload>;
  jumioDocuments?: (Upload & { documentTypeId: number })[];
  needKyc?: boolean;
  needPersonalInfoUpdate?: boolean;
  dueDiligenceLevel?: number;
  birthday?: string;
  residenceCountryCode?: string;
};

/** The names the service gives the due diligence documents (002 s3 categories: 11 source of wealth; 2's bank statement). */
const DUE_DILIGENCE_NAMES: Record<number, string> = {
  [DUE_DILIGENCE_DOCUMENT_TYPES.sourceOfFunds]: 'Proof of the source of funds (a payslip, a tax return or a contract)',
  [DUE_DILIGENCE_DOCUMENT_TYPES.sourceOfWealth]: 'Proof of the source of wealth (a savings or investment statement, a sale or an inheritance)',
  [DUE_DILIGENCE_DOCUMENT_TYPES.bankStatement]: 'Bank statement of the last 3 months',
};

/** A demo user's KYC as seeded: the request (its id the customer's), KYC needed, the level, nothing sent yet. */
export function seededKyc(kyc: DemoKyc, customerId: number): Profile {
  const level = kyc.dueDiligenceLevel ?? null;
  return {
    needKyc: true,
    ...(level ? { dueDiligenceLevel: level } : {}),
    kyc: { request: { id: customerId, status: 'open', steps: kyc.steps.map((kind) => ({ kind, done: false })), dueDiligenceLevel: level, comment: null } },
    ...(kyc.steps.includes('dueDiligence') ? { dueDiligenceUploads: {} } : {}),
  };
}

const readProfile = (db: Db, customerId: number | null): Profile => JSON.parse((db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string }).profile) as Profile;
const writeProfile = (db: Db, customerId: number | null, profile: Profile) => db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify(profile), customerId);

/** The levels with documents to give (1 and 4); any other is none. */
const levelOf = (profile: Profile): 1 | 4 | null => (profile.dueDiligenceLevel === 1 || profile.dueDiligenceLevel === 4 ? profile.dueDiligenceLevel : null);

/** The level's documents with the latest upload's status (given long ago, confirmed, unless the due diligence was asked again). */
function dueDiligenceDocuments(profile: Profile): DueDiligenceDocument[] {
  const uploads = profile.dueDiligenceUploads;
  return dueDiligenceRequirements(levelOf(profile)).map((documentTypeId) => ({
    documentTypeId,
    name: DUE_DILIGENCE_NAMES[documentTypeId] ?? `Document ${documentTypeId}`,
    required: true,
    statusId: uploads ? (uploads[String(documentTypeId)]?.statusId ?? null) : 2,
  }));
}

/** Marks a step done in the profile; the request submitted (KYC no longer needed) when none is left. Whether it completed the request. */
function markStep(profile: Profile, kind: KycStepKind): boolean {
  const request = profile.kyc?.request;
  if (!request || request.status !== 'open') return false;
  request.steps = request.steps.map((step) => (step.kind === kind ? { ...step, done: true } : step));
  if (!request.steps.every((step) => step.done)) return false;
  request.status = 'submitted';
  delete profile.needKyc;
  return true;
}

/**
 * A step of the customer's KYC request done (the identity check's approval calls this with
 * 'identity'): when it was the last, the request is submitted and KYC is no longer needed. Whether
 * that happened (the caller then says so on the realtime channel: `verification.changed`).
 */
export function markKycStepDone(db: Db, customerId: number, kind: KycStepKind): boolean {
  const profile = readProfile(db, customerId);
  const completed = markStep(profile, kind);
  writeProfile(db, customerId, profile);
  return completed;
}

/** What a demo user's KYC is reset to (POST /__sandbox/kyc-reset): the seeded request and personal data. */
export interface KycSeed {
  kyc: DemoKyc | undefined;
  needPersonalInfoUpdate: boolean;
  firstName: string;
  lastName: string;
  birthday: string | undefined;
  residenceCountryCode: string;
}

/** The seeded request of a demo user again: its steps to do, nothing sent, the answers and personal data given forgotten. */
export function resetKyc(db: Db, customerId: number, seed: KycSeed): void {
  const {
    kyc: _k,
    kycAnswers: _a,
    kycInfo: _i,
    dueDiligenceUploads: _u,
    jumioDocuments: _j,
    needKyc: _n,
    needPersonalInfoUpdate: _p,
    dueDiligenceLevel: _l,
    birthday: _b,
    ...rest
  } = readProfile(db, customerId);
  db.prepare('UPDATE customers SET first_name = ?, last_name = ? WHERE id = ?').run(seed.firstName, seed.lastName, customerId);
  writeProfile(db, customerId, {
    ...rest,
    dueDiligenceLevel: 1,
    residenceCountryCode: seed.residenceCountryCode,
    ...(seed.birthday ? { birthday: seed.birthday } : {}),
    ...(seed.kyc ? seededKyc(seed.kyc, customerId) : {}),
    ...(seed.needPersonalInfoUpdate ? { needPersonalInfoUpdate: true } : {}),
  });
}


/** Tells the app the verification changed (the KYC request is complete). */
const announce = ({ realtime, now }: Pick<HandlerContext, 'realtime' | 'now'>, customerId: number) => realtime.toCustomer(customerId, { type: 'verification.changed', id: `kyc-${now()}` });

const QUESTION_LISTS: Record<KycQuestionField, { list: readonly { id: string }[]; description: string }> = {
  occupationId: { list: OCCUPATIONS, description: 'Choose one of the occupations' },
  sourceOfFundsId: { list: PERSONAL_SOURCES_OF_FUNDS, description: 'Choose one of the sources of funds' },
  purposeOfAccountId: { list: PERSONAL_PURPOSES, description: 'Choose one of the purposes of the account' },
  estimatedMonthlyDepositId: { list: ESTIMATED_MONTHLY_DEPOSITS, description: 'Choose one of the monthly deposit ranges' },
};

/** The service's words for the personal data's problems (the app says its own). */
const PERSONAL_INFO_REFUSALS: Record<string, string> = {
  required: 'This is required',
  tooLong: 'This is too long',
  format: 'The date is not valid',
  future: 'The date of birth is in the future',
  tooYoung: 'You must be at least 18 years old',
  postalCode: 'A postal code has 2 to 12 characters',
};

/** The personal data sent, as the form's values (the same rule as the app's). */
const personalValues = (body: Record<string, any>): PersonalInfoValues => ({
  firstName: String(body.firstName ?? ''),
  lastName: String(body.lastName ?? ''),
  birthDay: String(body.birthDay ?? ''),
  residenceCountryCode: String(body.residenceCountryCode ?? ''),
  'address.countryCode': String(body.address?.countryCode ?? ''),
  'address.stateCode': String(body.address?.stateCode ?? ''),
  'address.city': String(body.address?.city ?? ''),
  'address.street': String(body.address?.street ?? ''),
  'address.postalCode': String(body.address?.postalCode ?? ''),
});

export const kycHandlers: HandlerMap = {
  kycRequestGet: ({ db, customerId }) => ok({ request: readProfile(db, customerId).kyc?.request ?? null }),

  kycCustomerInfoGet: ({ db, customerId }) => {
    const row = db.prepare('SELECT first_name, last_name, profile FROM customers WHERE id = ?').get(customerId) as { first_name: string | null; last_name: string | null; profile: string };
    const profile = JSON.parse(row.profile) as Profile;
    // The address on file (the verification's first) until the customer gives one here.
    const onFile = verificationOf(db, customerId).addresses[0];
    const address = profile.kycInfo?.address ?? {
      countryCode: onFile?.countryCode ?? profile.residenceCountryCode ?? '',
      stateCode: onFile?.stateCode ?? null,
      city: onFile?.city ?? '',
      street: [onFile?.address1, onFile?.address2].filter(Boolean).join(', '),
      postalCode: onFile?.postalCode ?? '',
    };
    const answers = profile.kycAnswers;
    return ok({
      info: {
        firstName: row.first_name ?? '',
        lastName: row.last_name ?? '',
        birthDay: profile.kycInfo?.birthDay ?? profile.birthday ?? null,
        residenceCountryCode: profile.kycInfo?.residenceCountryCode ?? profile.residenceCountryCode ?? null,
        address,
        occupationId: answers?.occupationId ?? null,
        sourceOfFundsId: answers?.sourceOfFundsId ?? null,
        purposeOfAccountId: answers?.purposeOfAccountId ?? null,
        estimatedMonthlyDepositId: answers?.estimatedMonthlyDepositId ?? null,
      },
    });
  },

  dueDiligenceInfoGet: ({ db, customerId }) => {
    const profile = readProfile(db, customerId);
    return ok({ level: levelOf(profile), documents: dueDiligenceDocuments(profile) });
  },

  kycInfoUpdate: (ctx) => {
    const { db, customerId, body } = ctx;
    for (const field of KYC_QUESTION_FIELDS) {
      const value = String(body[field] ?? '').trim();
      if (!QUESTION_LISTS[field].list.some((entry) => entry.id === value)) return vfDescribed([{ param: field, description: QUESTION_LISTS[field].description }]);
    }
    const profile = readProfile(db, customerId);
    profile.kycAnswers = Object.fromEntries(KYC_QUESTION_FIELDS.map((field) => [field, String(body[field]).trim()])) as Record<KycQuestionField, string>;
    const completed = markStep(profile, 'questions');
    writeProfile(db, customerId, profile);
    if (completed) announce(ctx, customerId!);
    return ok({});
  },

  kycCustomerPersonalInfoUpdate: (ctx) => {
    const { db, customerId, body, now } = ctx;
    const values = personalValues(body);
    const country = values['address.countryCode'].trim();
    const problems = personalInfoProblems(values, { today: new Date(now()).toISOString().slice(0, 10), stateCodes: statesOf(country).map((s) => s.code) });
    const first = Object.entries(problems)[0] as [PersonalInfoField, string] | undefined;
    if (first) return vfDescribed([{ param: first[0], description: PERSONAL_INFO_REFUSALS[first[1]] ?? 'This is not valid' }]);
    if (!COUNTRIES.includes(values.residenceCountryCode)) return vfDescribed([{ param: 'residenceCountryCode', description: 'Choose one of the countries' }]);
    if (!COUNTRIES.includes(country)) return vfDescribed([{ param: 'address.countryCode', description: 'Choose one of the countries' }]);
    const trimmed = (field: PersonalInfoField) => values[field].trim();
    db.prepare('UPDATE customers SET first_name = ?, last_name = ? WHERE id = ?').run(trimmed('firstName'), trimmed('lastName'), customerId);
    const profile = readProfile(db, customerId);
    profile.kycInfo = {
      birthDay: trimmed('birthDay'),
      residenceCountryCode: trimmed('residenceCountryCode'),
      address: { countryCode: country, stateCode: trimmed('address.stateCode') || null, city: trimmed('address.city'), street: trimmed('address.street'), postalCode: trimmed('address.postalCode') },
    };
    profile.birthday = trimmed('birthDay');
    profile.residenceCountryCode = trimmed('residenceCountryCode');
    delete profile.needPersonalInfoUpdate;
    const completed = markStep(profile, 'personalInfo');
    writeProfile(db, customerId, profile);
    if (completed) announce(ctx, customerId!);
    return ok({});
  },

  /** Multipart: the data part and the file (checked with the app's rule); a due diligence document must be one asked for. */
  customerJumioDocumentCreate: (ctx) => {
    const { db, customerId, body, files } = ctx;
    const file = files.file;
    // The rule sees the type the bytes bear out: an HTML page named scan.pdf is not a PDF.
    const problem = file ? documentFileProblem({ type: typeBorneOut(file), size: file.size }) : 'empty';
    if (problem) return vfDescribed([{ param: 'file', description: problem === 'fileType' ? 'The file is not a PDF, JPEG or PNG' : problem === 'fileSize' ? 'The file is larger than 10 MB' : 'The file is empty' }]);
    const documentTypeId = Number(body.documentTypeId);
    const profile = readProfile(db, customerId);
    const uploads = [...Object.values(profile.dueDiligenceUploads ?? {}), ...(profile.jumioDocuments ?? [])];
    const documentId = Math.max(20_000, ...uploads.map((u) => u.documentId)) + 1;
    let completed = false;
    if (body.isDueDiligence === true) {
      if (!dueDiligenceDocuments(profile).some((doc) => doc.documentTypeId === documentTypeId)) return vfDescribed([{ param: 'documentTypeId', description: 'Your due diligence does not ask for this document' }]);
      profile.dueDiligenceUploads = {
        ...(profile.dueDiligenceUploads ?? Object.fromEntries(dueDiligenceRequirements(levelOf(profile)).map((id) => [String(id), { documentId: 0, statusId: 2 }]))),
        [String(documentTypeId)]: { documentId, statusId: 0 },
      };
      if (dueDiligenceDocumentsNeeded(dueDiligenceDocuments(profile)).length === 0) completed = markStep(profile, 'dueDiligence');
    } else {
      profile.jumioDocuments = [...(profile.jumioDocuments ?? []), { documentId, documentTypeId, statusId: 0 }];
    }
    writeProfile(db, customerId, profile);
    if (completed) announce(ctx, customerId!);
    return ok({ documentId });
  },
};
