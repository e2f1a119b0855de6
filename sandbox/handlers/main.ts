import { approveModeOf } from '../approvals.ts';
import { CUSTOMER_KIND } from '../../machines/shared/customer-kind.ts';
import type { CustomerRow as BaseCustomerRow } from '../kernel/customers.ts';
import { ACTIVATION_MAX_TRIES, ACTIVATION_TTL_MS } from './registration.ts';
import type { BodyOf, Handler, HandlerMap } from '../handler-types.ts';
import { accessFor, actingCustomerOf, actsFor, companiesOf, denied, NO_ACCESS } from '../access.ts';
import { ok, refused, vf } from '../kernel/replies.ts';
import { randomBytes } from 'node:crypto';
import { CURRENT_TERMS } from './auth.ts';
import { clientAddressOf, countryOfAddress, UNPLACED_COUNTRY } from './security-lists.ts';
import { ipInfoSettingFor } from '../ip-info-setting.ts';
import { unpaidInvoiceLimit } from '../invoice-store.ts';
import { SANDBOX_OLD_WEB_ORIGIN as OLD_WEB_ORIGIN } from '../../scripts/ports.mjs';
import { permissionFlagsFor } from '../company-people-store.ts';

/** The caller as customerInfo reads them: the shared columns and the session's own. */
interface CustomerRow extends BaseCustomerRow {
  permissions: string;
  terms_pending: number;
  two_step_mode: string;
}


/**
 * Activation (spec 002 s7): the e-mailed code activates the account and signs the customer in. A
 * code lives 72 hours and takes five wrong tries; after either, even the right code is refused
 * until "Send the code again" e-mails a new one (issue 46: codes cannot be guessed).
 */
function activation<M extends 'activateAccount' | 'activateBusiness' | 'activateEmployee'>(field: 'username' | 'email', loginOf: (body: BodyOf<M>) => string, kinds: string[]): Handler<M> {
  return async ({ db, tokens, body, now }) => {
    const login = String(loginOf(body)).trim().toLowerCase();
    const row = db.prepare('SELECT id, kind, profile FROM customers WHERE login = ?').get(login) as
      | { id: number; kind: string; profile: string }
      | undefined;
    const profile = row ? (JSON.parse(row.profile) as Record<string, unknown>) : null;
    if (!row || !profile || !kinds.includes(row.kind)) {
      return vf(field, 'No account waits for activation with this address');
    }
    if (!profile.inactive) return refused('This account is already active. Sign in.', 'UE');
    const failures = Number(profile.activationFailures ?? 0);
    const expired = now() - Number(profile.activationIssuedAt ?? 0) > ACTIVATION_TTL_MS;
    if (failures >= ACTIVATION_MAX_TRIES || expired) {
      return vf('activationCode', 'This code can no longer be used. Ask for a new code: we will e-mail it to you.');
    }
    if (profile.activationCode !== String(body.activationCode).trim()) {
      db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify({ ...profile, activationFailures: failures + 1 }), row.id);
      return failures + 1 >= ACTIVATION_MAX_TRIES
        ? vf('activationCode', 'This code can no longer be used. Ask for a new code: we will e-mail it to you.')
        : vf('activationCode', 'The activation code is not correct or has expired');
    }
    const { inactive: _inactive, activationCode: _code, activationIssuedAt: _at, activationFailures: _failures, ...active } = profile;
    db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify(active), row.id);
    const issued = await tokens.issue(row.id);
    return ok({ accessToken: issued.accessToken, refreshToken: issued.refreshToken });
  };
}

