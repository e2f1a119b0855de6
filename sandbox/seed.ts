import type { DatabaseSync } from 'node:sqlite';
import { accountSeeder, type AccountSet } from './seed-accounts.ts';
import { ALL_PERMISSION_FLAGS, BRANDS } from './demo-facts.ts';
import { hashPassword } from './passwords.ts';
import { authorise, NO_ACCESS, type Permissions } from './access.ts';
import { seedRequests } from './seed-requests.ts';
import { seedGlobalPay } from './seed-global-pay.ts';
import { dataOfCase, VERIFICATION_CASES, type VerificationCase } from './handlers/verification.ts';
import { seededKyc, type DemoKyc } from './handlers/kyc.ts';
import { freshActivation } from './handlers/registration.ts';
import { modeOfFlow } from './handlers/settings.ts';
import { securityListsSeeder, type SecurityListsSeed } from './handlers/security-lists.ts';
import { seedInvoices } from './seed-invoices.ts';
import { seedCompany } from './seed-company.ts';
import { seedCompanyFiles } from './seed-company-file.ts';
import { COMPANY_DIRECTORS, COMPANY_SHAREHOLDERS, REPRESENTATIVES, seedCompanyPeople } from './seed-company-people.ts';
import { seedCompanyEmails } from './seed-company-emails.ts';
import { seedMerchant } from './seed-merchant.ts';
import { seedMerchantChecks } from './seed-merchant-checks.ts';
import { seedPublicApi } from './seed-public-api.ts';
import { seedContracts } from './seed-contracts.ts';
import { seedSupport } from './seed-support.ts';

/**
 * Deterministic demo data: for each of the six brands, the customer kinds (personal,
 * business owner, business employees with each transfers access level, admin) and one user per
 * auth flow and migration state, each with USD, EUR and RON accounts. One password for all.
 * business@'s company has three transfers waiting for an approver, created by initiator@.
 * globalpay@ has global pay batches (a draft and a completed one, sandbox/seed-global-pay.ts).
 * Every business customer has shareholders and directors; two of business@'s directors certify
 * through a link (REPRESENTATIVES). Every customer has 60 sign-ins in the login history and the
 * default notification settings; the 'rich' users have simple@ on their payout blacklist
 * (sandbox/handlers/security-lists.ts). invoices@ and invoices-business@ have 45 invoices each way,
 * the company funding invoices, invoices-overdue@ an overdue invoice from the service
 * (sandbox/seed-invoices.ts). admin@ administers the first 30 customers of the brand (by id, not
 * admins) and acts for those only; business@'s file holds two admin documents (sandbox/seed-company.ts).
 * Every business has its company file (issue 53, sandbox/seed-company-file.ts): everything confirmed,
 * except company-file@'s, which has documents in every status; company-docs-only@ (no balanceInfo)
 * and company-reader@ (read only) are its users. Every business has its people (issue 54,
 * sandbox/seed-company-people.ts); company-access@ has people in every situation, five users (two
 * with full access, so its changes wait for another one) and two changes; company-solo@ is its
 * own only full-access user; company-support@ administers those two only. merchant@ has the merchant
 * area filled (issue 55, sandbox/seed-merchant.ts: 75 IPN messages, both settings, two logos, three
 * saved buttons; issue 56, sandbox/seed-merchant-checks.ts: 120 subscribers, 25 identity checks;
 * the public API area, sandbox/seed-public-api.ts: three API keys (one rolled, one off), two
 * webhooks, three allowed IP entries, 1,000 API requests and 300 webhook deliveries in brand1, 120
 * and 45 in the other brands), merchant-new@ nothing; merchant-viewer@ (merchant level 1) and
 * merchant-staff@ (2) are its users. In brand1 (the only brand with contracts), contracts@ ("Sunrise
 * Studio 1 Ltd") has smart contracts in every status with contracts-person@ (Mia Rossi) and
 * contracts-other@ (Luca Bianchi), on 14 companies with logos (sandbox/seed-contracts.ts). In every
 * brand, support@ (Sofia Lang) has 28 support tickets in every display status, support-empty@ none
 * (sandbox/seed-support.ts).
 */
export const DEMO_PASSWORD = 'Demo-pass-1';
export { ALL_PERMISSION_FLAGS, BRANDS, hashPassword };

