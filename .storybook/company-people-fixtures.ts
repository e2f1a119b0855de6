import type { BusinessShareholder, BusinessUser, CompanyEmail } from '../src/entities/company-person';
import { jsonReply, methodOf, pendingFetch } from './fake-fetch';

/**
 * The company's people and e-mails in stories (issue 54): demo e-mails of every state and a fake
 * company e-mail service (main.yaml tag companyEmails) that answers from what it holds (a change is
 * read again), records what it was sent, and holds, fails or refuses when told. Make one per story
 * (`companyEmailsService(state)` in `beforeEach`) and put its `fetch` in place with `withFetch`; a
 * story that needs other calls too chains it: `service.answer(method, body) ?? otherFake(...)`.
 */

// ---- the e-mails -----------------------------------------------------------------------------------------

/** The primary: confirmed, the company's main address. */
export const primaryEmail: CompanyEmail = { id: 501, email: 'office@acme-media.example', status: 'Primary', confirmed: true, codeSentAt: null };
/** Confirmed, not the primary: may become it. */
export const confirmedEmail: CompanyEmail = { id: 502, email: 'finance@acme-media.example', status: null, confirmed: true, codeSentAt: null };
/** Not confirmed yet: its last code went out the day before the stories' day. */
export const unconfirmedEmail: CompanyEmail = { id: 503, email: 'billing@acme-media.example', status: null, confirmed: false, codeSentAt: '2026-11-29T08:15:00Z' };

/** One of each state, the primary first (as the service orders them). */
export const demoCompanyEmails: CompanyEmail[] = [primaryEmail, confirmedEmail, unconfirmedEmail];

// ---- the fake service ------------------------------------------------------------------------------------

/** What the fake company e-mail service starts with. */
export interface CompanyEmailsState {
  /** The company's e-mails (default: demoCompanyEmails). */
  emails?: readonly CompanyEmail[];
  /** The confirmation code it accepts (default 123456); any other is "not correct". */
  code?: string;
  /**
   * How a new primary ends: `waiting` (default: another full-access user has to approve it, the
   * reply's changeRequestId) or `applied` (one full-access user, approval mode none: at once).
   */
  primary?: 'waiting' | 'applied';
  /** The list read: answered (default), never answered (the first load stays), or the service down (500). */
  reads?: 'answer' | 'hold' | 'fail';
}

/** A write's refusal: a VF on one field (`param`), or a UE with the description only. */
export interface CompanyEmailRefusal {
  param?: string;
  description: string;
}

/** A call the service was sent: its method and JSON body. */
export interface SentCall {
  method: string;
  body: Record<string, unknown>;
}

/** The company e-mail calls (companyEmailInquiry, Add, ConfirmRequest, Confirm, Delete, SetPrimary). */
export const COMPANY_EMAIL_METHODS = ['companyEmailInquiry', 'companyEmailAdd', 'companyEmailConfirmRequest', 'companyEmailConfirm', 'companyEmailDelete', 'companyEmailSetPrimary'] as const;
const isCompanyEmailMethod = (method: string | null): method is (typeof COMPANY_EMAIL_METHODS)[number] => (COMPANY_EMAIL_METHODS as readonly (string | null)[]).includes(method);

/** When the fake service says a code went out. */
export const CODE_SENT_AT = '2026-11-30T10:00:00Z';

const ok = (body: object = {}) => jsonReply({ responseCode: '00', ...body });
const ue = (description: string) => jsonReply({ responseCode: 'UE', responseDescription: description });