/** Main-service methods the shell needs (the reference lists are in sandbox/reference-lists.ts). */
export const mainHandlers: HandlerMap = {
  businessAuthorizedUserGet: ({ db, customerId }) => {
    const row = db.prepare('SELECT id, brand, login, profile FROM customers WHERE id = ?').get(customerId) as { id: number; brand: string; login: string; profile: string };
    const profile = JSON.parse(row.profile) as { handoff?: string };
    if (profile.handoff !== 'handoff') {
      return refused('No authorised-user information for this user', 'UE');
    }
    // What the old web application continues with (its fields are not shown in the spec).
    const ticket = randomBytes(16).toString('hex');
    return ok({ authorizedUserInformationApi: { customerId: row.id, username: row.login, ticket, expiresIn: 120 } });
  },
  termsAccept: ({ db, customerId, body }) => {
    if (body.termId !== CURRENT_TERMS.id) {
      return vf('termId', 'These are not the current terms');
    }
    db.prepare('UPDATE customers SET terms_pending = 0 WHERE id = ?').run(customerId);
    return ok();
  },
  userAccessInfoGet: ({ db, customerId, body }) => {
    const acting = actingCustomerOf({ customerId, body });
    if (!actsFor(db, customerId, acting)) return denied;
    const caller = db.prepare('SELECT * FROM customers WHERE id = ?').get(customerId) as unknown as CustomerRow;
    const owner = db.prepare('SELECT * FROM customers WHERE id = ?').get(acting) as unknown as CustomerRow;
    // The caller's rights for this customer (an authorised user's for that company: issue 46).
    const permissions = accessFor(db, customerId, acting) ?? NO_ACCESS;
    const profile = JSON.parse(owner.profile) as Record<string, unknown>;
    const callerProfile = JSON.parse(caller.profile) as Record<string, unknown>;
    const name = owner.business_name ?? [owner.first_name, owner.last_name].filter(Boolean).join(' ');
    return ok({
      permissions,
      accessRights: permissions,
      accessList: { balanceInfo: permissions.balanceInfo ?? 0 },
      businessRepresentativePositionIds: owner.kind === 'business' ? [1] : [],
      isNeedKyc: profile.needKyc === true || callerProfile.needKyc === true,
      taxResidencySelfCertificationDocumentStatus: typeof profile.selfCertification === 'string' ? profile.selfCertification : 'validated',
      customer: { username: owner.login, name, id: owner.id },
      employee: caller.kind === 'employee' ? { firstName: caller.first_name, lastName: caller.last_name } : null,
    });
  },
  activateAccount: activation<'activateAccount'>('username', (body) => body.username, ['personal']),
  activateBusiness: activation<'activateBusiness'>('email', (body) => body.email, ['business']),
  activateEmployee: activation<'activateEmployee'>('email', (body) => body.email, ['employee']),
  /** The client's address (its socket's, or X-Sandbox-Client-Address: sandbox/handlers/security-lists.ts) and the sandbox's country for it. */
  ipInfo: ({ db, headers }) => {
    const ip = clientAddressOf(headers);
    const placed = countryOfAddress(ip);
    // The demo knob (sandbox/ip-info-setting.ts) speaks for the addresses the table does not place.
    const setting = placed === UNPLACED_COUNTRY ? ipInfoSettingFor(db, headers.get('x-sandbox-scope')) : null;
    const privacy = { vpn: setting?.vpn ?? false, proxy: setting?.proxy ?? false, tor: setting?.tor ?? false, hosting: setting?.hosting ?? false };
    return ok({ ip, country_code: setting?.country_code ?? placed, privacy });
  },
  customerInfo: ({ db, customerId, now }) => {
    const row = db.prepare('SELECT * FROM customers WHERE id = ?').get(customerId) as unknown as CustomerRow | undefined;
    if (!row) return refused('Unknown customer', 'AU');
    const profile = JSON.parse(row.profile) as Record<string, unknown>;
    // An employee is the user (userId); the customer they act for is their first company (issue 46).
    const companies = row.kind === 'employee' ? companiesOf(db, row.id) : [];
    const customer = companies[0] ?? row.id;
    return ok({
      customer: {
        customerType: row.kind === 'personal' ? CUSTOMER_KIND.personal : (JSON.parse(row.profile) as { oldBusiness?: boolean }).oldBusiness === true ? CUSTOMER_KIND.oldBusiness : CUSTOMER_KIND.business,
        userId: row.id,
        customerId: customer,
        login: row.login,
        firstName: row.first_name,
        lastName: row.last_name,
        businessName: row.business_name,
        transactionApproveMode: approveModeOf(db, row.id),
        // The user's two-step verification (issue 49: set from the settings; the seed's from the sign-in flow).
        login2faMode: row.two_step_mode,
        isAdmin: row.kind === 'admin',
        // A user of more than one company chooses whom to act for.
        isHaveRelatedAccounts: companies.length > 1,
        // The redirect flag (000 s2): the customer is sent on to the old web application at sign-in.
        useOldWeb: profile.useOldWeb === true,
        // The old web application's address for this customer (the hand-off of a user who is not yet
        // authorised, or the redirect flag's destination).
        oldWebUrl: profile.handoff || profile.useOldWeb === true ? `${OLD_WEB_ORIGIN}/${row.brand}` : null,
        customerCreationDate: '2024-01-15T09:00:00Z',
        residenceCountryCode: profile.residenceCountryCode ?? null,
        permissions: accessFor(db, row.id, customer) ?? NO_ACCESS,
        verified: Boolean(profile.verified),
        // Limited by the verification case, or while an invoice from the service is overdue (issue 51).
        limited: Boolean(profile.limited) || unpaidInvoiceLimit(db, row.id, now()),
        dueDiligenceLevel: Number(profile.dueDiligenceLevel ?? 0),
        isNeedPersonalInfoUpdate: profile.needPersonalInfoUpdate === true,
        isNeedKyc: profile.needKyc === true,
        ...(row.kind === 'business' ? { isAuthorisedUser: profile.authorisedUser !== false } : {}),
        // The user's flags for the customer they act for (a company user's own, issue 54), as the transfer handlers check them.
        permissionFlags: permissionFlagsFor(db, row.id, customer),
      },
      // terms_pending 2: new terms the customer accepts after signing in (1 is the sign-in's TE reply).
      terms: { term: row.terms_pending === 2 ? CURRENT_TERMS : null },
    });
  },
};