interface DemoUser {
  local: string;
  kind: 'personal' | 'business' | 'employee' | 'admin';
  flow: 'simple' | 'direct' | 'otp' | 'sms' | 'push' | 'verifyDevice';
  migration?: 'none' | 'soft' | 'strict';
  /** Terms to accept: at sign-in (a TE reply), or carried by customer info after sign-in. */
  terms?: boolean | 'customerInfo';
  /** Sign-in refused with 403 and a message (spec 000 s8: auth 403 shows the message). */
  blocked?: boolean;
  /** Customer info says KYC is needed: the app forces /kyc. */
  needKyc?: boolean;
  /** The KYC request open for them (sandbox/handlers/kyc.ts): its steps in order and the due diligence level it asks for. */
  kyc?: DemoKyc;
  /** Customer info asks for a personal information update: the app lands on /profile-update. */
  needPersonalInfoUpdate?: boolean;
  /** Not activated yet: sign-in refused until activation with ACTIVATION_CODE. */
  inactive?: boolean;
  /** A date of birth on record (YYYY-MM-DD): account recovery checks it with the name. */
  birthday?: string;
  /** A verification case (sandbox/handlers/verification.ts): its verified and limited flags and its documents, addresses, phones. */
  verification?: VerificationCase;
  /** Tax self-certification not done: lands on the (business) self-certification splash. */
  /** taxResidencySelfCertificationDocumentStatus of the access info (spec 002 s3); absent: validated. */
  selfCertification?: 'validated' | 'pending' | 'none' | 'notRequired' | 'rejected' | 'expiredSoon';
  /** Customer info's redirect flag (useOldWeb, 000 s2): sent on to the old web application's address at sign-in. */
  oldWeb?: true;
  /** Business user who is not yet an authorised user: handed off to the old web app ('fails': the hand-off fails). */
  notAuthorised?: 'handoff' | 'fails';
  /** transactionApproveMode (001 s4): how this customer's money movements are confirmed; default none. */
  approveMode?: 'none' | 'push' | 'sms' | 'otp' | 'approvalCode';
  /** The approval mode in some brands only (it wins over approveMode there). */
  approveModeIn?: Partial<Record<(typeof BRANDS)[number], 'none' | 'push' | 'sms' | 'otp' | 'approvalCode'>>;
  /** An employee's access rights (000 s6, 001 s6: 0 no access, 1 read, 2 full, 3 initiate, 4 confirmed, 5 uploading); default balance 0, transfers 3 (initiate), history 1, merchant 0. */
  permissions?: { balanceInfo: number; transfers: number; history: number; merchant: number };
  /**
   * The companies an employee is an authorised user of (issue 46), each by its demo user's local
   * part with the rights there; the first is the one customer info names. Default: business@ of the
   * brand with `permissions`.
   */
  companies?: { of: string; permissions: Permissions }[];
  /** The user's name; default Ana, Demo <brand number>. */
  name?: { first: string; last: string };
  /** A company's name (with the brand's number and "Ltd" after it); default "Demo Trading <n> SRL". */
  businessName?: string;
  /** Permission flags (001 s3) of the profile: 'all' (default: every transfer offered) or 'none' (the spec's default: every flag false). */
  permissionFlags?: 'all' | 'none';
  /** The address on file (transferDetails, 001 s3): expired, or not matching the current one; external transfers are blocked until it is updated. */
  address?: 'expired' | 'mismatch';
  /** Accounts and activity (sandbox/seed-accounts.ts); default 'basic' (USD, EUR, RON payment accounts). */
  accounts?: AccountSet;
  /** The two phones in the device lists (default); false: none (a user who has never linked a device). */
  devices?: false;
  /** Security lists beyond every customer's (issue 50): an allowed IP list that is on, or lists to edit. */
  securityLists?: 'ipAllowed' | 'toEdit';
  /** A business registered before the current onboarding: customerType 1 (002 s3 "old business"). */
  oldBusiness?: boolean;
  note: string;
}

