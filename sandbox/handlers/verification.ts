import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../db.ts';
import { SANDBOX_CAPTCHA_TOKEN } from '../../machines/registration/captcha.ts';
import { DOCUMENT_CATEGORIES, documentUploadProblems } from '../../machines/verification/verification.rules.ts';
import { typeBorneOut } from '../kernel/file-kinds.ts';
import type { AuthHandlerMap, BodyOf, HandlerContext, HandlerMap, HandlerReply } from '../handler-types.ts';
import { ok, vfDescribed } from '../kernel/replies.ts';
import { denied, owner } from '../access.ts';
import { addCompanyDocument, type AddressOnFile, COMPANY_CATEGORIES, companyFileRefusal, decideCompanyDocument, personName, waitingCompanyDocumentIds } from '../company-file-store.ts';
import { decideRepresentativeDocument, waitingRepresentativeDocumentIds } from '../company-people-store.ts';
import { existingCustomer } from '../kernel/customers.ts';
import { documentTypeIdsOf } from '../reference-lists.ts';
import { proofRefusal, withProof } from '../reauth.ts';
import { UNPAID_INVOICE_REASON, unpaidInvoiceLimit } from '../invoice-store.ts';

/**
 * The account's verification reads (spec 002 s3, s4, s7): identityGet, addressInquiry,
 * profileInquiry, customerLimitReasonGet, personalFatcaCrsCertificationGet. A customer's
 * verification data live in its profile (`verification`); a demo user of a verification case
 * (sandbox/seed.ts `verification`) starts from that case's data, everyone else from a fully
 * checked customer. machines/verification/verification.rules.ts decides the status from them.
 */

interface Doc {
  id: number;
  statusId: number;
  documentTypeId: number;
  issuedDate?: string | null;
  expiresDate?: string | null;
  rejectReason?: string | null;
  /** When it was sent (ISO), for documents uploaded in the sandbox. */
  createdDate?: string | null;
}

export interface VerificationData {
  identity: { type: string | null; typeId: number | null; number: string | null; issuedDate: string | null; expiresDate: string | null; status: number | null; rejectReason: string | null; uploadedDocuments: Doc[] };
  videoIdentityStatus: string | null;
  proofOfResidenceStatus: string;
  addresses: AddressOnFile<Doc>[];
  phones: { id: number; status: string | null; phoneCountryCode: string; phone: string; phoneType: number; confirmed: boolean }[];
  duplicateDocuments: { required: boolean; uploadedDocuments: Doc[] };
  limitReasons: { actionTypeId: number; requirementDocuments: { documentTypeId: number; name: string; uploadedDocuments: Doc[] }[] }[];
  certification: { w9FormDocumentStatus: string; certificateOfLossOfNationalityDocumentStatus: string; taxResidencySelfCertificationDocumentStatus: string; w8BenFormDocumentStatus: string };
}

const doc = (id: number, statusId: number, documentTypeId = 1, extra: Partial<Doc> = {}): Doc => ({ id, statusId, documentTypeId, issuedDate: '2023-05-02', expiresDate: '2033-05-01', rejectReason: null, ...extra });

/** A fully checked customer: a confirmed passport and address, a confirmed phone, the certification validated. */
export function checkedData(): VerificationData {
  return {
    identity: { type: 'Passport', typeId: 1, number: 'RO1234567', issuedDate: '2023-05-02', expiresDate: '2033-05-01', status: 2, rejectReason: null, uploadedDocuments: [doc(9001, 2)] },
    videoIdentityStatus: null,
    proofOfResidenceStatus: 'notRequired',
    addresses: [
      {
        addressId: 501,
        address1: 'Strada Lipscani 12',
        address2: null,
        city: 'Bucharest',
        postalCode: '030031',
        countryCode: 'RO',
        stateCode: null,
        stateName: null,
        addressStatus: 1,
        confirmed: true,
        uploadedDocuments: [doc(9002, 2, 2)],
        isDocumentOutOfDate: false,
        isCardDocumentRequired: false,
        isDocumentRequired: false,
      },
    ],
    phones: [{ id: 701, status: 'Primary', phoneCountryCode: '40', phone: '721555010', phoneType: 2, confirmed: true }],
    duplicateDocuments: { required: false, uploadedDocuments: [] },
    limitReasons: [],
    certification: {
      w9FormDocumentStatus: 'validated',
      certificateOfLossOfNationalityDocumentStatus: 'validated',
      taxResidencySelfCertificationDocumentStatus: 'validated',
      w8BenFormDocumentStatus: 'validated',
    },
  };
}

