import type { Db } from '../db.ts';
import type { BodyOf, HandlerContext, HandlerMap, HandlerReply, UploadedFile } from '../handler-types.ts';
import { TAX_REFERENCE } from '../tax-reference.ts';
import { taxIdProblems, usFormsRequired, type TaxIdRow, type TaxpayerKind, type UsForm } from '../../machines/certification/tax.rules.ts';
import {
  businessProblems,
  businessUsFormsRequired,
  emptyQuestions,
  entityTypeOf,
  needsControllingPersons,
  questionsPayload,
  type BusinessQuestions,
  type BusinessUsForm,
  type ControllingPerson,
  type PersonProblem,
  type QuestionProblem,
} from '../../machines/certification/business.rules.ts';
import { checkedData, type VerificationData } from './verification.ts';
import { documentFileProblem } from '../../machines/verification/verification.rules.ts';
import { typeBorneOut } from '../kernel/file-kinds.ts';
import { denied, owner, type ActingContext } from '../access.ts';
import { directorsOf, shareholdersOf } from '../company-people-store.ts';
import { ok, refused, vfDescribed, type Issue } from '../kernel/replies.ts';

/**
 * Tax self-certification (spec 002 s3 FATCA/CRS certification and Tax reference table, s5 Tax ids,
 * s7): the tax reference table; the personal certification read and sent; the business
 * one (its shareholders and directors, the certification, its W-9 or W-8BEN-E); a company
 * representative's personal certification through the authSecret of their link. A customer's
 * certification lives in its profile (`certification`, a company's `businessCertification`); its
 * four statuses in the verification data (`certification`), which the verification status and the
 * landing read. A representative's lives with their secret (table representative_secrets).
 */

type Statuses = VerificationData['certification'];
type StatusKey = keyof Statuses;
type SentTaxId = { countryCode: string; taxId?: string; tinMissingReason?: TaxIdRow['tinMissingReason']; tinMissingExplanation?: string };

interface CertificationDocument<K extends string> {
  kind: K;
  documentId: number | null;
  status: string;
  url: string | null;
}

interface PersonalCertification {
  entityType: 'individual';
  cityOfBirth: string;
  countryOfBirth: string;
  dateOfBirth: string;
  citizenship: string[];
  hasUSIndicia: boolean;
  isUSTaxPayer: boolean;
  taxIds: SentTaxId[];
  documents: CertificationDocument<UsForm | 'selfCertification'>[];
}

interface BusinessCertification {
  entityType: string;
  questions: Partial<Record<keyof BusinessQuestions, string | boolean>>;
  isUSTaxPayer: boolean;
  isDisregardedEntity: boolean;
  taxIds: SentTaxId[];
  controllingPersons: (Omit<ControllingPerson, 'taxIds' | 'controlType'> & { controlType: string; taxIds: SentTaxId[] })[];
  documents: CertificationDocument<BusinessUsForm | 'selfCertification'>[];
}

const STATUS_OF: Record<UsForm | 'selfCertification', StatusKey> = {
  w9: 'w9FormDocumentStatus',
  w8ben: 'w8BenFormDocumentStatus',
  lossOfNationality: 'certificateOfLossOfNationalityDocumentStatus',
  selfCertification: 'taxResidencySelfCertificationDocumentStatus',
};

/** A business's forms: the W-8 status is the W-8BEN-E's (002 s7 Business "FATCA/CRS get"). */
const BUSINESS_STATUS_OF: Record<BusinessUsForm | 'selfCertification', StatusKey> = {
  w9: 'w9FormDocumentStatus',
  w8bene: 'w8BenFormDocumentStatus',
  selfCertification: 'taxResidencySelfCertificationDocumentStatus',
};

/** Where a customer's certification is kept in its profile: a person's, a company's. */
type Slot = 'certification' | 'businessCertification';

function read<C>(db: Db, customerId: number | null, slot: Slot = 'certification'): { profile: Record<string, unknown>; data: VerificationData; certification: C | null } {
  const row = db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string };
  const profile = JSON.parse(row.profile) as Record<string, unknown>;
  const data = (profile.verification as VerificationData | undefined) ?? checkedData();
  return { profile, data, certification: (profile[slot] as C | undefined) ?? null };
}

const reply = (statuses: Statuses, certification: unknown) => ok({ ...statuses, certification });

