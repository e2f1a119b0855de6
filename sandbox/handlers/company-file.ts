import {
  declarationsShown,
  documentSetStatus,
  signatureProblems,
  SIGNED_NAME_MAX,
  SIGNED_NAME_MIN,
  type DeclarationKind,
  type SignatureProblem,
} from '../../machines/company/company-file.rules.ts';
import { dueDiligenceErrors } from '../../machines/registration/registration-draft.ts';
import { adjustAdditionalQuestions, keptAnswers, shownQuestions } from '../../machines/registration/registration.rules.ts';
import { DOCUMENT_STATUS, documentFileProblem } from '../../machines/verification/verification.rules.ts';
import { denied, owner } from '../access.ts';
import {
  companyDocument,
  companyFileOf,
  companyFileRefusal,
  nextAddressId,
  nextDocumentId,
  saveCompanyFile,
  signedBy,
  type CompanyAddress,
  type CompanyDocument,
  type CompanyFile,
  type CompanyFileUse,
} from '../company-file-store.ts';
import { nextRepresentativeAddressId, nextRepresentativeDocumentId, personOf, savePerson } from '../company-people-store.ts';
import type { Db } from '../db.ts';
import type { HandlerContext, HandlerMap, HandlerReply } from '../handler-types.ts';
import { unpaidInvoiceLimit } from '../invoice-store.ts';
import { existingCustomer, type CustomerRow } from '../kernel/customers.ts';
import { typeBorneOut } from '../kernel/file-kinds.ts';
import { idempotent, nowIso } from '../kernel/ledger.ts';
import { ok, refused, vfDescribed, type Issue } from '../kernel/replies.ts';
import { addressDocumentsOf, BUSINESS_PURPOSES, BUSINESS_QUESTIONS, BUSINESS_SOURCES_OF_FUNDS, COUNTRIES, CURRENCIES, ESTIMATED_MONTHLY_DEPOSITS, INDUSTRIES } from '../reference-lists.ts';
import { announceCompanyChange } from '../permission-changes.ts';
import { representativeForWrite } from './company-people.ts';
import { brandConfig } from './registration.ts';
import { verificationOf } from './verification.ts';

/**
 * The company's own file (issue 53; main.yaml tag companyFile; spec 002 s3 Business, Representative
 * info, Source-of-wealth documents; s6; s7 Business). Every call acts for the customer of
 * fromCustomerId as the other company calls do (sandbox/access.ts: ENOA for a customer the caller
 * may not act for), and only a business has a file (anyone else: UE). The file is
 * sandbox/company-file-store.ts's; its documents arrive through documentUpload (categories 4, 7, 10,
 * 11: sandbox/handlers/verification.ts) and are decided by POST /__sandbox/documents/decide.
 *
 * - businessInfo, businessRepresentativeInfo, resolutionGet, declarationGet,
 *   prohibitedEscortStatementGet: anyone who may act for the company (an authorised user with any
 *   rights, the owner, an admin who administers it). The set statuses are computed from the
 *   documents each time (documentSetStatus); the source-of-wealth documents are a map by id.
 * - financialDetailUpdate, dueDiligenceUpdate, resolutionSend, declarationSend,
 *   prohibitedEscortStatementSend: only the owner or an authorised user whose balanceInfo is full
 *   access (mayChangeFile); admins change nothing (UE). Once per requestId.
 * - businessRepresentativeAddressCreate: the signed-in user's own address for the company (anyone
 *   who may act for it but an admin), with its proof (a category 2 type; a PDF, JPEG or PNG by its
 *   bytes, at most 10 MB: a larger part is the server's 413): pending (2), the proof submitted (0);
 *   one only (a second: UE). Once per requestId. With representativeId (issue 54) a full-access
 *   user adds that representative's address and proof to the person's record instead
 *   (sandbox/company-people-store.ts; one only: UE).
 * - The adult-industry statements (the studio and streaming platform declarations, the prohibited
 *   escort statement) only where brands/<brand>/config.json shows adult-industry options
 *   (declarationsShown); elsewhere UE. Signing a signed statement: UE.
 */