/** The verification cases of the demo users (one per status of 002 s4): the flags and the data that lead there. */
export const VERIFICATION_CASES = {
  checked: { verified: true, limited: false, change: () => {} },
  limited: {
    verified: true,
    limited: true,
    change: (d: VerificationData) => {
      d.limitReasons = [
        { actionTypeId: 1, requirementDocuments: [{ documentTypeId: 1, name: 'A valid identity document', uploadedDocuments: [] }] },
        { actionTypeId: 2, requirementDocuments: [{ documentTypeId: 51, name: 'Proof of payment of the open invoice', uploadedDocuments: [] }] },
      ];
    },
  },
  processing: {
    verified: true,
    limited: true,
    change: (d: VerificationData) => {
      d.limitReasons = [{ actionTypeId: 4, requirementDocuments: [{ documentTypeId: 50, name: 'A statement about the press reports', uploadedDocuments: [doc(9101, 41, 50)] }] }];
    },
  },
  verificationProcessing: {
    verified: false,
    limited: false,
    change: (d: VerificationData) => {
      d.identity.uploadedDocuments = [doc(9201, 0)];
    },
  },
  unverified: {
    verified: false,
    limited: false,
    change: (d: VerificationData) => {
      d.identity.uploadedDocuments = [];
      d.addresses[0]!.uploadedDocuments = [];
    },
  },
  duplicateDocuments: {
    verified: true,
    limited: false,
    change: (d: VerificationData) => {
      d.duplicateDocuments = { required: true, uploadedDocuments: [] };
    },
  },
  duplicateDocumentsUploaded: {
    verified: true,
    limited: false,
    change: (d: VerificationData) => {
      d.duplicateDocuments = { required: true, uploadedDocuments: [doc(9301, 0)] };
    },
  },
  hasRequiredActions: {
    verified: true,
    limited: false,
    change: (d: VerificationData) => {
      d.phones[0]!.confirmed = false;
      d.identity.status = 26;
      d.identity.rejectReason = 'The photo is not readable';
    },
  },
  someCardDocumentRequired: {
    verified: true,
    limited: false,
    change: (d: VerificationData) => {
      d.addresses[0]!.isCardDocumentRequired = true;
      d.addresses[0]!.uploadedDocuments = [];
    },
  },
  newCustomer: {
    verified: false,
    limited: false,
    change: (d: VerificationData) => {
      d.identity = { type: null, typeId: null, number: null, issuedDate: null, expiresDate: null, status: null, rejectReason: null, uploadedDocuments: [] };
      d.addresses[0]!.uploadedDocuments = [];
      d.addresses[0]!.addressStatus = 0;
      d.addresses[0]!.isDocumentRequired = true;
      d.phones[0]!.confirmed = false;
    },
  },
  finalReview: {
    verified: false,
    limited: false,
    change: () => {},
  },
} satisfies Record<string, { verified: boolean; limited: boolean; change: (d: VerificationData) => void }>;
export type VerificationCase = keyof typeof VERIFICATION_CASES;

export function dataOfCase(name: VerificationCase): VerificationData {
  const data = checkedData();
  VERIFICATION_CASES[name].change(data);
  return data;
}

/** A customer's verification data (its profile's, else a checked customer's). */
export function verificationOf(db: Db, customerId: number | null): VerificationData {
  const row = db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string } | undefined;
  const profile = row ? (JSON.parse(row.profile) as { verification?: VerificationData }) : {};
  return profile.verification ?? checkedData();
}

/** A request to sign in with another e-mail (002 s3): active (awaiting the link), pending (with the service), failed. */
export interface UsernameChange {
  email: string;
  status: 'active' | 'pending' | 'failed';
}

/** The login (Primary), then the address asked for, with its request's status. */
function emailsOf(login: string, profile: { usernameChange?: UsernameChange }) {
  const change = profile.usernameChange;
  return [{ id: 1, email: login, status: 'Primary', usernameChangeRequest: null }, ...(change ? [{ id: 2, email: change.email, status: null, usernameChangeRequest: change.status }] : [])];
}

/** Every document uploaded, with its category (identity 1, address 2, limit and other documents 5), newest first. */
function documentsOf(data: VerificationData) {
  const of = (docs: Doc[], categoryId: number) => docs.map((d) => ({ id: d.id, statusId: d.statusId, documentTypeId: d.documentTypeId, categoryId, issuedDate: d.issuedDate ?? null, expiresDate: d.expiresDate ?? null, rejectReason: d.rejectReason ?? null, createdDate: d.createdDate ?? null }));
  return [
    ...of(data.identity.uploadedDocuments, 1),
    ...data.addresses.flatMap((a) => of(a.uploadedDocuments, 2)),
    ...data.limitReasons.flatMap((r) => r.requirementDocuments.flatMap((d) => of(d.uploadedDocuments, 5))),
    ...of(data.duplicateDocuments.uploadedDocuments, 1),
  ].sort((a, b) => b.id - a.id);
}