export const DEMO_USERS: DemoUser[] = [
  { local: 'personal', kind: 'personal', flow: 'simple', accounts: 'rich', note: 'personal customer: every kind of account, cards, crypto, a closed account, announcements' },
  { local: 'business', kind: 'business', flow: 'simple', accounts: 'rich', note: 'business owner: every kind of account, cards, crypto, a closed account, announcements' },
  { local: 'employee', kind: 'employee', flow: 'simple', note: 'business employee, limited rights' },
  { local: 'admin', kind: 'admin', flow: 'simple', note: 'admin: administers the first 30 customers of the brand (personal@, business@ …; not cards@, invoices@): reads them, moves nothing; business@ has two admin documents' },
  { local: 'old-business', kind: 'business', flow: 'simple', oldBusiness: true, note: 'old business (customerType 1, 002 s3): a business in every right, registered before the current onboarding' },
  { local: 'simple', kind: 'personal', flow: 'simple', note: 'auth flow: simple' },
  { local: 'direct', kind: 'personal', flow: 'direct', note: 'auth flow: direct' },
  { local: 'otp', kind: 'personal', flow: 'otp', note: 'auth flow: otp' },
  { local: 'sms', kind: 'personal', flow: 'sms', note: 'auth flow: sms' },
  { local: 'push', kind: 'personal', flow: 'push', note: 'auth flow: push' },
  { local: 'verify-device', kind: 'personal', flow: 'verifyDevice', note: 'auth flow: verifyDevice' },
  { local: 'soft-migration', kind: 'personal', flow: 'otp', migration: 'soft', note: 'push migration: soft' },
  { local: 'strict-migration', kind: 'personal', flow: 'otp', migration: 'strict', note: 'push migration: strict' },
  { local: 'terms', kind: 'personal', flow: 'simple', terms: true, note: 'must accept terms first (a TE reply to the sign-in)' },
  { local: 'new-terms', kind: 'personal', flow: 'simple', terms: 'customerInfo', note: 'new terms carried by customer info: accepted after sign-in, then home' },
  { local: 'blocked', kind: 'personal', flow: 'simple', blocked: true, note: 'sign-in refused (403 with a message)' },
  {
    local: 'kyc',
    kind: 'personal',
    flow: 'simple',
    needKyc: true,
    birthday: '1990-04-12',
    kyc: { steps: ['questions', 'personalInfo', 'dueDiligence'], dueDiligenceLevel: 1 },
    note: 'KYC needed: always sent to /kyc: the questions, the personal data, due diligence level 1 (a proof of the source of funds)',
  },
  { local: 'self-cert', kind: 'personal', flow: 'simple', selfCertification: 'none', note: 'tax self-certification required: lands on its splash' },
  { local: 'self-cert-business', kind: 'business', flow: 'simple', selfCertification: 'none', note: 'company tax self-certification required: lands on its splash' },
  { local: 'representative', kind: 'business', flow: 'simple', notAuthorised: 'handoff', note: 'not yet an authorised user: handed off to the old web app' },
  { local: 'representative-denied', kind: 'business', flow: 'simple', notAuthorised: 'fails', note: 'not yet authorised, hand-off refused: back to login' },
  { local: 'inactive', kind: 'personal', flow: 'simple', inactive: true, note: 'not activated: /activate?action=activation&user=…&code=246810' },
  { local: 'inactive-business', kind: 'business', flow: 'simple', inactive: true, note: 'not activated: action=activationBusiness, code 246810' },
  { local: 'verify-limited', kind: 'personal', flow: 'simple', verification: 'limited', note: 'verification status: limited: two limit reasons (expired documents, an unpaid invoice) waiting for their documents (/limited-account)' },
  { local: 'verify-processing', kind: 'personal', flow: 'simple', verification: 'processing', note: 'verification status: limited, the limit documents uploaded and under review: processing' },
  { local: 'verify-verification-processing', kind: 'personal', flow: 'simple', verification: 'verificationProcessing', note: 'verification status: not verified, the identity document submitted: verification processing' },
  { local: 'verify-unverified', kind: 'personal', flow: 'simple', verification: 'unverified', note: 'verification status: not verified, no identity or address documents yet (/unverified-account)' },
  { local: 'verify-duplicate-documents', kind: 'personal', flow: 'simple', verification: 'duplicateDocuments', note: 'verification status: documents asked for again (uploaded for another customer), none uploaded yet' },
  { local: 'verify-duplicate-uploaded', kind: 'personal', flow: 'simple', verification: 'duplicateDocumentsUploaded', note: 'verification status: documents asked for again, uploaded and waiting' },
  { local: 'verify-required-actions', kind: 'personal', flow: 'simple', verification: 'hasRequiredActions', note: 'verification status: required actions: the identity document rejected, the phone unconfirmed' },
  { local: 'verify-card-document', kind: 'personal', flow: 'simple', verification: 'someCardDocumentRequired', note: 'verification status: a card needs a document for the address' },
  { local: 'verify-final-review', kind: 'personal', flow: 'simple', verification: 'finalReview', note: 'verification status: not verified, every document confirmed: final review' },
  { local: 'verify-new', kind: 'personal', flow: 'simple', verification: 'newCustomer', note: 'verification: a new customer: no identity or address documents, the phone unconfirmed (upload both, confirm the phone, the sandbox confirms: checked)' },
  { local: 'verify-representative', kind: 'business', flow: 'simple', verification: 'unverified', notAuthorised: 'handoff', note: 'verification of an unauthorised representative: always checked (handed off to the old web app at sign-in, no banner)' },
  { local: 'verify-business', kind: 'business', flow: 'simple', verification: 'unverified', note: 'verification status of a business: not verified, no documents yet' },
  {
    local: 'recovery',
    kind: 'personal',
    flow: 'simple',
    birthday: '1988-07-14',
    note: 'account recovery (/account-recovery): Ana, Demo <brand number>, born 1988-07-14; other data are refused (the third time within 24 h for good); the code is in GET /__sandbox/outbox?login=…',
  },
  { local: 'inactive-employee', kind: 'employee', flow: 'simple', inactive: true, note: 'not activated: action=activationEmployee, code 246810' },
  { local: 'no-accounts', kind: 'personal', flow: 'simple', accounts: 'empty', note: 'no accounts yet: home says how to add a currency' },
  { local: 'lockout', kind: 'personal', flow: 'simple', note: 'for the wrong-password limit: 5 wrong in 15 min lock it for 15 min (429)' },
  // New users go last, so brand1's customer ids (e2e tests use some) stay as they were.
  { local: 'cards', kind: 'personal', flow: 'simple', accounts: 'cards', note: 'cards in every status: pause, PIN, reissue, activation, load, external cards' },
  { local: 'one-card', kind: 'personal', flow: 'simple', accounts: 'one-card', note: 'one card only: /cards opens it' },
  {
    local: 'history',
    kind: 'personal',
    flow: 'simple',
    accounts: 'history',
    note: 'history: 100,000 transactions on brand1 (600 elsewhere), a debit card for authorisations, batches, statements, payment instructions',
  },
  { local: 'approve-none', kind: 'personal', flow: 'simple', accounts: 'rich', approveMode: 'none', note: 'transfers approved at once (approval mode none)' },
  { local: 'approve-push', kind: 'personal', flow: 'simple', accounts: 'rich', approveMode: 'push', note: 'transfers approved on the other device (/__sandbox/device), or by SMS instead' },
  { local: 'approve-sms', kind: 'personal', flow: 'simple', accounts: 'rich', approveMode: 'sms', note: 'transfers confirmed with an SMS code (shown on /__sandbox/device)' },
  { local: 'approve-otp', kind: 'personal', flow: 'simple', accounts: 'rich', approveMode: 'otp', note: 'transfers confirmed with an authenticator code (shown on /__sandbox/device)' },
  { local: 'approve-code', kind: 'personal', flow: 'simple', accounts: 'rich', approveMode: 'approvalCode', note: 'transfers confirmed with an approval code by e-mail (shown on /__sandbox/device)' },
  { local: 'no-transfers', kind: 'personal', flow: 'simple', accounts: 'rich', permissionFlags: 'none', note: 'every permission flag false: no transfer is offered (the navigation has no Transfers)' },
  { local: 'address-expired', kind: 'personal', flow: 'simple', accounts: 'rich', address: 'expired', note: 'address on file expired: transfer details block every external transfer (13 on submit)' },
  { local: 'address-mismatch', kind: 'personal', flow: 'simple', accounts: 'rich', address: 'mismatch', note: 'address on file does not match the current one: external transfers blocked (13 on submit)' },
  { local: 'external', kind: 'personal', flow: 'simple', accounts: 'rich', approveMode: 'none', note: 'external transfers of every kind, approved at once: wire and EFT templates, a saved card at another bank' },
  // Business employees by transfers access level (001 s6); they act for business@ of the brand (fromCustomerId).
  {
    local: 'approver',
    kind: 'employee',
    flow: 'simple',
    accounts: 'empty',
    permissions: { balanceInfo: 2, transfers: 4, history: 2, merchant: 0 },
    approveModeIn: { brand6: 'sms' },
    note: 'business employee, transfers level 4 (confirmed): approves or declines the company’s requests (/transfer/approved); in brand6 confirms by SMS code',
  },
  {
    local: 'initiator',
    kind: 'employee',
    flow: 'simple',
    accounts: 'empty',
    permissions: { balanceInfo: 2, transfers: 3, history: 2, merchant: 0 },
    note: 'business employee, transfers level 3 (initiate): every transfer waits for an approver as a request; created business@’s three seeded requests',
  },
  { local: 'no-rights', kind: 'employee', flow: 'simple', accounts: 'empty', permissions: { balanceInfo: 2, transfers: 0, history: 1, merchant: 0 }, note: 'business employee, transfers level 0: no transfers (13), no requests' },
  // Global pay batches (sandbox/handlers/global-pay.ts, sandbox/seed-global-pay.ts).
  {
    local: 'globalpay',
    kind: 'business',
    flow: 'simple',
    approveMode: 'none',
    note: 'global pay batches, approved at once: the draft "March payroll" (4 payments, one to bounce.example) and the completed "October contractors" with a used and an expired receive link (GET /__sandbox/receive-links?login=…)',
  },
  { local: 'globalpay-sms', kind: 'business', flow: 'simple', approveMode: 'sms', note: 'global pay batches confirmed with an SMS code (shown on /__sandbox/device); no batches yet: upload public/samples/global-pay.csv' },
  { local: 'globalpay-push', kind: 'business', flow: 'simple', approveMode: 'push', note: 'global pay batches approved on the other device (/__sandbox/device); no batches yet' },
  // Last, so the other users keep their ids (it belongs with self-cert-business above).
  {
    local: 'self-cert-business-e2e',
    kind: 'business',
    flow: 'simple',
    selfCertification: 'none',
    note: 'company tax self-certification for the e2e tests (reset with /__sandbox/verification-reset)',
  },
  // KYC requests (sandbox/handlers/kyc.ts; POST /__sandbox/kyc-reset restores one).
  {
    local: 'kyc-enhanced',
    kind: 'personal',
    flow: 'simple',
    needKyc: true,
    birthday: '1985-09-30',
    kyc: { steps: ['questions', 'dueDiligence'], dueDiligenceLevel: 4 },
    note: 'KYC needed: the questions and enhanced due diligence (level 4: source of funds, source of wealth, a bank statement)',
  },
  {
    local: 'kyc-identity',
    kind: 'personal',
    flow: 'simple',
    needKyc: true,
    birthday: '1992-02-17',
    kyc: { steps: ['personalInfo', 'identity'] },
    note: 'KYC needed: the personal data, then the identity check with the provider (done when the provider approves it)',
  },
  {
    local: 'kyc-e2e',
    kind: 'personal',
    flow: 'simple',
    needKyc: true,
    birthday: '1990-04-12',
    kyc: { steps: ['questions', 'personalInfo', 'dueDiligence'], dueDiligenceLevel: 1 },
    note: 'KYC like kyc@, for the e2e tests (reset with /__sandbox/kyc-reset)',
  },
  { local: 'profile-update', kind: 'personal', flow: 'simple', needPersonalInfoUpdate: true, birthday: '1987-06-05', note: 'personal information update requested: lands on /profile-update' },
  // A second company of the brand with its own user, and a user of both companies (issue 46: who may act for whom).
  {
    local: 'company-b',
    kind: 'business',
    flow: 'simple',
    businessName: 'Harbour Freight',
    note: 'a second company of the brand (Harbour Freight <n> Ltd) with its own user: business@’s employees are refused for it',
  },
  {
    local: 'company-b-user',
    kind: 'employee',
    flow: 'simple',
    accounts: 'empty',
    companies: [{ of: 'company-b', permissions: { balanceInfo: 2, transfers: 2, history: 2, merchant: 0 } }],
    note: 'authorised user of company-b@ only (full transfers access, 2); refused for business@’s company',
  },
  {
    local: 'two-companies',
    kind: 'employee',
    flow: 'simple',
    accounts: 'empty',
    companies: [
      { of: 'business', permissions: { balanceInfo: 1, transfers: 1, history: 1, merchant: 0 } },
      { of: 'company-b', permissions: { balanceInfo: 2, transfers: 2, history: 2, merchant: 0 } },
    ],
    note: 'authorised user of two companies: reads business@’s company (level 1, no transfers), full access to company-b@’s (customer info names business@; isHaveRelatedAccounts)',
  },
  // Security settings (issue 49, sandbox/handlers/settings.ts; POST /__sandbox/sign-in-state restores one).
  {
    local: 'security',
    kind: 'personal',
    flow: 'simple',
    devices: false,
    note: 'security settings: two-step verification off, no linked device (Off and SMS offered); the password change and its SMS code (GET /__sandbox/outbox?login=…)',
  },
  {
    local: 'security-sms',
    kind: 'personal',
    flow: 'sms',
    devices: false,
    note: 'security settings: two-step verification by SMS (signs in with an SMS code); confirming it is you asks for an SMS code too',
  },
  {
    local: 'security-push',
    kind: 'personal',
    flow: 'push',
    note: 'security settings: two-step verification by push, a linked device (signs in with a push); its codes also show on /__sandbox/device',
  },
  // Security lists (issue 50, sandbox/handlers/security-lists.ts).
  {
    local: 'ip-allowed',
    kind: 'personal',
    flow: 'simple',
    securityLists: 'ipAllowed',
    note: 'allowed IP list on: 127.0.0.1 and 198.51.100.0–198.51.100.255 (sign-in from elsewhere is refused; tests set X-Sandbox-Client-Address)',
  },
  {
    local: 'security-lists',
    kind: 'personal',
    flow: 'simple',
    accounts: 'rich',
    securityLists: 'toEdit',
    note: 'security lists to edit: allowed IP list off with one entry, three blacklisted e-mails (all, p2p, mass), notification settings; the accounts of personal@ (to try the p2p warning)',
  },
  // Invoices (issue 51, sandbox/handlers/invoices.ts, sandbox/seed-invoices.ts; POST /__sandbox/sign-in-state restores them).
  {
    local: 'invoices-business',
    kind: 'business',
    flow: 'simple',
    businessName: 'Lumen Studio',
    note: 'invoices of a business (Lumen Studio <n> Ltd): 45 received from invoices@ (unpaid, some overdue, paid, rejected, payment pending for its approval on /transfer/approved) and 45 sent to it, two funding invoices and an annual fee from the service',
  },
  { local: 'invoices', kind: 'personal', flow: 'simple', approveModeIn: { brand2: 'sms', brand3: 'sms' }, note: 'invoices of a person: 45 received from invoices-business@ (unpaid, some overdue, paid, rejected) and 45 sent to it; USD, EUR and RON accounts to pay from; in brand2 and brand3 payments are confirmed with an SMS code (shown on /__sandbox/device)' },
  {
    local: 'invoices-initiator',
    kind: 'employee',
    flow: 'simple',
    accounts: 'empty',
    companies: [{ of: 'invoices-business', permissions: { balanceInfo: 2, transfers: 3, history: 2, merchant: 0 } }],
    note: 'authorised user of invoices-business@’s company who may only initiate (3): an invoice paid for the company waits for the owner’s approval (payment pending)',
  },
  { local: 'invoices-overdue', kind: 'personal', flow: 'simple', note: 'an invoice from the service ten days overdue: limited for an unpaid invoice (/limited-account) until it is paid' },
  // The company's own file (issue 53, sandbox/handlers/company-file.ts, sandbox/seed-company-file.ts; POST /__sandbox/sign-in-state restores it).
  {
    local: 'company-file',
    kind: 'business',
    flow: 'simple',
    businessName: 'Meridian Works',
    note: 'the company file (/company) with documents in every status: corporate documents refused (the latest), no additional documents, no registration date, an address without a proof, source-of-wealth documents expiring in 10 days, expired and in review; the resolution unsigned; where adult-industry options show, the studio declaration and escort statement unsigned, the streaming platform declaration signed; no representative address yet',
  },
  {
    local: 'company-docs-only',
    kind: 'employee',
    flow: 'simple',
    accounts: 'empty',
    companies: [{ of: 'company-file', permissions: { balanceInfo: 0, transfers: 0, history: 0, merchant: 0 } }],
    note: 'authorised user of company-file@’s company without balance-info access: only the company’s documents (/company-documents); sends documents, changes nothing else',
  },
  {
    local: 'company-reader',
    kind: 'employee',
    flow: 'simple',
    accounts: 'empty',
    companies: [{ of: 'company-file', permissions: { balanceInfo: 1, transfers: 0, history: 1, merchant: 0 } }],
    note: 'authorised user of company-file@’s company with read access (balance info 1): reads the whole file, signs and changes nothing',
  },
  // The company's people and access (issue 54, sandbox/handlers/company-people.ts, sandbox/seed-company-people.ts; POST /__sandbox/sign-in-state of the owner restores them).
  {
    local: 'company-access',
    kind: 'business',
    flow: 'simple',
    businessName: 'Dacia Logistics',
    note: 'the company’s people and access (Dacia Logistics <n> Ltd): directors, shareholders (a company among them), UBOs, one with documents, one whose identity document was refused, two potential users (Victor Lungu, Ana Dobre); five users, two with full access (the owner and company-admin2@), so each change waits for the other: one waiting (company-viewer@ to preparer) and one declined',
  },
  {
    local: 'company-admin2',
    kind: 'employee',
    flow: 'simple',
    accounts: 'empty',
    name: { first: 'Elena', last: 'Vasile' },
    companies: [{ of: 'company-access', permissions: { balanceInfo: 2, transfers: 2, history: 2, merchant: 2 } }],
    note: 'the second full-access user of company-access@’s company (Elena Vasile, also a director): made the waiting change; approves the owner’s changes and the owner hers',
  },
  {
    local: 'company-viewer',
    kind: 'employee',
    flow: 'simple',
    accounts: 'empty',
    name: { first: 'Paul', last: 'Iordache' },
    companies: [{ of: 'company-access', permissions: { balanceInfo: 1, transfers: 1, history: 1, merchant: 0 } }],
    note: 'authorised user of company-access@’s company, read only (1): reads the people and access, changes and decides nothing; the waiting change would make them a preparer',
  },
  {
    local: 'company-initiator',
    kind: 'employee',
    flow: 'simple',
    accounts: 'empty',
    name: { first: 'Dan', last: 'Constantin' },
    companies: [{ of: 'company-access', permissions: { balanceInfo: 2, transfers: 3, history: 2, merchant: 0 } }],
    note: 'authorised user of company-access@’s company who initiates (3): a preparer',
  },
  {
    local: 'company-docs',
    kind: 'employee',
    flow: 'simple',
    accounts: 'empty',
    name: { first: 'Ilinca', last: 'Pavel' },
    companies: [{ of: 'company-access', permissions: { balanceInfo: 0, transfers: 5, history: 0, merchant: 0 } }],
    note: 'authorised user of company-access@’s company holding the hidden level 5 (uploading) without balance info: shown, and kept only as long as it is not changed',
  },
  {
    local: 'company-solo',
    kind: 'business',
    flow: 'simple',
    businessName: 'Solo Studio',
    approveModeIn: { brand2: 'sms', brand3: 'sms' },
    note: 'a company whose owner is its only full-access user (Solo Studio <n> Ltd), one director, one read-only user: a change is confirmed in the owner’s approval mode (applied at once; in brand2 and brand3 with an SMS code)',
  },
  {
    local: 'company-solo-viewer',
    kind: 'employee',
    flow: 'simple',
    accounts: 'empty',
    name: { first: 'Tudor', last: 'Matei' },
    companies: [{ of: 'company-solo', permissions: { balanceInfo: 1, transfers: 1, history: 1, merchant: 0 } }],
    note: 'read-only user (1) of company-solo@’s company',
  },
  {
    local: 'company-support',
    kind: 'admin',
    flow: 'simple',
    note: 'admin who administers company-access@ and company-solo@ of the brand only: reads their people and access, may force a representative’s delete, changes nothing else',
  },
  // The merchant area (issue 55, sandbox/handlers/merchant.ts, sandbox/seed-merchant.ts; POST /__sandbox/sign-in-state of merchant@ restores it).
  {
    local: 'merchant',
    kind: 'business',
    flow: 'simple',
    businessName: 'Copper Kettle',
    note: 'the merchant area (Copper Kettle <n> Ltd): 75 IPN messages (three pages of 25; delivered, failed, not sent; some confirmed), IPN settings on (https://shop.example/ipn, never contacted) and the PBN setting on, two logos (a PNG, the default, and a JPEG), three saved buttons; POST /__sandbox/merchant/payment makes more. Issue 56: 120 subscribers (96 active, 12 cancelled, 12 completed), 25 identity checks (five in each status). The public API area: API keys Production (on), Staging (off) and Old production (rolled, expires in 20 hours), webhooks Orders (on) and Accounting (off), allowed IPs Office, Sandbox host (on) and Old office (off), 1,000 API requests and 300 webhook deliveries in brand1 (120 and 45 elsewhere)',
  },
  { local: 'merchant-new', kind: 'business', flow: 'simple', businessName: 'Fresh Orchard', note: 'a merchant with nothing saved: the IPN and PBN defaults, no messages, logos or buttons, no subscribers or identity checks, no API keys, webhooks, allowed IPs or logs' },
  {
    local: 'merchant-viewer',
    kind: 'employee',
    flow: 'simple',
    accounts: 'empty',
    name: { first: 'Sorin', last: 'Lazar' },
    companies: [{ of: 'merchant', permissions: { balanceInfo: 1, transfers: 1, history: 1, merchant: 1 } }],
    note: 'authorised user of merchant@’s company with merchant level 1: reads the merchant area, changes nothing (403), the internal pages send them to the saved buttons',
  },
  {
    local: 'merchant-staff',
    kind: 'employee',
    flow: 'simple',
    accounts: 'empty',
    name: { first: 'Oana', last: 'Dumitru' },
    companies: [{ of: 'merchant', permissions: { balanceInfo: 1, transfers: 1, history: 1, merchant: 2 } }],
    note: 'authorised user of merchant@’s company with merchant level 2 (full) and read access elsewhere: changes the merchant settings, logos and buttons for the company',
  },
  // Smart contracts, brand1 only (sandbox/handlers/contracts.ts, sandbox/seed-contracts.ts; POST /__sandbox/sign-in-state restores them).
  {
    local: 'contracts',
    kind: 'business',
    flow: 'simple',
    businessName: 'Sunrise Studio',
    note: 'smart contracts (brand1; Sunrise Studio <n> Ltd): 17 with contracts-person@ and contracts-other@ in every status, paying and receiving, as initiator and as counterparty; to sign, cancel or reject (UNSIGNED, WAITING), waiting for identification, signed, active, terminating (by itself and by Mia Rossi), expired, terminated, cancelled, rejected',
  },
  {
    local: 'contracts-reader',
    kind: 'employee',
    flow: 'simple',
    accounts: 'empty',
    name: { first: 'Nora', last: 'Weber' },
    companies: [{ of: 'contracts', permissions: { balanceInfo: 1, transfers: 1, history: 1, merchant: 1 } }],
    note: 'smart contracts (brand1): authorised user of contracts@’s company with merchant level 1 (read): reads its contracts and their PDFs; signs, cancels, rejects and terminates nothing (the page offers no action; the service answers 403)',
  },
  {
    local: 'contracts-person',
    kind: 'personal',
    flow: 'simple',
    name: { first: 'Mia', last: 'Rossi' },
    note: 'smart contracts (brand1): the other party of contracts@ in most of its contracts (initiated an UNSIGNED one contracts@ may sign or reject; pays in a NEED_IDENTIFICATION one, identification processing; terminating one); two with contracts-other@',
  },
  {
    local: 'contracts-other',
    kind: 'personal',
    flow: 'simple',
    name: { first: 'Luca', last: 'Bianchi' },
    note: 'smart contracts (brand1): a second counterparty of contracts@ (its signature awaited in a WAITING one; signed one waiting for contracts@; signed, active, expired, terminated ones); two with contracts-person@',
  },
  // Support tickets, every brand (issue 60: sandbox/handlers/support.ts, helpdesk.ts, sandbox/seed-support.ts; POST /__sandbox/sign-in-state restores them).
  {
    local: 'support',
    kind: 'personal',
    flow: 'simple',
    name: { first: 'Sofia', last: 'Lang' },
    note: 'support tickets (/messages): 28 tickets 10401–10428 (two pages of 20) in every display status: 13 open (the customer wrote last, On Hold, Escalated, an agent’s reply older than 2 weeks — one 14 days and 1 minute old —, one already read), 6 new (an agent’s reply within 2 weeks — one exactly 14 days old —, a Closed-No-Reply one), 9 closed; PDF and PNG attachments. POST /__sandbox/support/reply answers as the agent; /__sandbox/support lists them',
  },
  { local: 'support-empty', kind: 'personal', flow: 'simple', name: { first: 'Jonas', last: 'Weber' }, note: 'support tickets (/messages): none yet; makes the first one' },
  { local: 'old-web', kind: 'personal', flow: 'simple', oldWeb: true, note: 'the redirect flag (useOldWeb, 000 s2): sent on to the old web application (https://old-web.example/<brand>) at sign-in' },
];