/** The refusals and field texts (translated in sandbox/texts). */
export const NOT_OFFERED = 'Adult-industry declarations are not offered here';
export const ALREADY_SIGNED = 'This statement is already signed';
export const ADDRESS_EXISTS = 'You have an address for this company already: change it on your profile';
export const PERSON_ADDRESS_EXISTS = 'This person has an address on file already';
export const NO_FINANCIAL_DETAIL = 'Give the company’s financial details first';
export const CHOOSE_FROM_LIST = 'Choose from the list';
export const ANSWER_REQUIRED = 'Answer this question';
export const ANSWER_DATE = 'Enter a date as YYYY-MM-DD';
export const ANSWER_OPTION = 'Choose one of the answers';
const SIGNATURE_TEXTS: Record<SignatureProblem, Issue> = {
  nameRequired: { param: 'signedName', description: 'Type your full name to sign' },
  nameLength: { param: 'signedName', description: `Type your full name: ${SIGNED_NAME_MIN} to ${SIGNED_NAME_MAX} characters` },
  notAccepted: { param: 'accepted', description: 'Confirm that you have read the statement and agree to it' },
};

// ---- the reply -------------------------------------------------------------------------------------

/** A document as the contract has it (main.yaml UploadedDocument). */
const toDocument = ({ createdDate: _sent, ...doc }: CompanyDocument) => doc;
const toAddress = (address: CompanyAddress) => ({ ...address, uploadedDocuments: address.uploadedDocuments.map(toDocument) });

/** The file as the contract has it (main.yaml Business): the set statuses from the documents, the source-of-wealth documents by id. */
export function toBusiness(db: Db, file: CompanyFile, company: CustomerRow, now: number) {
  const profile = JSON.parse(company.profile) as { verified?: boolean; limited?: boolean };
  return {
    name: file.name,
    registrationCountryCode: file.registrationCountryCode,
    tradingName: file.tradingName,
    email: file.email,
    registrationNumber: file.registrationNumber,
    registrationDate: file.registrationDate,
    businessTaxId: file.businessTaxId,
    website: file.website,
    description: file.description,
    phone: file.phone,
    // As customer info says them (an overdue invoice from the service limits the customer too).
    verified: Boolean(profile.verified),
    limited: Boolean(profile.limited) || unpaidInvoiceLimit(db, company.id, now),
    isConverted: file.isConverted,
    addresses: file.addresses.map(toAddress),
    corporateDocuments: file.corporateDocuments.map(toDocument),
    corporateDocumentStatus: documentSetStatus(file.corporateDocuments),
    additionalDocuments: file.additionalDocuments.map(toDocument),
    additionalDocumentStatus: documentSetStatus(file.additionalDocuments),
    financialDetail: file.financialDetail,
    financialInstitution: file.financialInstitution,
    sourceOfWealthDocuments: Object.fromEntries(file.sourceOfWealthDocuments.map((doc) => [String(doc.id), doc])),
  };
}

// ---- who and what ----------------------------------------------------------------------------------

interface Acting {
  acting: number;
  company: CustomerRow;
  file: CompanyFile;
}
const isReply = (value: Acting | HandlerReply): value is HandlerReply => 'status' in value;

/** The acting company and its file for a call that reads it, or the refusal. */
function forReading(ctx: Pick<HandlerContext, 'db' | 'customerId' | 'body' | 'now'>): Acting | HandlerReply {
  const acting = owner(ctx);
  if (acting === null) return denied;
  const refusal = companyFileRefusal(ctx.db, ctx.customerId, acting, 'read');
  if (refusal) return refusal;
  return { acting, company: existingCustomer(ctx.db, acting), file: companyFileOf(ctx.db, acting, ctx.now())! };
}