export const verificationHandlers: HandlerMap = {
  identityGet: ({ db, customerId }) => {
    const data = verificationOf(db, customerId);
    return ok({ identity: data.identity, videoIdentityStatus: data.videoIdentityStatus, proofOfResidenceStatus: data.proofOfResidenceStatus });
  },
  addressInquiry: ({ db, customerId }) => ok({ addresses: verificationOf(db, customerId).addresses }),
  profileInquiry: ({ db, customerId }) => {
    const data = verificationOf(db, customerId);
    const row = db.prepare('SELECT login, profile FROM customers WHERE id = ?').get(customerId) as { login: string; profile: string };
    const profile = JSON.parse(row.profile) as { residenceCountryCode?: string; taxId?: string; usernameChange?: UsernameChange };
    return ok({
      phones: data.phones,
      emails: emailsOf(row.login, profile),
      taxId: profile.taxId ?? null,
      residenceCountryCode: profile.residenceCountryCode ?? null,
      duplicateDocuments: data.duplicateDocuments,
    });
  },
  emailInquiry: ({ db, customerId }) => {
    const row = db.prepare('SELECT login, profile FROM customers WHERE id = ?').get(customerId) as { login: string; profile: string };
    return ok({ emails: emailsOf(row.login, JSON.parse(row.profile) as { usernameChange?: UsernameChange }) });
  },
  documentsInquiry: ({ db, customerId }) => ok({ documents: documentsOf(verificationOf(db, customerId)) }),
  // The case's reasons, and "unpaid invoice" (2) while an invoice from the service is overdue (issue 51: it ends when paid; nothing to send).
  customerLimitReasonGet: ({ db, customerId, now }) => {
    const reasons = verificationOf(db, customerId).limitReasons;
    return ok({ reasons: unpaidInvoiceLimit(db, customerId, now()) ? [...reasons, UNPAID_INVOICE_REASON] : reasons });
  },
};

// ---- phones and the tax id ------------------------------------------------------------

/** How a phone is verified (002 s3; the contract's enum, auth.yaml verifyPhone). */
export const PHONE_VERIFICATION_TYPES = ['sms', 'email', 'camera'] as const;
type PhoneVerificationType = (typeof PHONE_VERIFICATION_TYPES)[number];

interface PendingPhoneCheck {
  reqId: string;
  phoneId: number;
  challenge: string;
  /** The six digits sent (sms, email), or the camera link's approvalCode (16 hex characters). */
  code: string;
  expires: number;
  tries: number;
  /** Absent in checks stored before the types: sms. */
  type?: PhoneVerificationType;
}

const PHONE_CODE_MINUTES = 10;
const MAX_PHONE_TRIES = 3;

/** The customer's verification data as stored (the seed's, or the checked default). */
function loadData(db: Db, customerId: number | null): VerificationData {
  const row = db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string };
  const profile = JSON.parse(row.profile) as Record<string, unknown>;
  return (profile.verification as VerificationData | undefined) ?? checkedData();
}

function saveData(db: Db, customerId: number | null, change: (data: VerificationData, profile: Record<string, unknown>) => void): void {
  const row = db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string };
  const profile = JSON.parse(row.profile) as Record<string, unknown>;
  const data = (profile.verification as VerificationData | undefined) ?? checkedData();
  change(data, profile);
  db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify({ ...profile, verification: data }), customerId);
}