/** A demo user's security lists in a brand (see DemoUser.securityLists; the 'rich' users blacklist simple@). */
export function securityListsOf(user: DemoUser, brand: string): SecurityListsSeed {
  const rich: SecurityListsSeed['blacklist'] = user.accounts === 'rich' ? [{ email: demoLogin('simple', brand), blockType: 'all' }] : [];
  if (user.securityLists === 'ipAllowed') {
    return { accessIps: { mode: 'on', entries: [{ ip: '127.0.0.1' }, { ip: '198.51.100.0', toIp: '198.51.100.255' }] }, blacklist: rich };
  }
  if (user.securityLists === 'toEdit') {
    return {
      accessIps: { mode: 'off', entries: [{ ip: '203.0.113.7' }] },
      blacklist: [
        { email: demoLogin('direct', brand), blockType: 'all' },
        { email: demoLogin('otp', brand), blockType: 'p2p' },
        { email: demoLogin('sms', brand), blockType: 'mass' },
      ],
      notifications: { cardPayment: false, productNews: true },
    };
  }
  return { blacklist: rich };
}

/** The employee's companies (see DemoUser.companies). */
export const companiesOfUser = (user: DemoUser): { of: string; permissions: Permissions }[] =>
  user.kind !== 'employee' ? [] : (user.companies ?? [{ of: 'business', permissions: user.permissions ?? { balanceInfo: 0, transfers: 3, history: 1, merchant: 0 } }]);