/**
 * The statuses as read: the self-certification's is the one the access info gives (the seed's
 * `selfCertification`, pending once certified) so both calls say the same.
 */
const statusesRead = (profile: Record<string, unknown>, data: VerificationData): Statuses => {
  const seeded = profile.selfCertification as Statuses['taxResidencySelfCertificationDocumentStatus'] | undefined;
  return seeded ? { ...data.certification, taxResidencySelfCertificationDocumentStatus: seeded } : data.certification;
};

/**
 * The statuses once certified: the self-certification under review, each US form asked for
 * waiting to be given (none), the others not required.
 */
function certifiedStatuses(asked: readonly StatusKey[]): Statuses {
  const statuses: Statuses = {
    taxResidencySelfCertificationDocumentStatus: 'pending',
    w9FormDocumentStatus: 'notRequired',
    w8BenFormDocumentStatus: 'notRequired',
    certificateOfLossOfNationalityDocumentStatus: 'notRequired',
  };
  for (const key of asked) statuses[key] = 'none';
  return statuses;
}

/** The documents of a certification just given: the self-certification and each US form asked for, with their statuses. */
function documentsOf<K extends string>(forms: readonly K[], statusOf: Record<K | 'selfCertification', StatusKey>, statuses: Statuses): CertificationDocument<K | 'selfCertification'>[] {
  const kinds: (K | 'selfCertification')[] = ['selfCertification', ...forms];
  return kinds.map((kind) => ({ kind, documentId: null, status: statuses[statusOf[kind]], url: null }));
}

const MESSAGES: Record<string, string> = {
  countryRequired: 'Choose the country',
  countryTwice: 'This country is already listed',
  taxIdFormat: 'The tax id has 2 to 40 letters, digits, spaces, dots, slashes or dashes',
  reasonRequired: 'Give the tax id or say why it is missing',
  reasonNotAllowed: 'This country requires a tax id',
  explanationRequired: 'Explain why the tax id cannot be obtained',
  explanationTooLong: 'The explanation is too long',
};

const QUESTION_MESSAGES: Record<QuestionProblem, string> = {
  answerRequired: 'Answer this question',
  giinFormat: 'The GIIN has the form XXXXXX.XXXXX.XX.XXX (letters and digits)',
  giinOrReason: 'Give the GIIN or say why there is none',
  required: 'Fill this in',
  tooLong: 'This is too long',
  tickerFormat: 'The ticker has 1 to 12 letters, digits, dots or dashes',
};

const PERSON_MESSAGES: Record<PersonProblem, string> = {
  required: 'Fill this in',
  tooLong: 'This is too long (at most 100 characters)',
  dateFormat: 'The date is not valid',
  dateFuture: 'The date of birth cannot be in the future',
};

const rowsOf = (taxIds: readonly SentTaxId[]): TaxIdRow[] =>
  taxIds.map((t) => ({ countryCode: t.countryCode, taxId: t.taxId ?? '', tinMissingReason: t.tinMissingReason ?? null, tinMissingExplanation: t.tinMissingExplanation ?? '' }));

/** Tax-id problems as refusals by param (`<prefix>taxIds[i].field`). */
const taxIdIssues = (problems: ReturnType<typeof taxIdProblems>, prefix = ''): Issue[] =>
  problems.flatMap((row, i) => Object.entries(row).map(([field, problem]) => ({ param: `${prefix}taxIds[${i}].${field}`, description: MESSAGES[problem!] ?? problem! })));

const rowIssues = (taxIds: readonly SentTaxId[], kind: TaxpayerKind): Issue[] => taxIdIssues(taxIdProblems(rowsOf(taxIds), TAX_REFERENCE, kind));