const base64url = (bytes: Buffer) => bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export const profileWriteHandlers: HandlerMap = {
  /** 002 s5: replace when a phone id exists, otherwise add; the phone is unconfirmed until confirmed. */
  phoneUpdate: (ctx) => {
    const { db, customerId, body } = ctx;
    // Re-authentication (issue 49): once the customer has a confirmed phone, adding or replacing one
    // needs the proof (the phone is where codes go); a customer without one (onboarding) adds theirs.
    const confirmedPhone = loadData(db, customerId).phones.some((p) => p.confirmed === true);
    if (confirmedPhone) {
      const refusal = proofRefusal(ctx);
      if (refusal) return refusal;
    }
    const phone = String(body.phone ?? '').replace(/[\s-]/g, '');
    if (!/^\d{4,15}$/.test(phone)) return vfDescribed([{ param: 'phone', description: 'Enter the phone number with digits only' }]);
    let phoneId = 0;
    let unknown = false;
    saveData(db, customerId, (data) => {
      const fresh = { phoneCountryCode: String(body.phoneCountryCode), phone, phoneType: 2, confirmed: false };
      if (body.phoneId !== undefined) {
        const index = data.phones.findIndex((p) => p.id === Number(body.phoneId));
        if (index < 0) {
          unknown = true;
          return;
        }
        phoneId = data.phones[index]!.id;
        data.phones[index] = { ...data.phones[index]!, ...fresh };
      } else {
        phoneId = Math.max(700, ...data.phones.map((p) => p.id)) + 1;
        data.phones.push({ id: phoneId, status: data.phones.length === 0 ? 'Primary' : null, ...fresh });
      }
    });
    if (unknown) return vfDescribed([{ param: 'phoneId', description: 'This phone is not on your profile' }]);
    return ok({ phoneId });
  },

  confirmPhone: ({ db, customerId, body, now }) => {
    const row = db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string };
    const checks = ((JSON.parse(row.profile) as { phoneChecks?: PendingPhoneCheck[] }).phoneChecks ?? []).filter((c) => c.expires > now());
    const byReq = body.reqId !== undefined ? checks.find((c) => c.reqId === String(body.reqId)) : undefined;
    const byPhone = body.phoneId !== undefined ? checks.filter((c) => c.phoneId === Number(body.phoneId)).at(-1) : undefined;
    const check = byReq ?? byPhone;
    const code = String(body.approvalCode ?? body.code ?? '').trim();
    if (!check) return vfDescribed([{ param: 'code', description: 'The code has expired. Ask for a new one.' }]);
    // A camera verification is confirmed on the phone (reqId and its link's approvalCode), never with a code typed here.
    if (!byReq && check.type === 'camera') return vfDescribed([{ param: 'code', description: 'Confirm this phone on the phone itself, with the link we sent it' }]);
    if (!byReq) {
      const verifier = String(body.codeVerifier ?? '');
      if (base64url(createHash('sha256').update(verifier).digest()) !== check.challenge) return vfDescribed([{ param: 'codeVerifier', description: 'This verification was not started here' }]);
    }
    if (check.tries >= MAX_PHONE_TRIES) return vfDescribed([{ param: 'code', description: 'Too many wrong codes. Ask for a new one.' }]);
    if (code !== check.code) {
      saveData(db, customerId, (_data, profile) => {
        profile.phoneChecks = checks.map((c) => (c.reqId === check.reqId ? { ...c, tries: c.tries + 1 } : c));
      });
      return vfDescribed([{ param: 'code', description: 'The code is not correct' }]);
    }
    saveData(db, customerId, (data, profile) => {
      profile.phoneChecks = checks.filter((c) => c.reqId !== check.reqId);
      data.phones = data.phones.map((p) => (p.id === check.phoneId ? { ...p, confirmed: true } : p));
    });
    return ok({});
  },

  /** 002 s3: one request at a time; a link goes to the new address (the outbox); active until it is opened. */
  /** Needs the proof of re-authentication (issue 49): the address one signs in with. */
  usernameChangeRequestCreate: withProof(({ db, customerId, body, now }) => {
    const email = String(body.email ?? '').trim().toLowerCase();
    const row = db.prepare('SELECT login, profile FROM customers WHERE id = ?').get(customerId) as { login: string; profile: string };
    if (email === row.login.toLowerCase()) return vfDescribed([{ param: 'email', description: 'This is already the address you sign in with' }]);
    if (db.prepare('SELECT 1 FROM customers WHERE lower(login) = ?').get(email)) return vfDescribed([{ param: 'email', description: 'This address belongs to another customer' }]);
    const current = (JSON.parse(row.profile) as { usernameChange?: UsernameChange }).usernameChange;
    if (current?.status === 'pending') return vfDescribed([{ param: 'email', description: 'Your last request is still being checked' }]);
    saveData(db, customerId, (_data, profile) => {
      profile.usernameChange = { email, status: 'active' } satisfies UsernameChange;
    });
    db.prepare('INSERT INTO outbox (customer_id, to_email, subject, created, link, code) VALUES (?, ?, ?, ?, ?, NULL)').run(customerId, email, 'Confirm your new sign-in address', now(), '/?usernameChange=confirm');
    return ok({});
  }),

  usernameChangeRequestCancel: ({ db, customerId }) => {
    const row = db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string };
    const current = (JSON.parse(row.profile) as { usernameChange?: UsernameChange }).usernameChange;
    if (!current) return vfDescribed([{ param: 'email', description: 'There is no request to withdraw' }]);
    if (current.status === 'pending') return vfDescribed([{ param: 'email', description: 'This request is already being checked and cannot be withdrawn' }]);
    saveData(db, customerId, (_data, profile) => {
      delete profile.usernameChange;
    });
    return ok({});
  },

  customerTaxNumberUpdate: ({ db, customerId, body }) => {
    const taxId = String(body.taxId ?? '').trim();
    if (!/^[A-Za-z0-9 ./-]{4,40}$/.test(taxId)) return vfDescribed([{ param: 'taxId', description: 'The tax id has 4 to 40 letters, digits, spaces, dots, slashes or dashes' }]);
    saveData(db, customerId, (_data, profile) => {
      profile.taxId = taxId;
    });
    return ok({});
  },
};