/** A company's name in a brand (see DemoUser.businessName). */
const businessNameOf = (user: DemoUser | undefined, n: number): string => (user?.businessName ? `${user.businessName} ${n} Ltd` : `Demo Trading ${n} SRL`);

// The people of every business (002 s7 Business lists) and business@'s representatives who certify
// through a link: sandbox/seed-company-people.ts (issue 54: the company's people are its store's).
export { COMPANY_DIRECTORS, COMPANY_SHAREHOLDERS, REPRESENTATIVES };

export const representativeSecret = (brand: string, suffix: string) => `rep-secret-${brand}-${suffix}`;

/** The activation code of every not-yet-activated demo user (the "e-mail" the sandbox sends). */
export const ACTIVATION_CODE = '246810';

export const demoLogin = (local: string, brand: string) => `${local}@${brand}.test`;

export function seed(db: DatabaseSync, now = Date.now()): void {
  const insertCustomer = db.prepare(`INSERT INTO customers
    (id, brand, login, password_hash, kind, first_name, last_name, business_name, auth_flow, two_step_mode, migration, terms_pending, permissions, profile)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const seedAccounts = accountSeeder(db);
  const insertDevice = db.prepare(
    'INSERT INTO devices (id, customer_id, name, code, type, location, last_activity_at, push_token, secret, linked, approved) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const seedSecurityLists = securityListsSeeder(db);
  const passwordHash = hashPassword(DEMO_PASSWORD);
  let id = 1000;
  BRANDS.forEach((brand, b) => {
    for (const user of DEMO_USERS) {
      id += 1;
      // An employee's rights are per company (authorized_users, below); their own record holds nothing.
      const permissions = user.kind === 'employee' ? NO_ACCESS : { balanceInfo: 2, transfers: 2, history: 2, merchant: 2 };
      const employer = DEMO_USERS.find((u) => u.local === companiesOfUser(user)[0]?.of);
      const businessName = user.kind === 'business' ? businessNameOf(user, b + 1) : user.kind === 'employee' ? businessNameOf(employer, b + 1) : null;
      const approveMode = user.approveModeIn?.[brand] ?? user.approveMode;
      insertCustomer.run(
        id,
        brand,
        demoLogin(user.local, brand),
        passwordHash,
        user.kind,
        user.name?.first ?? 'Ana',
        user.name?.last ?? `Demo ${b + 1}`,
        businessName,
        user.flow,
        // login2faMode follows the sign-in flow (sms, otp, push on; the others off).
        modeOfFlow(user.flow),
        user.migration ?? 'none',
        user.terms === 'customerInfo' ? 2 : user.terms ? 1 : 0,
        JSON.stringify(permissions),
        JSON.stringify({
          verified: true,
          limited: false,
          dueDiligenceLevel: 1,
          residenceCountryCode: 'RO',
          // Auth profile (spec 000 s3): push two-factor for users who approve on a linked device.
          scp: user.flow === 'push' ? 'push' : 'none',
          type: { personal: 1, business: 2, employee: 3, admin: 4 }[user.kind],
          ...(user.blocked ? { blocked: true } : {}),
          ...(user.oldBusiness ? { oldBusiness: true } : {}),
          ...(user.needKyc ? { needKyc: true } : {}),
          ...(user.kyc ? seededKyc(user.kyc, id) : {}),
          ...(user.needPersonalInfoUpdate ? { needPersonalInfoUpdate: true } : {}),
          // The code lives 72 hours from the seed (a reset or "Send the code again" renews it).
          ...(user.inactive ? { inactive: true, ...freshActivation(ACTIVATION_CODE, now) } : {}),
          ...(user.birthday ? { birthday: user.birthday } : {}),
          ...(user.verification
            ? { verified: VERIFICATION_CASES[user.verification].verified, limited: VERIFICATION_CASES[user.verification].limited, verification: dataOfCase(user.verification) }
            : {}),
          ...(user.notAuthorised ? { authorisedUser: false, handoff: user.notAuthorised } : {}),
          ...(user.oldWeb ? { useOldWeb: true } : {}),
          ...(user.selfCertification ? { selfCertification: user.selfCertification } : {}),
          ...(approveMode ? { approveMode } : {}),
          ...(user.address === 'expired' ? { addressExpired: true } : {}),
          ...(user.address === 'mismatch' ? { addressMismatch: true } : {}),
          permissionFlags: user.permissionFlags === 'none' ? {} : ALL_PERMISSION_FLAGS,
        }),
      );
      // Two linked phones per customer (push approval, device list of the verifyDevice flow).
      // The device secret is what the mobile app (wrapper mode) exchanges instead of a code.
      if (user.devices !== false) {
        insertDevice.run(`dev-${id}-1`, id, 'Pixel 8', '204816', 'android', 'Bucharest, RO', '2026-11-20T08:15:00Z', `push-${id}-1`, `secret-${id}-1`, 1, 1);
        insertDevice.run(`dev-${id}-2`, id, 'iPhone 15', '731904', 'ios', 'Madrid, ES', '2026-11-18T19:40:00Z', `push-${id}-2`, `secret-${id}-2`, 1, 1);
      }
      seedAccounts(id, user.accounts ?? 'basic', b + 1);
      // The login history, notification settings, allowed IP list and payout blacklist (001 s1 security settings).
      seedSecurityLists(id, now, securityListsOf(user, brand));
    }
  });
  // Who may act for which company: each employee for their companies, with the rights there.
  for (const brand of BRANDS) {
    const idOf = (local: string) => (db.prepare('SELECT id FROM customers WHERE login = ?').get(demoLogin(local, brand)) as { id: number }).id;
    for (const user of DEMO_USERS) {
      for (const company of companiesOfUser(user)) authorise(db, idOf(user.local), idOf(company.of), company.permissions.transfers, company.permissions);
    }
  }
  // After every brand's accounts: the requests' rows take ids after the seeder's.
  for (const brand of BRANDS) seedCompanyRequests(db, brand);
  // business@'s representatives with their links' secrets.
  const insertRepresentative = db.prepare('INSERT INTO representative_secrets (secret, brand, customer_id, person_id, first_name, last_name) VALUES (?, ?, ?, ?, ?, ?)');
  for (const brand of BRANDS) {
    const company = db.prepare('SELECT id FROM customers WHERE login = ?').get(demoLogin('business', brand)) as { id: number };
    for (const r of REPRESENTATIVES) insertRepresentative.run(representativeSecret(brand, r.suffix), brand, company.id, r.id, r.firstName, r.lastName);
  }
  // Last, so the other seeded rows keep their ids.
  BRANDS.forEach((brand, b) => seedGlobalPay(db, b + 1, (local) => demoLogin(local, brand)));
  // After global pay: the payments waiting for an approver add requests and processing rows.
  for (const brand of BRANDS) seedInvoices(db, brand, now);
  // The customers each admin administers and business@'s admin documents (issue 52).
  seedCompany(db, BRANDS, now);
  // Every business's company file (issue 53).
  seedCompanyFiles(db, now);
  // Every business's e-mails (issue 54).
  seedCompanyEmails(db, now);
  // Every business's people, and company-access@'s permission changes (issue 54).
  seedCompanyPeople(db, now);
  // merchant@'s merchant area: IPN messages and settings, the PBN setting, logos, saved buttons (issue 55).
  seedMerchant(db, now);
  // merchant@'s subscribers and identity checks, and the reputation entries (issue 56).
  seedMerchantChecks(db, now);
  // merchant@'s public API area: keys, webhooks, allowed IPs, the API request and webhook logs.
  seedPublicApi(db, now);
  // Smart contracts in brand1: the companies, contracts@'s contracts with contracts-person@ and contracts-other@.
  seedContracts(db, now);
  // Support tickets in every brand: support@'s help desk contact and its 28 tickets (issue 60).
  seedSupport(db, now);
}

/** business@'s waiting transaction requests, created by initiator@ (again after /__sandbox/customer-money of business@). */
export const seedCompanyRequests = (db: DatabaseSync, brand: string): void =>
  seedRequests(db, { company: demoLogin('business', brand), initiator: demoLogin('initiator', brand), payee: demoLogin('personal', brand) });