/** A certification document given (a signed W-form, the loss-of-nationality certificate): under review once it is taken. */
function giveDocument<K extends string>(db: Db, customerId: number | null, slot: Slot, statusOf: Record<K, StatusKey>, kind: K, file: UploadedFile | undefined, param: string): HandlerReply {
  const { profile, data, certification } = read<{ documents: CertificationDocument<K>[] }>(db, customerId, slot);
  const document = certification?.documents.find((d) => d.kind === kind);
  if (!certification || !document || (document.status !== 'none' && document.status !== 'rejected')) return vfDescribed([{ param, description: 'This form is not asked for' }]);
  if (!file) return vfDescribed([{ param: 'file', description: 'Choose the file' }]);
  // The rule sees the type the bytes bear out: an HTML page named signed.pdf is not a PDF.
  const problem = documentFileProblem({ type: typeBorneOut(file), size: file.size });
  if (problem) return vfDescribed([{ param: 'file', description: problem === 'fileType' ? 'The file is not a PDF, JPEG or PNG' : problem === 'empty' ? 'The file is empty' : 'The file is larger than 10 MB' }]);
  const ids = certification.documents.map((d) => d.documentId ?? 0);
  document.documentId = Math.max(9700, ...ids) + 1;
  document.status = 'pending';
  data.certification[statusOf[kind]] = 'pending';
  db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify({ ...profile, verification: data, [slot]: certification }), customerId);
  return reply(data.certification, certification);
}

// ---- personal -----------------------------------------------------------------------------------------

/**
 * A personal certification sent (the customer's own or a representative's), checked with the
 * app's rules (taxIdProblems): refused, or the certification with its statuses (the
 * self-certification under review, the US forms it needs waiting to be given).
 */
function personalCertificationOf(body: BodyOf<'personalFatcaCrsCertificationUpdate' | 'representativeFatcaCrsCertificationUpdate'>): { refusal: HandlerReply } | { certification: PersonalCertification; statuses: Statuses } {
  const taxIds = body.taxIds;
  const problems = rowIssues(taxIds, 'personal');
  if (problems.length > 0) return { refusal: vfDescribed(problems) };
  const citizenship = body.citizenship.map((c) => c.toUpperCase());
  const forms = usFormsRequired({ isUSTaxPayer: body.isUSTaxPayer === true, hasUSIndicia: body.hasUSIndicia === true, countryOfBirth: String(body.countryOfBirth), citizenship });
  const statuses = certifiedStatuses(forms.map((kind) => STATUS_OF[kind]));
  return {
    statuses,
    certification: {
      entityType: 'individual',
      cityOfBirth: String(body.cityOfBirth).trim(),
      countryOfBirth: String(body.countryOfBirth),
      dateOfBirth: String(body.dateOfBirth),
      citizenship,
      hasUSIndicia: body.hasUSIndicia === true,
      isUSTaxPayer: body.isUSTaxPayer === true,
      taxIds,
      documents: documentsOf(forms, STATUS_OF, statuses),
    },
  };
}

// ---- business -----------------------------------------------------------------------------------------

/** The company the call acts for (an employee or admin with fromCustomerId acts for it); a personal customer is refused. */
function companyOf(ctx: ActingContext): { refusal: HandlerReply } | { id: number } {
  const acting = owner(ctx);
  if (acting === null) return { refusal: denied };
  const row = ctx.db.prepare('SELECT kind FROM customers WHERE id = ?').get(acting) as { kind: string } | undefined;
  if (row?.kind !== 'business') {
    return { refusal: refused('The business self-certification is for business customers', 'IM') };
  }
  return { id: acting };
}

/** The questions as the rules read them, from those sent (absent text '', absent answer null). */
function questionsOf(sent: Record<string, unknown>): BusinessQuestions {
  const questions = emptyQuestions();
  for (const key of Object.keys(questions) as (keyof BusinessQuestions)[]) {
    const value = sent[key];
    if (value === undefined || value === null) continue;
    (questions as unknown as Record<string, unknown>)[key] = value;
  }
  return questions;
}

const personOf = (sent: BusinessCertification['controllingPersons'][number]): ControllingPerson => ({
  firstName: sent.firstName,
  lastName: sent.lastName,
  dateOfBirth: sent.dateOfBirth,
  countryOfBirth: sent.countryOfBirth,
  controlType: sent.controlType as ControllingPerson['controlType'],
  taxIds: rowsOf(sent.taxIds),
});