/**
 * REST POST /verification/phones/{phoneId}/verify (auth service), by type (002 s3): sms, a code to
 * the phone; email, the code to the customer's e-mail address (their login); both in the sandbox's
 * outbox, confirmed by confirmPhone with the challenge's verifier and the code. camera, a link to
 * the phone (the outbox's SMS, its `link`) that the mobile app opens to confirm with the phone's
 * camera: the sandbox's "other device" page (or POST /__sandbox/phone-verifications/{reqId}/confirm)
 * plays the phone (confirmPhoneOnThePhone). Another type: 400 (the contract's enum, and here).
 */
export const phoneVerifyHandlers: AuthHandlerMap = {
  verifyPhone: ({ db, customerId, params, body, now }) => {
    const phoneId = Number(params.phoneId);
    const type = PHONE_VERIFICATION_TYPES.find((t) => t === body.type);
    if (!type) return { status: 400, body: { message: 'Choose how to verify the phone: sms, email or camera' } };
    const data = verificationOf(db, customerId);
    const phone = data.phones.find((p) => p.id === phoneId);
    if (!phone) return { status: 404, body: { message: 'This phone is not on your profile' } };
    if (body.captcha !== SANDBOX_CAPTCHA_TOKEN) return { status: 400, body: { message: 'The captcha was not passed' } };
    const row = db.prepare('SELECT login, profile FROM customers WHERE id = ?').get(customerId) as { login: string; profile: string };
    const recent = ((JSON.parse(row.profile) as { phoneChecks?: PendingPhoneCheck[] }).phoneChecks ?? []).filter((c) => c.expires > now());
    if (recent.filter((c) => c.phoneId === phoneId).length >= 3) return { status: 429, headers: { 'Retry-After': String(PHONE_CODE_MINUTES * 60) }, body: { message: 'Too many codes for this phone. Try again later.' } };
    const code = type === 'camera' ? randomBytes(8).toString('hex') : String(randomInt(0, 1_000_000)).padStart(6, '0');
    const reqId = randomBytes(8).toString('hex');
    saveData(db, customerId, (_data, profile) => {
      profile.phoneChecks = [...recent, { reqId, phoneId, challenge: body.codeChallenge, code, expires: now() + PHONE_CODE_MINUTES * 60_000, tries: 0, type }];
    });
    const number = `+${phone.phoneCountryCode}${phone.phone}`;
    const outbox = db.prepare('INSERT INTO outbox (customer_id, to_email, subject, created, link, code) VALUES (?, ?, ?, ?, ?, ?)');
    if (type === 'sms') outbox.run(customerId, number, 'SMS: your phone verification code', now(), null, code);
    else if (type === 'email') outbox.run(customerId, row.login, `Your code to verify the phone ${number}`, now(), null, code);
    else outbox.run(customerId, number, 'SMS: open the link to confirm this phone with its camera', now(), `app://verify-phone?reqId=${reqId}&approvalCode=${code}`, null);
    const message = { sms: 'The code was sent by SMS', email: 'The code was sent to your e-mail address', camera: 'The link was sent to the phone' }[type];
    return { status: 200, body: { message, reqId } };
  },
};

/** A camera verification waiting for the phone (the "other device" page lists them). */
export interface PendingCameraCheck {
  reqId: string;
  login: string;
  customerId: number;
  phone: string;
}

/** The camera verifications not yet confirmed nor expired, newest first; `login` for one customer's. */
export function pendingCameraChecks(db: Db, now: number, login?: string): PendingCameraCheck[] {
  const rows = db.prepare(`SELECT id, login, profile FROM customers WHERE profile LIKE '%"type":"camera"%' ${login ? 'AND login = ?' : ''}`).all(...(login ? [login] : [])) as { id: number; login: string; profile: string }[];
  return rows
    .flatMap((r) => {
      const profile = JSON.parse(r.profile) as { phoneChecks?: PendingPhoneCheck[]; verification?: VerificationData };
      const phones = (profile.verification ?? checkedData()).phones;
      return (profile.phoneChecks ?? [])
        .filter((c) => c.type === 'camera' && c.expires > now)
        .map((c) => {
          const phone = phones.find((p) => p.id === c.phoneId);
          return { reqId: c.reqId, login: r.login, customerId: r.id, phone: phone ? `+${phone.phoneCountryCode}${phone.phone}` : '', expires: c.expires };
        });
    })
    .sort((a, b) => b.expires - a.expires)
    .map(({ expires: _e, ...check }) => check);
}