/** The company and its file inside a write (the refusals were asked before: companyFileRefusal). */
const forWriting = (ctx: Pick<HandlerContext, 'db' | 'now'>, acting: number): Acting => ({ acting, company: existingCustomer(ctx.db, acting), file: companyFileOf(ctx.db, acting, ctx.now())! });

/** Whether the company's brand offers this statement (the resolution everywhere; the adult-industry ones where the brand shows adult-industry options). */
const offered = (company: Pick<CustomerRow, 'brand'>, kind: DeclarationKind): boolean => declarationsShown(brandConfig(company.brand).features.adultOptions).includes(kind);

/** A write's refusal: the use of the file, then (for an adult-industry statement) the brand. */
const writeRefusal =
  (use: CompanyFileUse, kindOf?: (body: unknown) => DeclarationKind) =>
  (ctx: Pick<HandlerContext, 'db' | 'customerId' | 'body'>, acting: number): HandlerReply | null => {
    const refusal = companyFileRefusal(ctx.db, ctx.customerId, acting, use);
    if (refusal) return refusal;
    return kindOf && !offered(existingCustomer(ctx.db, acting), kindOf(ctx.body)) ? refused(NOT_OFFERED, 'UE') : null;
  };

const declarationTypeOf = (body: unknown): DeclarationKind => (body as { declarationType: 'studio' | 'streamingPlatform' }).declarationType;

// ---- the statements --------------------------------------------------------------------------------

/** A statement's read: anyone who may act for the company, where the brand offers it. */
function readDeclaration(ctx: HandlerContext, kindOf: (body: unknown) => DeclarationKind): HandlerReply {
  const read = forReading(ctx);
  if (isReply(read)) return read;
  const kind = kindOf(ctx.body);
  if (!offered(read.company, kind)) return refused(NOT_OFFERED, 'UE');
  return ok({ declaration: read.file.declarations[kind] });
}

/** Signs a statement: the name as typed (trimmed) and the statement accepted; signed already: UE. */
function signDeclaration(ctx: HandlerContext, acting: number, kind: DeclarationKind): HandlerReply {
  const body = ctx.body as { signedName: string; accepted: boolean };
  const problems = signatureProblems({ signedName: body.signedName, accepted: body.accepted === true });
  if (problems.length > 0) return vfDescribed(problems.map((problem) => SIGNATURE_TEXTS[problem]));
  const { file } = forWriting(ctx, acting);
  if (file.declarations[kind].signed) return refused(ALREADY_SIGNED, 'UE');
  file.declarations[kind] = signedBy(body.signedName.trim(), nowIso(ctx));
  saveCompanyFile(ctx.db, acting, file, ctx.now());
  return ok({ declaration: file.declarations[kind] });
}

// ---- the financial details and due diligence ----------------------------------------------------------

const idsOf = (list: readonly { id: string }[]) => new Set(list.map((item) => item.id));
const unique = (values: readonly string[]) => [...new Set(values)];

/** What is wrong with the financial details: each id one of the reference lists' (adult-related industries only where the brand shows them). */
function financialIssues(body: { sourcesOfFunds: string[]; purposesOfAccount: string[]; estimatedMonthlyDeposit: string; currencies: string[]; industry: string }, brand: string): Issue[] {
  const adult = brandConfig(brand).features.adultOptions;
  const industries = new Set(INDUSTRIES.filter((industry) => adult || industry.group !== 'adultRelatedBusiness').map((industry) => industry.id));
  const checks: [string, Set<string>, readonly string[]][] = [
    ['sourcesOfFunds', idsOf(BUSINESS_SOURCES_OF_FUNDS), body.sourcesOfFunds],
    ['purposesOfAccount', idsOf(BUSINESS_PURPOSES), body.purposesOfAccount],
    ['estimatedMonthlyDeposit', idsOf(ESTIMATED_MONTHLY_DEPOSITS), [body.estimatedMonthlyDeposit]],
    ['currencies', new Set(CURRENCIES.map(([code]) => code)), body.currencies],
    ['industry', industries, [body.industry]],
  ];
  return checks.filter(([, known, values]) => values.some((value) => !known.has(value))).map(([param]) => ({ param, description: CHOOSE_FROM_LIST }));
}