/** Everything wrong with a business certification sent, by param (the app's rules: businessProblems). */
function businessIssues(body: BodyOf<'businessFatcaCrsCertificationUpdate'>, questions: BusinessQuestions, today: string): Issue[] {
  const persons = body.controllingPersons;
  const problems = businessProblems({ questions, taxIds: rowsOf(body.taxIds), controllingPersons: persons.map(personOf) }, TAX_REFERENCE, today);
  const issues: Issue[] = Object.entries(problems.questions).map(([question, problem]) => ({ param: `questions.${question}`, description: QUESTION_MESSAGES[problem] }));
  const entityType = entityTypeOf(questions);
  if (entityType !== null && entityType !== body.entityType) issues.push({ param: 'entityType', description: 'The entity type does not match the answers' });
  issues.push(...taxIdIssues(problems.taxIds));
  if (problems.controllingPersonsRequired) issues.push({ param: 'controllingPersons', description: 'Name at least one controlling person' });
  problems.persons.forEach((person, i) => {
    for (const [field, problem] of Object.entries(person.fields)) issues.push({ param: `controllingPersons[${i}].${field}`, description: PERSON_MESSAGES[problem] });
    if (person.residencesRequired) issues.push({ param: `controllingPersons[${i}].taxIds`, description: 'Give at least one tax residence' });
    issues.push(...taxIdIssues(person.taxIds, `controllingPersons[${i}].`));
  });
  return issues;
}

const today = (ctx: Pick<HandlerContext, 'now'>): string => new Date(ctx.now()).toISOString().slice(0, 10);

/** The company's shareholders or directors (issue 54: its people, sandbox/company-people-store.ts; a person of several roles is in both lists, once each). */
function companyList(ctx: ActingContext, list: 'shareholders' | 'directors'): HandlerReply {
  const company = companyOf(ctx);
  if ('refusal' in company) return company.refusal;
  return ok({ [list]: list === 'shareholders' ? shareholdersOf(ctx.db, company.id) : directorsOf(ctx.db, company.id) });
}

// ---- representatives -----------------------------------------------------------------------------------

interface RepresentativeRow {
  secret: string;
  customer_id: number;
  first_name: string;
  last_name: string;
  certification: string | null;
  business_name: string | null;
}

const unknownSecret = { status: 403, body: { message: 'This link is not valid. Ask the company for a new one.' } };

function representativeOf(db: Db, secret: unknown): RepresentativeRow | null {
  if (typeof secret !== 'string' || !secret) return null;
  return (
    (db
      .prepare('SELECT r.secret, r.customer_id, r.first_name, r.last_name, r.certification, c.business_name FROM representative_secrets r JOIN customers c ON c.id = r.customer_id WHERE r.secret = ?')
      .get(secret) as RepresentativeRow | undefined) ?? null
  );
}

/** A representative's statuses, from their certification's documents (before any: the self-certification none). */
function representativeStatuses(certification: PersonalCertification | null): Statuses {
  const statuses = certifiedStatuses([]);
  if (!certification) return { ...statuses, taxResidencySelfCertificationDocumentStatus: 'none' };
  for (const document of certification.documents) statuses[STATUS_OF[document.kind]] = document.status;
  return statuses;
}

function representativeReply(row: RepresentativeRow): HandlerReply {
  const certification = row.certification ? (JSON.parse(row.certification) as PersonalCertification) : null;
  return ok({
    ...representativeStatuses(certification),
    certification,
    representative: { firstName: row.first_name, lastName: row.last_name, businessName: row.business_name ?? '' },
  });
}

/** Clears a representative's certification (the control `POST /__sandbox/representative-reset`); false for an unknown secret. */
export function resetRepresentative(db: Db, secret: string): boolean {
  return db.prepare('UPDATE representative_secrets SET certification = NULL, used_at = NULL WHERE secret = ?').run(secret).changes > 0;
}