/**
 * The phone confirms a camera verification (the mobile app opened the link and the camera did its
 * part: confirmPhone with reqId and the approvalCode, as the service takes it). The customer it was
 * for (the caller tells their sessions: `verification.changed`), or null when no such verification waits.
 */
export function confirmPhoneOnThePhone(db: Db, reqId: string, now: number): number | null {
  const check = pendingCameraChecks(db, now).find((c) => c.reqId === reqId);
  if (!check) return null;
  saveData(db, check.customerId, (data, profile) => {
    const checks = (profile.phoneChecks as PendingPhoneCheck[] | undefined) ?? [];
    const found = checks.find((c) => c.reqId === reqId)!;
    profile.phoneChecks = checks.filter((c) => c.reqId !== reqId);
    data.phones = data.phones.map((p) => (p.id === found.phoneId ? { ...p, confirmed: true } : p));
  });
  return check.customerId;
}

// ---- addresses --------------------------------------------------------------------------

/** Physical cards on their way (submitted, printing, printed, shipped, pending, processing) still go to the old address. */
const ON_THE_WAY = [0, 19, 20, 21, 23, 41];
/** Physical cards in use (active, paused) are cancelled by a move to another country. */
const IN_USE_CARDS = [2, 71];

const addressFields = (body: BodyOf<'addressCreate' | 'addressReplace'>) => ({
  address1: String(body.address1 ?? '').trim(),
  address2: body.address2 ? String(body.address2).trim() : null,
  city: String(body.city ?? '').trim(),
  postalCode: String(body.postalCode ?? '').trim(),
  countryCode: String(body.countryCode ?? ''),
  stateCode: body.stateCode ? String(body.stateCode) : null,
  stateName: null,
});

/** A new address: the customer states it (confirmed), its proof is still to give (status 0, a document required). */
const newAddress = (addressId: number, body: BodyOf<'addressCreate' | 'addressReplace'>): VerificationData['addresses'][number] => ({
  addressId,
  ...addressFields(body),
  addressStatus: 0,
  confirmed: true,
  uploadedDocuments: [],
  isDocumentOutOfDate: false,
  isCardDocumentRequired: false,
  isDocumentRequired: true,
});

export const addressHandlers: HandlerMap = {
  addressCreate: ({ db, customerId, body }) => {
    let addressId = 0;
    saveData(db, customerId, (data) => {
      addressId = Math.max(500, ...data.addresses.map((a) => a.addressId)) + 1;
      data.addresses.push(newAddress(addressId, body));
    });
    return ok({ addressId });
  },
  addressReplace: ({ db, customerId, body }) => {
    let addressId = 0;
    let unknown = false;
    saveData(db, customerId, (data) => {
      const index = data.addresses.findIndex((a) => a.addressId === Number(body.addressId));
      if (index < 0) {
        unknown = true;
        return;
      }
      addressId = Math.max(500, ...data.addresses.map((a) => a.addressId)) + 1;
      data.addresses[index] = newAddress(addressId, body);
    });
    return unknown ? vfDescribed([{ param: 'addressId', description: 'This address is not on your profile' }]) : ok({ addressId });
  },
  addressDelete: ({ db, customerId, body }) => {
    let unknown = false;
    saveData(db, customerId, (data) => {
      const before = data.addresses.length;
      data.addresses = data.addresses.filter((a) => a.addressId !== Number(body.id));
      unknown = data.addresses.length === before;
    });
    return unknown ? vfDescribed([{ param: 'id', description: 'This address is not on your profile' }]) : ok({});
  },
  confirmAddress: ({ db, customerId, body }) => {
    let unknown = true;
    saveData(db, customerId, (data) => {
      data.addresses = data.addresses.map((a) => {
        if (a.addressId !== Number(body.addressId)) return a;
        unknown = false;
        return { ...a, confirmed: true };
      });
    });
    return unknown ? vfDescribed([{ param: 'addressId', description: 'This address is not on your profile' }]) : ok({});
  },
  addressReplacementCompatibility: ({ db, customerId, body }) => {
    const old = verificationOf(db, customerId).addresses.find((a) => a.addressId === Number(body.oldAddressId));
    if (!old) return vfDescribed([{ param: 'oldAddressId', description: 'This address is not on your profile' }]);
    const cards = db
      .prepare('SELECT id, status_id, card_alias FROM accounts WHERE customer_id = ? AND card_is_virtual = 0 ORDER BY id')
      .all(customerId) as { id: number; status_id: number; card_alias: string | null }[];
    const view = (c: (typeof cards)[number]) => ({ accountId: c.id, alias: c.card_alias });
    const moving = String(body.countryCode) !== old.countryCode;
    return ok({
      cardAccountsToBeCanceled: moving ? cards.filter((c) => IN_USE_CARDS.includes(c.status_id)).map(view) : [],
      cardAccountsToBeShippedToOldAddress: cards.filter((c) => ON_THE_WAY.includes(c.status_id)).map(view),
    });
  },
};

