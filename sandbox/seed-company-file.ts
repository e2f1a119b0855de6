import type { DatabaseSync } from 'node:sqlite';
import { DECLARATION_KINDS, type DeclarationKind } from '../machines/company/company-file.rules.ts';
import { DOCUMENT_STATUS } from '../machines/verification/verification.rules.ts';
import {
  companyDocument,
  defaultCompanyFile,
  personName,
  saveCompanyFile,
  signedBy,
  SOURCE_OF_WEALTH_VALID_DAYS,
  unsigned,
  type CompanyFile,
  type Declaration,
} from './company-file-store.ts';
import { customerById } from './kernel/customers.ts';

/**
 * The company files of the seed (issue 53), relative to the seed's clock (`now`), so a fresh seed
 * is always the same for the same clock: every business customer of every brand has its file
 * (sandbox/company-file-store.ts defaultCompanyFile: everything confirmed and filled, the
 * resolution signed), except company-file@, whose file has documents in every status
 * (everyStatusFile). POST /__sandbox/sign-in-state of a business puts its file back as seeded
 * (restoreCompanyFile).
 */

const DAY = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The demo user whose file shows every status (sandbox/seed.ts DEMO_USERS). */
export const EVERY_STATUS_LOCAL = 'company-file';

/**
 * company-file@'s file: a confirmed corporate document and a refused one sent after it (the set
 * refused, 3), no additional documents (missing, 0), no registration date; two addresses, one with a
 * confirmed proof and one with none; source-of-wealth documents confirmed and expiring 10 days after
 * the seed's clock, expired, and submitted (waiting for the service); the financial details filled;
 * the resolution and the studio declaration and prohibited escort statement not signed, the
 * streaming platform declaration signed. No representative has an address yet.
 */
export function everyStatusFile(base: CompanyFile, owner: string, now: number): CompanyFile {
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
  const declarations = Object.fromEntries(DECLARATION_KINDS.map((kind) => [kind, unsigned()])) as Record<DeclarationKind, Declaration>;
  declarations.streamingPlatform = signedBy(owner, at(30));
  return {
    ...base,
    registrationDate: null,
    tradingName: 'Meridian',
    website: 'https://meridian-works.example',
    description: 'Video production and live streaming for brands',
    addresses: [
      {
        addressId: 601,
        address1: 'Strada Academiei 35',
        address2: 'Etaj 2',
        city: 'Bucharest',
        postalCode: '010013',
        countryCode: 'RO',
        stateCode: null,
        stateName: null,
        addressStatus: 1,
        confirmed: true,
        uploadedDocuments: [companyDocument(60003, DOCUMENT_STATUS.confirmed, 70, at(380))],
        isDocumentOutOfDate: false,
        isCardDocumentRequired: false,
        isDocumentRequired: false,
      },
      {
        addressId: 602,
        address1: 'Calea Victoriei 120',
        address2: null,
        city: 'Bucharest',
        postalCode: '010093',
        countryCode: 'RO',
        stateCode: null,
        stateName: null,
        addressStatus: 0,
        confirmed: true,
        uploadedDocuments: [],
        isDocumentOutOfDate: false,
        isCardDocumentRequired: false,
        isDocumentRequired: true,
      },
    ],
    corporateDocuments: [
      companyDocument(60001, DOCUMENT_STATUS.confirmed, 40, at(380), { issuedDate: '2019-03-14' }),
      companyDocument(60002, DOCUMENT_STATUS.rejected, 42, at(20), { issuedDate: isoDay(now - 250 * DAY), rejectReason: 'The document is not readable' }),
    ],
    additionalDocuments: [],
    financialDetail: {
      sourcesOfFunds: ['revenue', 'investorFunding'],
      purposesOfAccount: ['customerPayments', 'payroll', 'internationalTrade'],
      estimatedMonthlyDeposit: 'from25kTo100k',
      currencies: ['USD', 'EUR', 'RON'],
      industry: 'mediaProduction',
      answers: {
        businessAnotherAccount: 'true',
        businessAnotherAccountDetails: 'A current account at Banca Transilvania',
        controlAccount: '1',
        mainCustomerCountries: 'Romania, Germany and the United States',
        monthlyTransactions: 'from51To200',
        regulatedActivity: 'false',
      },
    },
    sourceOfWealthDocuments: [
      // Sent a year before it expires, 10 days after the seed's clock.
      { id: 60004, documentTypeId: 111, statusId: DOCUMENT_STATUS.confirmed, created: at(SOURCE_OF_WEALTH_VALID_DAYS - 10), createdName: owner, expiration: isoDay(now + 10 * DAY) },
      { id: 60005, documentTypeId: 110, statusId: DOCUMENT_STATUS.expired, created: at(SOURCE_OF_WEALTH_VALID_DAYS + 35), createdName: owner, expiration: isoDay(now - 35 * DAY) },
      { id: 60006, documentTypeId: 113, statusId: DOCUMENT_STATUS.submitted, created: at(2), createdName: owner, expiration: null },
    ],
    declarations,
    representativeAddresses: {},
  };
}

/** A business's file as seeded (its default, or company-file@'s every status); undefined for anyone else. */
function seededFile(db: DatabaseSync, customerId: number, now: number): CompanyFile | undefined {
  const row = customerById(db, customerId);
  if (!row || row.kind !== 'business') return undefined;
  const base = defaultCompanyFile(row, now);
  return row.login === `${EVERY_STATUS_LOCAL}@${row.brand}.test` ? everyStatusFile(base, personName(row), now) : base;
}

/** Every business customer's file (after every customer exists). */
export function seedCompanyFiles(db: DatabaseSync, now: number): void {
  const businesses = (db.prepare("SELECT id FROM customers WHERE kind = 'business' ORDER BY id").all() as { id: number }[]).map((row) => row.id);
  for (const id of businesses) {
    const file = seededFile(db, id, now);
    if (file) saveCompanyFile(db, id, file, now);
  }
}

/** A business's file as seeded (POST /__sandbox/sign-in-state): its documents, details, signatures and representatives' addresses. */
export function restoreCompanyFile(db: DatabaseSync, customerId: number, now: number): void {
  const file = seededFile(db, customerId, now);
  if (file) saveCompanyFile(db, customerId, file, now);
}

/** A representative's own addresses as seeded (POST /__sandbox/sign-in-state of an authorised user): none on any company's file. */
export function restoreRepresentativeAddresses(db: DatabaseSync, userId: number, now: number): void {
  const rows = db.prepare('SELECT customer_id, data FROM company_files').all() as { customer_id: number; data: string }[];
  for (const row of rows) {
    const file = JSON.parse(row.data) as CompanyFile;
    if (!(String(userId) in file.representativeAddresses)) continue;
    delete file.representativeAddresses[String(userId)];
    saveCompanyFile(db, row.customer_id, file, now);
  }
}