async function bodyOf(input: RequestInfo | URL): Promise<Record<string, unknown>> {
  if (!(input instanceof Request)) return {};
  const text = await input.clone().text();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * A fake company e-mail service holding `state`: the list read answers what it holds; the writes
 * change it as the real one does (an add is unconfirmed with a code sent; the primary is never
 * deleted; a confirmed e-mail becomes the primary at once or waits for approval), each recorded in
 * `sent`. Switches: `reads` (answer, hold, fail), `hold` (writes never answered), `refuse` (the next
 * write's refusal, then cleared).
 */
export function companyEmailsService(state: CompanyEmailsState = {}) {
  const service = {
    emails: [...(state.emails ?? demoCompanyEmails)] as CompanyEmail[],
    code: state.code ?? '123456',
    primary: state.primary ?? 'waiting',
    reads: state.reads ?? 'answer',
    /** Writes are never answered (their progress stays on screen). */
    hold: false,
    /** The next write's refusal (then cleared), or null. */
    refuse: null as CompanyEmailRefusal | null,
    /** Every write it was sent, in order. */
    sent: [] as SentCall[],
    /** The writes of one method. */
    sentOf(method: string): Record<string, unknown>[] {
      return service.sent.filter((call) => call.method === method).map((call) => call.body);
    },
    /** The answer to a company e-mail call, or null for any other method (for a story chaining fakes). */
    async answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response | null> {
      const method = methodOf(input);
      if (!isCompanyEmailMethod(method)) return null;
      const body = await bodyOf(input);
      if (method === 'companyEmailInquiry') {
        if (service.reads === 'hold') return pendingFetch(input, init);
        if (service.reads === 'fail') return jsonReply({ responseCode: 'UE', responseDescription: 'The service is not available' }, 500);
        return ok({ emails: service.emails });
      }
      service.sent.push({ method, body });
      if (service.hold) return pendingFetch(input, init);
      const refusal = service.refuse;
      if (refusal) {
        service.refuse = null;
        return refusal.param ? jsonReply({ responseCode: 'VF', validationErrors: [{ param: refusal.param, description: refusal.description }], responseDescription: refusal.description }) : ue(refusal.description);
      }
      const emailId = Number(body.emailId);
      const row = service.emails.find((email) => email.id === emailId);
      switch (method) {
        case 'companyEmailAdd': {
          const address = String(body.email ?? '').trim();
          if (service.emails.some((email) => email.email.toLowerCase() === address.toLowerCase())) {
            return jsonReply({ responseCode: 'VF', validationErrors: [{ param: 'email', description: 'The company has this e-mail already' }], responseDescription: 'The company has this e-mail already' });
          }
          const id = Math.max(600, ...service.emails.map((email) => email.id)) + 1;
          service.emails = [...service.emails, { id, email: address, status: null, confirmed: false, codeSentAt: CODE_SENT_AT }];
          return ok({ emailId: id });
        }
        case 'companyEmailConfirmRequest':
          if (!row) return ue('The company has no such e-mail');
          if (row.confirmed) return ue('This e-mail is confirmed already');
          service.emails = service.emails.map((email) => (email.id === emailId ? { ...email, codeSentAt: CODE_SENT_AT } : email));
          return ok();
        case 'companyEmailConfirm':
          if (!row) return ue('The company has no such e-mail');
          if (String(body.confirmationCode ?? '') !== service.code) return ue('The code is not correct');
          service.emails = service.emails.map((email) => (email.id === emailId ? { ...email, confirmed: true, codeSentAt: null } : email));
          return ok();
        case 'companyEmailDelete':
          if (!row) return ue('The company has no such e-mail');
          if (row.status === 'Primary') return ue('The primary e-mail cannot be deleted');
          service.emails = service.emails.filter((email) => email.id !== emailId);
          return ok();
        case 'companyEmailSetPrimary':
          if (!row) return ue('The company has no such e-mail');
          if (!row.confirmed) return ue('Only a confirmed e-mail can be the primary');
          if (service.primary === 'waiting') return ok({ approveType: 'none', changeRequestId: 9001 });
          service.emails = service.emails.map((email) => ({ ...email, status: email.id === emailId ? 'Primary' : null }));
          return ok({ approveType: 'none', status: 'completed' });
        default:
          return null;
      }
    },
    /** The service as a fetch: the company e-mail calls; anything else is not there (a 500). */
    fetch: (async (input, init) => (await service.answer(input, init)) ?? jsonReply({ responseCode: 'UE', responseDescription: 'Not in this story' }, 500)) as typeof fetch,
  };
  return service;
}

export type CompanyEmailsService = ReturnType<typeof companyEmailsService>;

// ---- the representatives (issue 54: /company/representatives) ----------------------------------------------

type Shareholder = BusinessShareholder;
type RepresentativeAddress = NonNullable<Shareholder['address']>;

/** A representative as the fake service keeps them: a shareholder's row with every position they hold (share null when they hold none). */
export type DemoRepresentative = Omit<Shareholder, 'share'> & { share: string | null };

const person = (fields: Pick<DemoRepresentative, 'id' | 'positionIds'> & Partial<DemoRepresentative>): DemoRepresentative => ({
  kind: 'person',
  firstName: null,
  lastName: null,
  companyName: null,
  birthday: null,
  countryOfBirth: null,
  share: null,
  email: null,
  phone: null,
  userId: null,
  address: null,
  documents: [],
  addressDocumentStatus: null,
  identityDocumentStatus: null,
  controlDocumentStatus: null,
  ...fields,
});

/** An address in Berlin, its proof accepted. */
export const berlinAddress: RepresentativeAddress = {
  addressId: 8301,
  address1: 'Friedrichstraße 120',
  address2: null,
  city: 'Berlin',
  postalCode: '10117',
  countryCode: 'DE',
  stateCode: null,
  stateName: null,
  addressStatus: 1,
  confirmed: true,
  uploadedDocuments: [{ id: 80011, statusId: 2, documentTypeId: 20, issuedDate: '2026-09-01', expiresDate: null, rejectReason: null }],
  isDocumentOutOfDate: false,
  isCardDocumentRequired: false,
  isDocumentRequired: false,
};

/** An address in Lisbon, its proof under review. */
export const lisbonAddress: RepresentativeAddress = {
  ...berlinAddress,
  addressId: 8302,
  address1: 'Rua Augusta 27',
  city: 'Lisboa',
  postalCode: '1100-048',
  countryCode: 'PT',
  addressStatus: 2,
  confirmed: null,
  uploadedDocuments: [{ id: 80021, statusId: 0, documentTypeId: 21, issuedDate: null, expiresDate: null, rejectReason: null }],
};

/** Shareholder (35.5 %) and director, no address, nothing sent: needs action (address and identity); may be deleted. */
export const mihaiStan = person({
  id: 11,
  firstName: 'Mihai',
  lastName: 'Stan',
  birthday: '1984-03-02',
  positionIds: [6, 2],
  share: '35.5',
  email: 'mihai.stan@example.com',
  phone: '+40 721 555 010',
  addressDocumentStatus: 0,
  identityDocumentStatus: 0,
});
/** A company that holds 40 %. */
export const nordwindHolding = person({ id: 12, kind: 'company', companyName: 'Nordwind Holding GmbH', positionIds: [9], share: '40', email: 'board@nordwind.example' });
/** Director and ultimate beneficial owner, the signed-in user (a user: not deleted here), everything accepted. */
export const jonasBrandt = person({
  id: 13,
  firstName: 'Jonas',
  lastName: 'Brandt',
  birthday: '1979-11-23',
  positionIds: [2, 8],
  email: 'jonas.brandt@acme-media.example',
  phone: '+49 30 1234 5690',
  userId: 1002,
  address: berlinAddress,
  documents: [...berlinAddress.uploadedDocuments, { id: 80012, statusId: 2, documentTypeId: 30, issuedDate: '2024-05-10', expiresDate: '2034-05-09', rejectReason: null }],
  addressDocumentStatus: 2,
  identityDocumentStatus: 2,
});
/** Ultimate beneficial owner and shareholder (14.5 %) in Lisbon: her identity document was refused and no control document was sent (needs action); one document on file. */
export const anaPop = person({
  id: 14,
  firstName: 'Ana',
  lastName: 'Pop',
  birthday: '1990-07-14',
  positionIds: [8, 6],
  share: '14.5',
  email: 'ana.pop@example.com',
  phone: null,
  address: lisbonAddress,
  documents: [...lisbonAddress.uploadedDocuments],
  addressDocumentStatus: 1,
  identityDocumentStatus: 3,
  controlDocumentStatus: 0,
});

/** The demo company's representatives (their shares together 90 %). */
export const demoRepresentatives: DemoRepresentative[] = [mihaiStan, nordwindHolding, jonasBrandt, anaPop];

/** The owner (the company's own sign-in), the signed-in user (Jonas Brandt, full access) and an invited user who has not activated yet. */
export const demoCompanyUsers: BusinessUser[] = [
  { userId: 1001, representativeId: null, firstName: 'Maria', lastName: 'Keller', email: 'office@acme-media.example', isOwner: true, isYou: false, active: true, positionIds: [] },
  { userId: 1002, representativeId: 13, firstName: 'Jonas', lastName: 'Brandt', email: 'jonas.brandt@acme-media.example', isOwner: false, isYou: true, active: true, positionIds: [2, 8] },
  { userId: 1003, representativeId: null, firstName: 'Elena', lastName: 'Popescu', email: 'elena.popescu@acme-media.example', isOwner: false, isYou: false, active: false, positionIds: [] },
];

/** What the fake representatives service starts with. */
export interface RepresentativesState {
  people?: readonly DemoRepresentative[];
  users?: readonly BusinessUser[];
  /** The lists' reads: answered (default), never answered, or the service down (500). */
  reads?: 'answer' | 'hold' | 'fail';
}

/** The representatives' calls (the four lists, businessRepresentativeAdd, businessRepresentativeDelete). */
export const REPRESENTATIVE_METHODS = ['businessShareholderList', 'businessDirectorList', 'businessUltimateOwnerList', 'businessUserList', 'businessRepresentativeAdd', 'businessRepresentativeDelete'] as const;
const isRepresentativeMethod = (method: string | null): method is (typeof REPRESENTATIVE_METHODS)[number] => (REPRESENTATIVE_METHODS as readonly (string | null)[]).includes(method);

const has = (ids: readonly number[] | undefined, ...wanted: number[]) => wanted.some((id) => (ids ?? []).includes(id));
const asShareholder = (p: DemoRepresentative): Shareholder => ({ ...p, share: p.share ?? '0' });
/** A director's or an ultimate owner's row (main.yaml BusinessPerson: no kind, company name nor share). */
const asPerson = ({ kind: _kind, companyName: _company, share: _share, firstName, lastName, ...rest }: DemoRepresentative) => ({ ...rest, firstName: firstName ?? '', lastName: lastName ?? '' });
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * A fake representatives service holding `state`: the four lists (002 s7) from its people (a person
 * in each list their position ids put them in) and users; an add keeps the person (its id answered),
 * a delete removes them (a user or, unless forced, one with documents is refused as the service
 * does), each write recorded in `sent`. Switches: `reads`, `hold` (writes never answered), `refuse`
 * (the next write's refusal), `failDeletes` (that many deletes fail with a 500 first).
 */
export function representativesService(state: RepresentativesState = {}) {
  const service = {
    people: [...(state.people ?? demoRepresentatives)] as DemoRepresentative[],
    users: [...(state.users ?? demoCompanyUsers)] as BusinessUser[],
    reads: state.reads ?? 'answer',
    hold: false,
    refuse: null as CompanyEmailRefusal | null,
    failDeletes: 0,
    sent: [] as SentCall[],
    sentOf(method: string): Record<string, unknown>[] {
      return service.sent.filter((call) => call.method === method).map((call) => call.body);
    },
    /** An address kept for a representative (what the address dialog's service would do). */
    giveAddress(id: number, address: RepresentativeAddress = { ...lisbonAddress, addressId: 8399 }) {
      service.people = service.people.map((p) => (p.id === id ? { ...p, address, documents: [...(p.documents ?? []), ...address.uploadedDocuments], addressDocumentStatus: 1 } : p));
    },
    /** The answer to a representatives call, or null for any other method (for a story chaining fakes). */
    async answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response | null> {
      const method = methodOf(input);
      if (!isRepresentativeMethod(method)) return null;
      const body = await bodyOf(input);
      if (method.endsWith('List')) {
        if (service.reads === 'hold') return pendingFetch(input, init);
        if (service.reads === 'fail') return jsonReply({ responseCode: 'UE', responseDescription: 'The service is not available' }, 500);
        switch (method) {
          case 'businessShareholderList':
            return ok({ shareholders: service.people.filter((p) => has(p.positionIds, 6, 9)).map(asShareholder) });
          case 'businessDirectorList':
            return ok({ directors: service.people.filter((p) => p.kind === 'person' && has(p.positionIds, 2)).map(asPerson) });
          case 'businessUltimateOwnerList':
            return ok({ ultimateOwners: service.people.filter((p) => p.kind === 'person' && has(p.positionIds, 8)).map(asPerson) });
          default:
            return ok({ users: service.users });
        }
      }
      service.sent.push({ method, body });
      if (service.hold) return pendingFetch(input, init);
      const refusal = service.refuse;
      if (refusal) {
        service.refuse = null;
        return refusal.param ? jsonReply({ responseCode: 'VF', validationErrors: [{ param: refusal.param, description: refusal.description }], responseDescription: refusal.description }) : ue(refusal.description);
      }
      if (method === 'businessRepresentativeAdd') {
        const id = Math.max(20, ...service.people.map((p) => p.id)) + 1;
        const company = body.kind === 'company';
        service.people = [
          ...service.people,
          person({
            id,
            kind: company ? 'company' : 'person',
            firstName: text(body.firstName),
            lastName: text(body.lastName),
            companyName: text(body.companyName),
            birthday: text(body.birthday),
            email: text(body.email),
            phone: text(body.phone),
            positionIds: Array.isArray(body.positionIds) ? body.positionIds.map(Number) : [],
            share: text(body.share),
            addressDocumentStatus: company ? null : 0,
            identityDocumentStatus: company ? null : 0,
          }),
        ];
        return ok({ representativeId: id });
      }
      if (service.failDeletes > 0) {
        service.failDeletes -= 1;
        return jsonReply({ responseCode: 'UE', responseDescription: 'The service is not available' }, 500);
      }
      const target = service.people.find((p) => p.id === Number(body.representativeId));
      if (!target) return ue('The company has no such representative');
      if (target.userId !== null && target.userId !== undefined) return ue('A user is not deleted as a representative: remove their access first');
      if (body.force !== true && (target.documents ?? []).length > 0) return ue('This representative has documents on file');
      service.people = service.people.filter((p) => p !== target);
      return ok();
    },
    /** The service as a fetch: the representatives' calls; anything else is not there (a 500). */
    fetch: (async (input, init) => (await service.answer(input, init)) ?? jsonReply({ responseCode: 'UE', responseDescription: 'Not in this story' }, 500)) as typeof fetch,
  };
  return service;
}

export type RepresentativesService = ReturnType<typeof representativesService>;

/**
 * The signed-in user's own row of the user list and its access (businessUserList,
 * businessAccessRightsList): what the pages read to know whether the user may change the company's
 * people and e-mails (useCompanyEditor). `accessRights` 2 is full access; anything else reads only.
 */
export function editorAnswer(accessRights: number) {
  return (input: RequestInfo | URL): Response | null => {
    const method = methodOf(input);
    if (method === 'businessUserList')
      return jsonReply({ responseCode: '00', users: [{ userId: 1101, firstName: 'Maria', lastName: 'Keller', email: 'maria.keller@acme-media.example', isOwner: accessRights === 2, isYou: true, active: true, positionIds: [] }] });
    if (method === 'businessAccessRightsList') {
      const level = accessRights === 2 ? 2 : 1;
      return jsonReply({ responseCode: '00', accessRights: [{ userId: 1101, accessRights, accessList: { balanceInfo: level, transfers: level, history: level, merchant: accessRights === 2 ? 2 : 0 }, permissions: {}, version: 1 }] });
    }
    return null;
  };
}