// ---- documents ----------------------------------------------------------------------------

/** Every document list of the data, to find one by id. */
const documentLists = (data: VerificationData): Doc[][] => [
  data.identity.uploadedDocuments,
  ...data.addresses.map((a) => a.uploadedDocuments),
  ...data.limitReasons.flatMap((r) => r.requirementDocuments.map((d) => d.uploadedDocuments)),
  data.duplicateDocuments.uploadedDocuments,
];

/** What is wrong with an upload's files (the app's rule, each file's type as its bytes bear it out), as the VF on the first part; null when nothing. */
function uploadFileRefusal(ctx: Pick<HandlerContext<'documentUpload'>, 'files'>, documentTypeId: number, country: string | null): HandlerReply | null {
  const { files } = ctx;
  const parts = Object.fromEntries((['front', 'back', 'stamp'] as const).map((part) => [part, files[part] ? { type: typeBorneOut(files[part]!), size: files[part]!.size } : null]));
  const first = Object.entries(documentUploadProblems(documentTypeId, country, parts))[0];
  return first ? vfDescribed([{ param: first[0], description: `The ${first[0]} of the document: ${first[1]}` }]) : null;
}

/**
 * A company document (categories 4, 7, 10, 11; issue 53) goes to the acting company's file
 * (sandbox/company-file-store.ts): whoever may act for the company sends it but an admin (a user
 * without balanceInfo too: 002 s6); a customer that is not a business: UE. Its type must be one of
 * the category's; a business address proof names one of the company's addresses.
 */
function companyDocumentUpload(ctx: HandlerContext<'documentUpload'>): HandlerReply {
  const { db, body, now } = ctx;
  const acting = owner(ctx);
  if (acting === null) return denied;
  const refusal = companyFileRefusal(db, ctx.customerId, acting, 'upload');
  if (refusal) return refusal;
  const company = existingCustomer(db, acting);
  const documentTypeId = Number(body.documentTypeId);
  const files = uploadFileRefusal(ctx, documentTypeId, (JSON.parse(company.profile) as { residenceCountryCode?: string }).residenceCountryCode ?? null);
  if (files) return files;
  const categoryId = Number(body.categoryId);
  if (!documentTypeIdsOf(categoryId).includes(documentTypeId)) return vfDescribed([{ param: 'documentTypeId', description: 'Choose a document type of this category' }]);
  const added = addCompanyDocument(
    db,
    acting,
    {
      categoryId,
      documentTypeId,
      addressId: body.addressId ?? null,
      issuedDate: body.issuedDate ?? null,
      expiresDate: body.expiresDate ?? null,
      sender: personName(existingCustomer(db, ctx.customerId!)),
    },
    now(),
  );
  if (added === 'addressId') return vfDescribed([{ param: 'addressId', description: 'This address is not on the company file' }]);
  return ok({ documentId: added.documentId, statusId: 0 });
}

export const verificationDocumentHandlers: HandlerMap = {
  /**
   * Multipart: the data part and the files (front, back, stamp), checked with the app's rule (each
   * file's type as its bytes bear it out); the document starts submitted. The company's categories
   * go to the acting company's file (companyDocumentUpload); the others to the signed-in customer's
   * verification.
   */
  documentUpload: (ctx) => {
    const { duplicate, limitReasonActionTypeId } = ctx.body;
    if (COMPANY_CATEGORIES.includes(Number(ctx.body.categoryId)) && duplicate !== true && limitReasonActionTypeId === undefined) return companyDocumentUpload(ctx);
    const { db, customerId, body, now } = ctx;
    const row = db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string };
    const country = (JSON.parse(row.profile) as { residenceCountryCode?: string }).residenceCountryCode ?? null;
    const documentTypeId = Number(body.documentTypeId);
    const files = uploadFileRefusal(ctx, documentTypeId, country);
    if (files) return files;
    let documentId = 0;
    let unknown: string | null = null;
    saveData(db, customerId, (data) => {
      documentId = Math.max(9000, ...documentLists(data).flat().map((d) => d.id)) + 1;
      const doc: Doc = { id: documentId, statusId: 0, documentTypeId, issuedDate: body.issuedDate ?? null, expiresDate: body.expiresDate ?? null, rejectReason: null, createdDate: new Date(now()).toISOString() };
      if (body.duplicate === true) data.duplicateDocuments.uploadedDocuments.push(doc);
      else if (body.limitReasonActionTypeId !== undefined) {
        const requirement = data.limitReasons.find((r) => r.actionTypeId === Number(body.limitReasonActionTypeId))?.requirementDocuments.find((d) => d.documentTypeId === documentTypeId);
        if (!requirement) unknown = 'limitReasonActionTypeId';
        else requirement.uploadedDocuments.push(doc);
      } else if (Number(body.categoryId) === DOCUMENT_CATEGORIES.identity) {
        data.identity.uploadedDocuments.push(doc);
        data.identity.status = 0;
        data.identity.rejectReason = null;
      } else if (Number(body.categoryId) === DOCUMENT_CATEGORIES.address) {
        const address = data.addresses.find((a) => a.addressId === Number(body.addressId));
        if (!address) unknown = 'addressId';
        else {
          address.uploadedDocuments.push(doc);
          address.addressStatus = 2;
        }
      } else unknown = 'categoryId';
    });
    if (unknown) return vfDescribed([{ param: unknown, description: 'This document does not belong to anything on your profile' }]);
    return ok({ documentId, statusId: 0 });
  },
};