/** The business additional questions as the app shows them (adjusted on load: the follow-ups). */
const businessQuestions = () => adjustAdditionalQuestions(BUSINESS_QUESTIONS);

/** What is wrong with the answers, by question id: every question shown for the answers given answered (the wizard's rule), a choice among its answers. */
function answerIssues(answers: Readonly<Record<string, string>>): Issue[] {
  const questions = businessQuestions();
  const shown = shownQuestions(questions, answers);
  const issues: Issue[] = Object.entries(dueDiligenceErrors(shown.map((q) => q.id), answers)).map(([id, problem]) => ({ param: id, description: problem === 'format' ? ANSWER_DATE : ANSWER_REQUIRED }));
  for (const question of shown) {
    const answer = answers[question.id]?.trim();
    if (question.options && answer && !question.options.some((option) => option.value === answer) && !issues.some((issue) => issue.param === question.id)) {
      issues.push({ param: question.id, description: ANSWER_OPTION });
    }
  }
  return issues;
}

// ---- the handlers ------------------------------------------------------------------------------------

export const companyFileHandlers: HandlerMap = {
  businessInfo: (ctx) => {
    const read = forReading(ctx);
    return isReply(read) ? read : ok({ business: toBusiness(ctx.db, read.file, read.company, ctx.now()) });
  },

  businessRepresentativeInfo: (ctx) => {
    const read = forReading(ctx);
    if (isReply(read)) return read;
    const user = existingCustomer(ctx.db, ctx.customerId!);
    const phones = verificationOf(ctx.db, user.id).phones;
    const phone = phones.find((p) => p.status === 'Primary') ?? phones[0];
    const address = read.file.representativeAddresses[String(user.id)];
    return ok({
      representative: {
        firstName: user.first_name ?? '',
        lastName: user.last_name ?? '',
        phone: phone ? `+${phone.phoneCountryCode}${phone.phone}` : null,
        address: address ? toAddress(address) : null,
        documents: (address?.uploadedDocuments ?? []).map(toDocument),
      },
    });
  },

  businessRepresentativeAddressCreate: idempotent(
    'businessRepresentativeAddressCreate',
    (ctx, acting) => {
      const { body, files } = ctx;
      const userId = ctx.customerId!;
      const { file } = forWriting(ctx, acting);
      // Issue 54: another representative's address, which a full-access user adds to that person's record.
      const representativeId = body.representativeId ?? null;
      const person = representativeId === null ? undefined : personOf(ctx.db, acting, representativeId);
      if (person ? person.address : file.representativeAddresses[String(userId)]) return refused(person ? PERSON_ADDRESS_EXISTS : ADDRESS_EXISTS, 'UE');
      const front = files.front;
      // The rule sees the type the bytes bear out: an HTML page named scan.pdf is not a PDF.
      const problem = front ? documentFileProblem({ type: typeBorneOut(front), size: front.size }) : 'empty';
      if (problem || !front) {
        return vfDescribed([{ param: 'front', description: problem === 'fileType' ? 'The file is not a PDF, JPEG or PNG' : problem === 'fileSize' ? 'The file is larger than 10 MB' : 'The file is empty' }]);
      }
      const issues: Issue[] = [];
      if (!COUNTRIES.includes(body.countryCode)) issues.push({ param: 'countryCode', description: 'Choose a country from the list' });
      if (!addressDocumentsOf(body.countryCode).some((type) => Number(type.id) === body.documentTypeId)) issues.push({ param: 'documentTypeId', description: 'Choose a proof of address from the list' });
      if (issues.length > 0) return vfDescribed(issues);
      const address: CompanyAddress = {
        // After the file's and every representative's (one range for the company).
        addressId: nextRepresentativeAddressId(ctx.db, acting),
        address1: body.address1.trim(),
        address2: body.address2?.trim() || null,
        city: body.city.trim(),
        postalCode: body.postalCode.trim(),
        countryCode: body.countryCode,
        stateCode: body.stateCode?.trim() || null,
        stateName: null,
        addressStatus: 2,
        confirmed: true,
        uploadedDocuments: [
          companyDocument(person ? nextRepresentativeDocumentId(ctx.db, acting) : nextDocumentId(file), DOCUMENT_STATUS.submitted, body.documentTypeId, nowIso(ctx)),
        ],
        isDocumentOutOfDate: false,
        isCardDocumentRequired: false,
        isDocumentRequired: false,
      };
      if (person) {
        savePerson(ctx.db, acting, { ...person, address, addressDocumentStatus: documentSetStatus(address.uploadedDocuments) });
        announceCompanyChange(ctx.db, acting);
      } else {
        file.representativeAddresses[String(userId)] = address;
        saveCompanyFile(ctx.db, acting, file, ctx.now());
      }
      return ok({ address: toAddress(address) });
    },
    {
      refusal: (ctx, acting) =>
        ctx.body.representativeId == null ? writeRefusal('upload')(ctx, acting) : (companyFileRefusal(ctx.db, ctx.customerId, acting, 'read') ?? representativeForWrite(ctx, acting, ctx.body.representativeId)),
    },
  ),

  resolutionGet: (ctx) => readDeclaration(ctx, () => 'resolution'),
  declarationGet: (ctx) => readDeclaration(ctx, declarationTypeOf),
  prohibitedEscortStatementGet: (ctx) => readDeclaration(ctx, () => 'prohibitedEscortStatement'),

  resolutionSend: idempotent('resolutionSend', (ctx, acting) => signDeclaration(ctx, acting, 'resolution'), { refusal: writeRefusal('change') }),
  declarationSend: idempotent('declarationSend', (ctx, acting) => signDeclaration(ctx, acting, declarationTypeOf(ctx.body)), { refusal: writeRefusal('change', declarationTypeOf) }),
  prohibitedEscortStatementSend: idempotent('prohibitedEscortStatementSend', (ctx, acting) => signDeclaration(ctx, acting, 'prohibitedEscortStatement'), {
    refusal: writeRefusal('change', () => 'prohibitedEscortStatement'),
  }),

  financialDetailUpdate: idempotent(
    'financialDetailUpdate',
    (ctx, acting) => {
      const { body } = ctx;
      const { company, file } = forWriting(ctx, acting);
      const issues = financialIssues(body, company.brand);
      if (issues.length > 0) return vfDescribed(issues);
      file.financialDetail = {
        sourcesOfFunds: unique(body.sourcesOfFunds),
        purposesOfAccount: unique(body.purposesOfAccount),
        estimatedMonthlyDeposit: body.estimatedMonthlyDeposit,
        currencies: unique(body.currencies),
        industry: body.industry,
        answers: file.financialDetail?.answers ?? {},
      };
      saveCompanyFile(ctx.db, acting, file, ctx.now());
      return ok({ business: toBusiness(ctx.db, file, company, ctx.now()) });
    },
    { refusal: writeRefusal('change') },
  ),

  dueDiligenceUpdate: idempotent(
    'dueDiligenceUpdate',
    (ctx, acting) => {
      const { company, file } = forWriting(ctx, acting);
      if (!file.financialDetail) return refused(NO_FINANCIAL_DETAIL, 'UE');
      const answers = Object.fromEntries(Object.entries(ctx.body.answers).map(([id, answer]) => [id, answer.trim()]));
      const issues = answerIssues(answers);
      if (issues.length > 0) return vfDescribed(issues);
      // Only the answers to the questions shown (a follow-up's answer goes when its question no longer shows it).
      file.financialDetail = { ...file.financialDetail, answers: keptAnswers(businessQuestions(), answers) };
      saveCompanyFile(ctx.db, acting, file, ctx.now());
      return ok({ business: toBusiness(ctx.db, file, company, ctx.now()) });
    },
    { refusal: writeRefusal('change') },
  ),
};