export const certificationHandlers: HandlerMap = {
  /** 002 s7 Personal W-form upload: the kind, the name signed, the date, and the signed form. */
  personalWFormUpload: ({ db, customerId, body, files }) => giveDocument(db, customerId, 'certification', STATUS_OF, body.kind === 'w9' ? 'w9' : 'w8ben', files.file, 'kind'),

  /** 002 s5: the loss-of-nationality certificate, a form with the document file. */
  lossOfNationalityUpload: ({ db, customerId, files }) => giveDocument(db, customerId, 'certification', STATUS_OF, 'lossOfNationality', files.file, 'file'),

  taxReferenceTable: () => ok({ countries: Object.entries(TAX_REFERENCE).map(([countryCode, entry]) => ({ countryCode, ...entry })) }),

  personalFatcaCrsCertificationGet: ({ db, customerId }) => {
    const { profile, data, certification } = read<PersonalCertification>(db, customerId);
    return reply(statusesRead(profile, data), certification);
  },

  /** The same rules as the app's (taxIdProblems); the self-certification goes to review, the US forms it needs wait to be given. */
  personalFatcaCrsCertificationUpdate: ({ db, customerId, body }) => {
    const checked = personalCertificationOf(body);
    if ('refusal' in checked) return checked.refusal;
    const { profile, data } = read(db, customerId);
    data.certification = checked.statuses;
    db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify({ ...profile, verification: data, certification: checked.certification, selfCertification: 'pending' }), customerId);
    return reply(data.certification, checked.certification);
  },

  /** 002 s7 Business lists: the company's shareholders (people and companies with their shares). */
  businessShareholderList: (ctx) => companyList(ctx, 'shareholders'),

  /** 002 s7 Business lists: the company's directors. */
  businessDirectorList: (ctx) => companyList(ctx, 'directors'),

  businessFatcaCrsCertificationGet: (ctx) => {
    const company = companyOf(ctx);
    if ('refusal' in company) return company.refusal;
    const { profile, data, certification } = read<BusinessCertification>(ctx.db, company.id, 'businessCertification');
    return reply(statusesRead(profile, data), certification);
  },

  /**
   * The app's rules (businessProblems, entityTypeOf, businessUsFormsRequired) on the questions sent:
   * the self-certification goes to review, the US form it needs (W-9 or W-8BEN-E) waits to be
   * given, and the landing lets the company through (selfCertification pending).
   */
  businessFatcaCrsCertificationUpdate: (ctx) => {
    const company = companyOf(ctx);
    if ('refusal' in company) return company.refusal;
    const { body } = ctx;
    const questions = questionsOf((body.questions as Record<string, unknown> | undefined) ?? {});
    const issues = businessIssues(body, questions, today(ctx));
    if (issues.length > 0) return vfDescribed(issues);
    const isUSTaxPayer = body.isUSTaxPayer === true;
    const forms = businessUsFormsRequired(isUSTaxPayer, questions);
    const statuses = certifiedStatuses(forms.map((kind) => BUSINESS_STATUS_OF[kind]));
    const persons = body.controllingPersons;
    const certification: BusinessCertification = {
      entityType: String(body.entityType),
      questions: questionsPayload(questions),
      isUSTaxPayer,
      // Asked of a US taxpayer only (asksDisregardedEntity).
      isDisregardedEntity: isUSTaxPayer && body.isDisregardedEntity === true,
      taxIds: body.taxIds,
      controllingPersons: needsControllingPersons(questions) ? persons.map((p) => ({ ...p, firstName: p.firstName.trim(), lastName: p.lastName.trim() })) : [],
      documents: documentsOf(forms, BUSINESS_STATUS_OF, statuses),
    };
    const { profile, data } = read(ctx.db, company.id);
    data.certification = statuses;
    ctx.db
      .prepare('UPDATE customers SET profile = ? WHERE id = ?')
      .run(JSON.stringify({ ...profile, verification: data, businessCertification: certification, selfCertification: 'pending' }), company.id);
    return reply(data.certification, certification);
  },

  /** 002 s7 Business W-form upload: a W-9 or W-8BEN-E the certification asks for (VF kind otherwise), then under review. */
  businessWFormUpload: (ctx) => {
    const company = companyOf(ctx);
    if ('refusal' in company) return company.refusal;
    return giveDocument(ctx.db, company.id, 'businessCertification', BUSINESS_STATUS_OF, ctx.body.kind === 'w9' ? 'w9' : 'w8bene', ctx.files.file, 'kind');
  },

  /** A representative's certification (no sign-in: the authSecret of their link; 403 for an unknown one). */
  representativeFatcaCrsCertificationGet: ({ db, body }) => {
    const row = representativeOf(db, body.authSecret);
    return row ? representativeReply(row) : unknownSecret;
  },

  /** The personal rules; kept with the secret, which stays valid (they may come back to read it). The US forms are the company's to collect. */
  representativeFatcaCrsCertificationUpdate: ({ db, body, now }) => {
    const row = representativeOf(db, body.authSecret);
    if (!row) return unknownSecret;
    const checked = personalCertificationOf(body);
    if ('refusal' in checked) return checked.refusal;
    const certification = JSON.stringify(checked.certification);
    db.prepare('UPDATE representative_secrets SET certification = ?, used_at = ? WHERE secret = ?').run(certification, now(), row.secret);
    return representativeReply({ ...row, certification });
  },
};