/** The documents of a customer still waiting for the service's decision (submitted, under investigation, pending): their own, and a business's company file's (issue 53). */
export function waitingDocumentIds(db: Db, customerId: number): number[] {
  const own = documentLists(verificationOf(db, customerId))
    .flat()
    .filter((d) => d.statusId === 0 || d.statusId === 31 || d.statusId === 41)
    .map((d) => d.id);
  return [...own, ...waitingCompanyDocumentIds(db, customerId), ...waitingRepresentativeDocumentIds(db, customerId)];
}

/**
 * The service's decision on a document of the customer (the sandbox's control API): their own
 * verification's (decidePersonalDocument), else their company file's (issue 53: only the file
 * changes, never the personal verification flags). Answers whose document it was, or null when
 * neither has it.
 */
export function decideDocument(db: Db, customerId: number, documentId: number, decision: 'confirm' | 'reject', now: number): 'personal' | 'company' | null {
  if (documentLists(verificationOf(db, customerId)).flat().some((d) => d.id === documentId)) {
    decidePersonalDocument(db, customerId, documentId, decision);
    return 'personal';
  }
  // A company's file, else one of its representatives' documents (issue 54): both the company's news.
  return decideCompanyDocument(db, customerId, documentId, decision, now) || decideRepresentativeDocument(db, customerId, documentId, decision) ? 'company' : null;
}

/**
 * The service's decision on a document (the sandbox's control API): confirmed or refused. A
 * confirmed identity document confirms the identity, a confirmed proof confirms its address; when
 * the identity and every address are confirmed the customer is verified; when every limit
 * requirement is confirmed the limit is lifted; confirmed duplicates end the request for them.
 */
function decidePersonalDocument(db: Db, customerId: number, documentId: number, decision: 'confirm' | 'reject'): boolean {
  let found = false;
  saveData(db, customerId, (data, profile) => {
    const statusId = decision === 'confirm' ? 2 : 26;
    for (const list of documentLists(data)) {
      for (const doc of list) {
        if (doc.id !== documentId) continue;
        found = true;
        doc.statusId = statusId;
        doc.rejectReason = decision === 'reject' ? 'The document is not readable' : null;
      }
    }
    if (!found) return;
    const confirmed = (docs: Doc[]) => docs.length > 0 && docs.every((d) => d.statusId === 2);
    if (data.identity.uploadedDocuments.some((d) => d.id === documentId)) {
      data.identity.status = decision === 'confirm' ? 2 : 26;
      data.identity.rejectReason = decision === 'confirm' ? null : 'The document is not readable';
    }
    for (const address of data.addresses) {
      if (address.uploadedDocuments.some((d) => d.id === documentId)) address.addressStatus = decision === 'confirm' ? 1 : 3;
      if (confirmed(address.uploadedDocuments)) address.isCardDocumentRequired = false;
    }
    if (confirmed(data.identity.uploadedDocuments) && data.addresses.length > 0 && data.addresses.every((a) => confirmed(a.uploadedDocuments))) profile.verified = true;
    if (data.limitReasons.length > 0 && data.limitReasons.every((r) => r.requirementDocuments.length > 0 && r.requirementDocuments.every((d) => d.uploadedDocuments.some((u) => u.statusId === 2)))) {
      data.limitReasons = [];
      profile.limited = false;
    }
    if (data.duplicateDocuments.required && confirmed(data.duplicateDocuments.uploadedDocuments)) data.duplicateDocuments = { required: false, uploadedDocuments: [] };
  });
  return found;
}
