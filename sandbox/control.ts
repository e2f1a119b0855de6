import { createHash, randomBytes, randomInt } from 'node:crypto';
import { NOTIFICATION_STATUSES, NOTIFICATION_TYPES } from '../machines/app/notification.rules.ts';
import type { Context, Hono } from 'hono';
import { freshActivation } from './handlers/registration.ts';
import type { Db } from './db.ts';
import type { Realtime } from './realtime.ts';
import { createSeiAuthorisation, openDeeplink, SEI_SCOPES, type SeiScope } from './handlers/auth.ts';
import { deviceSettingsCodes, modeOfFlow } from './handlers/settings.ts';
import { authText, pickLanguage } from './auth-messages.ts';
import { translateText } from './texts/index.ts';
import { clearFailures } from './login-throttle.ts';
import { reseedMoney } from './seed-accounts.ts';
import { ACTIVATION_CODE, BRANDS, companiesOfUser, demoLogin, DEMO_PASSWORD, DEMO_USERS, hashPassword, securityListsOf, seedCompanyRequests } from './seed.ts';
import { securityListsSeeder } from './handlers/security-lists.ts';
import { setFundingFault } from './handlers/invoices.ts';
import { restoreInvoices } from './seed-invoices.ts';
import { restoreAdminState, restoreCustomerAdminDocuments } from './seed-company.ts';
import { restoreCompanyFile, restoreRepresentativeAddresses } from './seed-company-file.ts';
import { ACCESS_COMPANY_LOCAL, restoreCompanyPeople, SOLO_COMPANY_LOCAL } from './seed-company-people.ts';
import { expireOldChanges } from './permission-changes.ts';
import { restoreCompanyEmails } from './seed-company-emails.ts';
import { restoreMerchant } from './seed-merchant.ts';
import { restoreMerchantChecks } from './seed-merchant-checks.ts';
import { restorePublicApi } from './seed-public-api.ts';
import { restoreContracts } from './seed-contracts.ts';
import { restoreSupport, seededFile } from './seed-support.ts';
import {
  addThread,
  agentOf,
  contactOfCustomer,
  CONTENT_MAX,
  insertFile,
  shiftSupportClock,
  threadsOf,
  ticketsOf,
  toTicket,
  type ContactRow,
  type TicketRow,
} from './support-store.ts';
import {
  applyTimeTo,
  canSign,
  closeIdentificationJob,
  closeIdentificationPush,
  contractById,
  decideIdentification,
  identificationJobById,
  identificationPushById,
  identify,
  isIdentificationStatus,
  IDENTIFICATION_STATUSES,
  liveSignToken,
  partyNameOf,
  pendingIdentificationPushes,
  shiftContractsClock,
  sign,
  termsOf,
  toContract,
  useSignToken,
  waitsForIdentification,
  type Contract,
  type ContractRow,
  type IdentificationOutcome,
} from './contracts-store.ts';
import { customerById } from './kernel/customers.ts';
import { clearIpInfo, ipInfoSettingOf, setIpInfo } from './ip-info-setting.ts';
import { ipnMessageById, openCurrenciesOf, PAYMENT_STATUSES, recordDelivery, recordPayment, sendIpn, toIpnMessage, type PaymentStatus } from './merchant-store.ts';
import { companyAudience } from './company-file-store.ts';
import {
  checkApiRequest,
  deliverDue,
  deliverEvent,
  isSinkMode,
  keepSinkRequest,
  setSinkMode,
  shiftPublicApiClock,
  sinkModeOf,
  sinkRequestsOf,
  SINK_MODES,
  toWebhookRequests,
  type WebhookRequestRow,
} from './public-api-store.ts';
import { DELIVERY_TIMEOUT_MS } from '../machines/public-api/public-api.rules.ts';
import { canonicalIp } from '../machines/settings/ip-rules.ts';
import { authorise, type Permissions } from './access.ts';
import { transaction } from './db.ts';
import { waitingApprovals, type Approvals } from './approvals.ts';
import { createBatch, receiveLinks, shiftBatchClock } from './handlers/global-pay.ts';
import { checkedData, confirmPhoneOnThePhone, dataOfCase, decideDocument, pendingCameraChecks, VERIFICATION_CASES, waitingDocumentIds } from './handlers/verification.ts';
import { resetRepresentative } from './handlers/certification.ts';
import { resetKyc } from './handlers/kyc.ts';
import { GLOBAL_PAY_CURRENCIES, paymentFromRow } from '../machines/batches/global-pay-rules.ts';

/**
 * The sandbox's control API under /__sandbox/ (not part of the contract, never used by the
 * app): health, reset, fault injection, the "other device" inbox and page, notifications,
 * unlocking a login locked by wrong passwords, and the outbox of e-mails the sandbox "sent".
 */
/**
 * `drop` closes the connection before the request is handled; `dropAfter` handles it (money
 * moves, a card is blocked) and then closes the connection, so the client never hears the reply.
 * A browser sends a request again by itself when a kept-alive connection drops before any reply
 * (Chromium does, several times), which can hide `dropAfter`: `timeoutAfter` handles the request
 * and then answers 504 Gateway Timeout, as a proxy that gave up on a slow backend does, so the
 * client surely hears a failure after the work was done.
 */
/**
 * `400` answers 400 with `message` (a path-based operation's refusal, such as the two-step
 * confirmation's, 001 s8); `wrongCode` answers what the operation answers for a wrong code (the auth
 * service: 400 "The code is not correct", code OTP; the main service: 13 "The code is not right"), in
 * the request's language, without counting it. `429` sends Retry-After when `retryAfter` is given.
 */
export type FaultKind = 'latency' | '400' | '401' | '429' | '500' | 'wrongCode' | 'drop' | 'dropAfter' | 'timeoutAfter' | 'empty';

export interface Fault {
  /** 'POST /auth/login', 'main:customerInfo' or '*'. */
  match: string;
  kind: FaultKind;
  ms?: number;
  /** How many requests it applies to; unlimited when absent. */
  times?: number;
  /** The message of an injected 400, 401, 429 or 500 (each has a default). */
  message?: string;
  /** An injected 429's Retry-After, in seconds (none when absent). */
  retryAfter?: number;
  /**
   * Only requests carrying `X-Sandbox-Scope: <scope>` (tests give each browser context its own,
   * so parallel tests never receive each other's faults). Absent: every request.
   */
  scope?: string;
}

export class Faults {
  private list: Fault[] = [];
  /** Requests of each scope still being handled (a latency fault's pause included). */
  private handling = new Map<string, number>();

  /**
   * Counts a scoped request from its arrival until its handler has finished, even when the client
   * has gone meanwhile (a page reloaded during a latency fault): tests wait for zero instead of sleeping.
   */
  async track<T>(scope: string | null, handle: () => Promise<T>): Promise<T> {
    if (scope === null) return handle();
    this.handling.set(scope, (this.handling.get(scope) ?? 0) + 1);
    try {
      return await handle();
    } finally {
      const left = (this.handling.get(scope) ?? 1) - 1;
      if (left > 0) this.handling.set(scope, left);
      else this.handling.delete(scope);
    }
  }

  inFlight(scope: string): number {
    return this.handling.get(scope) ?? 0;
  }

  add(fault: Fault): void {
    this.list.push({ ...fault });
  }

  clear(): void {
    this.list = [];
  }

  clearScope(scope: string): void {
    this.list = this.list.filter((f) => f.scope !== scope);
  }

  /** The first fault that matches this request, counting one use. */
  take(route: string, operation: string, scope: string | null = null): Fault | null {
    const fault = this.list.find(
      (f) => (f.scope === undefined || f.scope === scope) && (f.match === '*' || f.match === route || f.match === operation),
    );
    if (!fault) return null;
    if (fault.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) this.list = this.list.filter((f) => f !== fault);
    }
    return fault;
  }

  /** Applies a fault; returns the reply to send, or null to carry on (after latency). */
  async apply(fault: Fault, c: Context): Promise<Response | null> {
    switch (fault.kind) {
      case 'latency':
        await new Promise((r) => setTimeout(r, fault.ms ?? 1000));
        return null;
      case '400':
        return c.json({ message: fault.message ?? 'Bad request (injected fault)' }, 400);
      case '401':
        return c.json({ message: fault.message ?? 'Unauthorised (injected fault)' }, 401);
      case '429':
        if (fault.retryAfter !== undefined) c.header('Retry-After', String(Math.max(1, Math.ceil(fault.retryAfter))));
        return c.json({ message: fault.message ?? 'Too many requests (injected fault)' }, 429);
      case '500':
        return c.json({ message: fault.message ?? 'Internal error (injected fault)' }, 500);
      case 'wrongCode': {
        const language = pickLanguage(c.req.header('accept-language'));
        c.header('Content-Language', language);
        // The main service answers in its envelope (001 s3); a path-based service with a 400.
        if (new URL(c.req.url).pathname.startsWith('/main')) {
          const text = translateText('The code is not right', language);
          return c.json({ responseCode: '13', responseDescription: text, errors: [text] }, 200);
        }
        return c.json({ message: authText(language, 'wrongCode'), code: 'OTP' }, 400);
      }
      case 'empty':
        return new Response('', { status: 200 });
      case 'timeoutAfter':
        return c.json({ message: fault.message ?? 'Gateway timeout (injected fault)' }, 504);
      case 'drop':
      case 'dropAfter': {
        const incoming = (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming;
        incoming?.socket?.destroy();
        return new Response(null, { status: 599 });
      }
    }
  }
}

const KINDS: FaultKind[] = ['latency', '400', '401', '429', '500', 'wrongCode', 'drop', 'dropAfter', 'timeoutAfter', 'empty'];

export function controlRoutes(
  app: Hono,
  deps: { db: Db; faults: Faults; realtime: Realtime; reset: () => void; decideApproval: Approvals['decide']; now: () => number; ownPort: () => number | null },
): void {
  app.get('/__sandbox/health', (c) => c.json({ ok: true }));
  app.post('/__sandbox/reset', (c) => {
    deps.reset();
    deps.faults.clear();
    clearIpInfo(deps.db);
    return c.json({ ok: true });
  });
  /**
   * ipInfo's demo knob (sandbox/ip-info-setting.ts): { country_code?, vpn?, proxy?, tor?, hosting?,
   * scope? } for the addresses the table does not place (127.0.0.1 among them); DELETE forgets it
   * (?scope= only that scope's).
   */
  app.post('/__sandbox/ip-info', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { scope?: unknown } | null;
    const setting = ipInfoSettingOf(body);
    const scope = body?.scope;
    if (!setting || (scope !== undefined && (typeof scope !== 'string' || scope === ''))) {
      return c.json({ message: 'country_code (two letters), vpn, proxy, tor, hosting (booleans) and scope (text) are what may be set' }, 400);
    }
    setIpInfo(deps.db, typeof scope === 'string' ? scope : null, setting);
    return c.json({ ok: true });
  });
  app.delete('/__sandbox/ip-info', (c) => {
    clearIpInfo(deps.db, c.req.query('scope') || null);
    return c.json({ ok: true });
  });
  app.post('/__sandbox/faults', async (c) => {
    const fault = (await c.req.json()) as Fault;
    if (typeof fault.match !== 'string' || !KINDS.includes(fault.kind)) {
      return c.json({ message: `match (string) and kind (${KINDS.join(', ')}) are required` }, 400);
    }
    deps.faults.add(fault);
    return c.json({ ok: true });
  });
  /** How many requests carrying `X-Sandbox-Scope: <scope>` are still being handled. */
  app.get('/__sandbox/in-flight', (c) => c.json({ inFlight: deps.faults.inFlight(c.req.query('scope') ?? '') }));
  app.delete('/__sandbox/faults', (c) => {
    const scope = c.req.query('scope');
    if (scope) {
      deps.faults.clearScope(scope);
      clearIpInfo(deps.db, scope);
    } else {
      deps.faults.clear();
      // Every fault: the invoice funding switches too (below).
      setFundingFault(deps.db, null, false);
    }
    return c.json({ ok: true });
  });
  /**
   * The funding invoice fault of one business (issue 51): { userLogin, on }. On, fundingInvoiceCreate
   * answers the failure the app shows as "Failed to generate invoice. Please, try again." (001 s8)
   * and the PDF of that business's funding invoices answers 500; off (or a reset, DELETE
   * /__sandbox/faults without a scope, /__sandbox/sign-in-state) it works again.
   */
  app.post('/__sandbox/invoice-funding-fault', async (c) => {
    const { userLogin, on } = (await c.req.json().catch(() => ({}))) as { userLogin?: string; on?: boolean };
    const row = typeof userLogin === 'string' ? (deps.db.prepare('SELECT id FROM customers WHERE login = ?').get(userLogin.trim().toLowerCase()) as { id: number } | undefined) : undefined;
    if (!row || typeof on !== 'boolean') return c.json({ message: 'userLogin (a customer) and on (true or false) are required' }, 404);
    setFundingFault(deps.db, row.id, on);
    return c.json({ ok: true });
  });
  /** Forgets the wrong passwords of `?login=` (every login without it): the login is unlocked. */
  app.delete('/__sandbox/login-failures', (c) => {
    clearFailures(deps.db, c.req.query('login'));
    return c.json({ ok: true });
  });
  /**
   * E-mails the sandbox "sent" (history exports sent to an address, activation e-mails with their
   * `link` and `code`, account recovery codes), newest first; `?login=` for one customer's (any case).
   */
  app.get('/__sandbox/outbox', (c) => {
    const login = c.req.query('login')?.trim().toLowerCase();
    const rows = deps.db
      .prepare(
        `SELECT o.id, c.login, o.to_email, o.subject, o.created, o.link, o.code FROM outbox o JOIN customers c ON c.id = o.customer_id
         ${login ? 'WHERE c.login = ?' : ''} ORDER BY o.created DESC, o.id DESC LIMIT 100`,
      )
      .all(...(login ? [login] : [])) as { id: number; login: string; to_email: string; subject: string; created: number; link: string | null; code: string | null }[];
    return c.json({
      messages: rows.map((r) => ({ id: r.id, login: r.login, to: r.to_email, subject: r.subject, sentAt: new Date(r.created).toISOString(), link: r.link, code: r.code })),
    });
  });
  app.get('/__sandbox/inbox', (c) => {
    const pending = deps.db
      .prepare(
        `SELECT p.key, p.flow, p.otp, p.status, c.login FROM pending_logins p JOIN customers c ON c.id = p.customer_id
         ORDER BY p.created_at DESC LIMIT 50`,
      )
      .all();
    return c.json({ pending });
  });
  for (const decision of ['approve', 'decline'] as const) {
    app.post(`/__sandbox/push/:key/${decision}`, (c) => {
      const key = c.req.param('key');
      const changed = decidePush(deps, key, decision);
      // The HTML page posts a form and comes back to the list; API callers get JSON.
      if ((c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded')) return c.redirect('/__sandbox/device', 303);
      if (!changed) return c.json({ message: 'no pending approval with that key' }, 404);
      return c.json({ ok: true });
    });
  }
  // "The other device": a plain HTML page (no script) with the codes and pending pushes.
  app.get('/__sandbox/device', (c) => {
    const rows = deps.db
      .prepare(
        `SELECT p.key, p.flow, p.otp, p.status, c.login FROM pending_logins p JOIN customers c ON c.id = p.customer_id
         ORDER BY p.created_at DESC LIMIT 50`,
      )
      .all() as { key: string; flow: string; otp: string | null; status: string; login: string }[];
    const esc = (v: string) => v.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
    const items = rows
      .map((r) => {
        const actions =
          r.status === 'waiting'
            ? ['approve', 'decline']
                .map((d) => `<form method="post" action="/__sandbox/push/${esc(r.key)}/${d}"><button type="submit">${d === 'approve' ? 'Approve' : 'Decline'} sign-in of ${esc(r.login)}</button></form>`)
                .join('')
            : '';
        return `<li><strong>${esc(r.login)}</strong> — ${esc(r.flow)} — ${esc(r.status)}${r.otp ? ` — code <code>${esc(r.otp)}</code>` : ''}${actions}</li>`;
      })
      .join('');
    // Transactions waiting for approval (001 s4): the code of a code mode, Approve / Reject / Fail of a push.
    const approvals = waitingApprovals(deps.db)
      .map((a) => {
        const amount = 'amount' in a.work ? a.work.amount : undefined;
        const what = `${esc(String(a.work.kind))}${amount ? ` ${esc(String(amount))}` : ''}`;
        const buttons =
          a.approveType === 'push'
            ? (['approve', 'reject', 'fail'] as const)
                .map((d) => `<form method="post" action="/__sandbox/approvals/${esc(a.operationId)}/${d}"><button type="submit">${d === 'approve' ? 'Approve' : d === 'reject' ? 'Reject' : 'Fail'} ${what} of ${esc(a.login)}</button></form>`)
                .join('')
            : ` — code <code>${esc(a.code)}</code>`;
        return `<li><strong>${esc(a.login)}</strong> — ${what} — ${esc(a.approveType)}${buttons}</li>`;
      })
      .join('');
    // Settings codes (issue 49): a two-step or password change's code for a user with a linked
    // device, and the second factor of "confirm it is you" (the authenticator's or the push user's).
    const settings = deviceSettingsCodes(deps.db, deps.now())
      .map((s) => `<li><strong>${esc(s.login)}</strong> — ${esc(s.what)} — code <code>${esc(s.code)}</code></li>`)
      .join('');
    // Identification pushes of smart contracts (issue 59): the payer passes or fails it here.
    const identifications = pendingIdentificationPushes(deps.db)
      .map(
        (p) =>
          `<li><strong>${esc(p.login)}</strong> — identification for the contract ${p.contractId}` +
          (['pass', 'fail'] as const)
            .map((o) => `<form method="post" action="/__sandbox/contracts/identification-pushes/${p.id}/${o}"><button type="submit">${o === 'pass' ? 'Pass' : 'Fail'} identification of ${esc(p.login)} for the contract ${p.contractId}</button></form>`)
            .join('') +
          '</li>',
      )
      .join('');
    // Phones verified with their camera (002 s3 verification type camera): the phone confirms here.
    const cameraChecks = pendingCameraChecks(deps.db, deps.now())
      .map(
        (p) =>
          `<li><strong>${esc(p.login)}</strong> — the phone ${esc(p.phone)}` +
          `<form method="post" action="/__sandbox/phone-verifications/${esc(p.reqId)}/confirm"><button type="submit">Confirm the phone ${esc(p.phone)} of ${esc(p.login)} with the camera</button></form></li>`,
      )
      .join('');
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox: the other device</title>` +
        `<meta http-equiv="refresh" content="5"></head><body><h1>The other device</h1>` +
        `<p>Sign-in codes and push approvals of the sandbox. The list refreshes every 5 seconds.</p>` +
        `${rows.length ? `<ul>${items}</ul>` : '<p>Nothing pending.</p>'}` +
        `<h2>Transactions to approve</h2>${approvals ? `<ul>${approvals}</ul>` : '<p>Nothing to approve.</p>'}` +
        `<h2>Security settings codes</h2>${settings ? `<ul>${settings}</ul>` : '<p>No code waiting.</p>'}` +
        `<h2>Contract identifications</h2>${identifications ? `<ul>${identifications}</ul>` : '<p>No identification waiting.</p>'}` +
        `<h2>Phones to confirm with the camera</h2>${cameraChecks ? `<ul>${cameraChecks}</ul>` : '<p>No phone waiting.</p>'}` +
        `<h2>Scan a QR code</h2><form method="post" action="/__sandbox/deeplinks/open"><label>Deeplink <input name="deeplink" size="60"></label> <button type="submit">Open</button></form>` +
        `</body></html>`,
    );
  });
  /** The camera verifications of phones waiting for the phone (002 s3), newest first; `?login=` for one customer's. */
  app.get('/__sandbox/phone-verifications', (c) =>
    c.json({ verifications: pendingCameraChecks(deps.db, deps.now(), c.req.query('login')?.trim().toLowerCase() || undefined).map(({ customerId: _c, ...v }) => v) }),
  );
  /**
   * The phone confirms a camera verification (the mobile app opened the link, the camera did its
   * part): the phone is confirmed and the customer's sessions told (`verification.changed`). The
   * device page's form comes back to it (303); JSON callers get { ok: true }, 404 when nothing waits.
   */
  app.post('/__sandbox/phone-verifications/:reqId/confirm', (c) => {
    const customerId = transaction(deps.db, () => confirmPhoneOnThePhone(deps.db, c.req.param('reqId'), deps.now()));
    if (customerId !== null) deps.realtime.toCustomer(customerId, { type: 'verification.changed', id: `phone-${c.req.param('reqId')}` });
    if ((c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded')) return c.redirect('/__sandbox/device', 303);
    if (customerId === null) return c.json({ message: 'no camera verification waiting with that reqId' }, 404);
    return c.json({ ok: true });
  });
  /** The security settings codes the other device shows (issue 49), newest first; `?login=` for one customer's. */
  app.get('/__sandbox/settings-codes', (c) => c.json({ codes: deviceSettingsCodes(deps.db, deps.now(), c.req.query('login')?.trim().toLowerCase() || undefined) }));
  /**
   * The phone opens a QR code's deeplink (issue 49), within 120 s and once: a push sign-in's
   * approves it; a "link a device" one links the phone to that user (a device in both lists, the auth
   * profile's scp push) and tells their sessions (`device.linked`). JSON { deeplink, name?, type? }
   * or the device page's form; 410 when it can no longer be opened, 404 when unknown.
   */
  app.post('/__sandbox/deeplinks/open', async (c) => {
    const form = (c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded');
    const body = (form ? Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, String(v)])) : await c.req.json().catch(() => ({}))) as {
      deeplink?: string;
      name?: string;
      type?: string;
    };
    const opened = transaction(deps.db, () => openDeeplink(deps.db, String(body.deeplink ?? ''), deps.now()));
    if ('refused' in opened) {
      if (form) return c.redirect('/__sandbox/device', 303);
      return opened.refused === 'unknown' ? c.json({ message: 'no such deeplink' }, 404) : c.json({ message: `this deeplink is ${opened.refused === 'used' ? 'used up' : 'expired (120 s)'}` }, 410);
    }
    let result: Record<string, unknown>;
    if (opened.kind === 'approveLogin') {
      result = { approved: opened.loginKey !== null && decidePush(deps, opened.loginKey, 'approve') };
    } else {
      const deviceId = `dev-${randomBytes(6).toString('hex')}`;
      const type = body.type === 'ios' ? 'ios' : 'android';
      transaction(deps.db, () => {
        deps.db
          .prepare('INSERT INTO devices (id, customer_id, name, code, type, location, last_activity_at, push_token, secret, linked, approved) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 1)')
          .run(deviceId, opened.customerId, body.name?.trim() || 'Sandbox phone', String(randomInt(100_000, 1_000_000)), type, 'Bucharest, RO', new Date(deps.now()).toISOString(), `push-${deviceId}`, `secret-${deviceId}`);
        const row = deps.db.prepare('SELECT profile FROM customers WHERE id = ?').get(opened.customerId) as { profile: string };
        deps.db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify({ ...(JSON.parse(row.profile) as object), scp: 'push' }), opened.customerId);
      });
      deps.realtime.toCustomer(opened.customerId, { type: 'device.linked', id: `device-${deviceId}`, deviceId });
      result = { linked: deviceId };
    }
    if (form) return c.redirect('/__sandbox/device', 303);
    return c.json({ ok: true, ...result });
  });
  /** Transactions waiting for approval, with their codes (tests read the code the "phone" shows). */
  app.get('/__sandbox/approvals', (c) => c.json({ approvals: waitingApprovals(deps.db, c.req.query('login') || undefined) }));
  /** A push decision from the other device: approve, reject (optionally with a message) or fail. */
  for (const decision of ['approve', 'reject', 'fail'] as const) {
    app.post(`/__sandbox/approvals/:operationId/${decision}`, async (c) => {
      const form = (c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded');
      const body = form ? {} : ((await c.req.json().catch(() => ({}))) as { message?: string });
      // On the sandbox's clock, as the app's own calls are (an operation's 15 minutes count on it).
      const done = deps.decideApproval(deps.db, deps.realtime, c.req.param('operationId'), decision, body.message, new Date(deps.now()).toISOString());
      if (form) return c.redirect('/__sandbox/device', 303);
      if (!done) return c.json({ message: 'nothing waiting with that operation id' }, 404);
      return c.json({ ok: true });
    });
  }
  /** A pending OAuth (SEI) authorisation, as a partner site would create it (tests, demos). */
  app.post('/__sandbox/oauth', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { client?: string; redirectUri?: string; scopes?: string[] };
    const scopes = body.scopes?.filter((scope): scope is SeiScope => (SEI_SCOPES as readonly string[]).includes(scope));
    const id = createSeiAuthorisation(deps.db, deps.now(), { client: body.client, redirectUri: body.redirectUri, ...(scopes?.length ? { scopes } : {}) });
    return c.json({ authorizationId: id });
  });
  /** What a partner's code stands for, as the partner's token exchange would see it: bound to the customer who allowed it (issue 47). */
  app.get('/__sandbox/oauth/codes/:code', (c) => {
    const row = deps.db
      .prepare('SELECT s.client_name AS clientName, s.scopes, c.login FROM sei_authorisations s JOIN customers c ON c.id = s.customer_id WHERE s.code = ?')
      .get(c.req.param('code')) as { clientName: string; scopes: string; login: string } | undefined;
    if (!row) return c.json({ message: 'no such code' }, 404);
    return c.json({ clientName: row.clientName, scopes: JSON.parse(row.scopes) as string[], login: row.login });
  });
  /**
   * A transaction result on the realtime channel (002 s4), as the app receives it: success (the
   * default), failed, or rejected with an optional message; for an operation or transaction id.
   */
  app.post('/__sandbox/confirm-transaction', async (c) => {
    const { userLogin, title, result, message, operationId, transactionId } = (await c.req.json()) as {
      userLogin: string;
      title?: string;
      result?: 'success' | 'failed' | 'rejected';
      message?: string;
      operationId?: string;
      transactionId?: number;
    };
    const row = deps.db.prepare('SELECT id FROM customers WHERE login = ?').get(userLogin) as { id: number } | undefined;
    if (!row) return c.json({ message: 'unknown user' }, 404);
    const delivered = deps.realtime.toCustomer(row.id, {
      type: 'transactionConfirmation',
      id: `t-${Date.now()}`,
      result: result ?? 'success',
      ...(title ? { title } : {}),
      ...(message ? { message } : {}),
      ...(operationId ? { operationId } : {}),
      ...(transactionId !== undefined ? { transactionId } : {}),
      createdAt: new Date().toISOString(),
    });
    return c.json({ delivered });
  });
  /** New terms for a customer (spec 002 s7): customer info carries them, and the customer's sessions are told. */
  app.post('/__sandbox/terms', async (c) => {
    const { userLogin } = (await c.req.json()) as { userLogin: string };
    const row = deps.db.prepare('SELECT id FROM customers WHERE login = ?').get(userLogin) as { id: number } | undefined;
    if (!row) return c.json({ message: 'unknown user' }, 404);
    deps.db.prepare('UPDATE customers SET terms_pending = 2 WHERE id = ?').run(row.id);
    const delivered = deps.realtime.toCustomer(row.id, { type: 'terms.updated', id: `terms-${Date.now()}` });
    return c.json({ delivered });
  });
  /**
   * One demo customer's sign-in as seeded (for tests that change it): the demo password, not yet
   * activated again when the seed says so (code 246810), no recovery tasks, no failed sign-ins; the
   * seeded sign-in flow, two-step verification and auth profile scp, no settings codes or proofs
   * waiting, no wrong passwords or codes counted by the settings (issue 49); the security lists as
   * seeded (issue 50); the invoices they send or receive as seeded, the funding fault off (issue 51);
   * an authorised user's companies and rights there as seeded, an admin's customers and those
   * customers' admin documents as seeded, a customer's own admin documents as seeded (issue 52); a
   * business's company file as seeded (issue 53); a business's people, owner's access and permission
   * changes as seeded, company-access@'s and company-solo@'s users too (issue 54); a customer's
   * merchant area as seeded (merchant@'s messages, settings, logos and buttons; anyone else's gone,
   * issue 55); the public API area as seeded (merchant@'s keys, webhooks, allowed IPs and logs;
   * anyone else's gone); the smart contracts they are a party of as seeded (contracts@'s,
   * contracts-person@'s, contracts-other@'s in brand1; anyone else's gone; those made since gone,
   * with their identification jobs and pushes); their support tickets as seeded (support@'s 28,
   * anyone else's gone, with the uploads and kept replies: issue 60).
   */
  app.post('/__sandbox/sign-in-state', async (c) => {
    const { userLogin } = (await c.req.json()) as { userLogin: string };
    const row = deps.db.prepare('SELECT id, profile, brand FROM customers WHERE login = ?').get(userLogin) as { id: number; profile: string; brand: string } | undefined;
    const user = DEMO_USERS.find((u) => userLogin.startsWith(`${u.local}@`));
    if (!row || !user) return c.json({ message: 'unknown user' }, 404);
    const { invoiceFundingFault: _fault, ...profile } = JSON.parse(row.profile) as Record<string, unknown>;
    const seeded = { ...profile, scp: user.flow === 'push' ? 'push' : 'none' };
    const restored = user.inactive ? { ...seeded, inactive: true, ...freshActivation(ACTIVATION_CODE, deps.now()) } : seeded;
    transaction(deps.db, () => {
      // The seeded sign-in flow and two-step verification (a settings change may have moved both: issue 49).
      deps.db.prepare('UPDATE customers SET password_hash = ?, profile = ?, auth_flow = ?, two_step_mode = ? WHERE id = ?').run(
        hashPassword(DEMO_PASSWORD),
        JSON.stringify(restored),
        user.flow,
        modeOfFlow(user.flow),
        row.id,
      );
      deps.db.prepare('DELETE FROM recovery_tasks WHERE email = ?').run(userLogin);
      deps.db.prepare('DELETE FROM outbox WHERE customer_id = ?').run(row.id);
      deps.db.prepare('DELETE FROM settings_changes WHERE customer_id = ?').run(row.id);
      deps.db.prepare('DELETE FROM reauth_proofs WHERE customer_id = ?').run(row.id);
      // The security lists as seeded (issue 50): the allowed IP list and its mode, the payout
      // blacklist, the sign-ins, the notification settings.
      for (const table of ['access_ips', 'payout_blacklist', 'login_history', 'notification_settings']) deps.db.prepare(`DELETE FROM ${table} WHERE customer_id = ?`).run(row.id);
      deps.db.prepare("UPDATE customers SET access_ip_mode = 'off' WHERE id = ?").run(row.id);
      securityListsSeeder(deps.db)(row.id, deps.now(), securityListsOf(user, row.brand));
      // The invoices as seeded (issue 51): those they send or receive (the other party's with them).
      restoreInvoices(deps.db, row.id, deps.now());
      // Issue 52: an authorised user's companies with the seeded rights (POST
      // /__sandbox/authorised-user-rights may have changed them); an admin's customers and their
      // admin documents, a customer's own admin documents.
      if (user.kind === 'employee') {
        deps.db.prepare('DELETE FROM authorized_users WHERE user_id = ?').run(row.id);
        for (const company of companiesOfUser(user)) {
          const companyId = (deps.db.prepare('SELECT id FROM customers WHERE login = ?').get(demoLogin(company.of, row.brand)) as { id: number } | undefined)?.id;
          if (companyId !== undefined) authorise(deps.db, row.id, companyId, company.permissions.transfers, company.permissions);
        }
      }
      if (user.kind === 'admin') restoreAdminState(deps.db, row.id, deps.now());
      else restoreCustomerAdminDocuments(deps.db, row.id, deps.now());
      // Issue 53: a business's company file as seeded (its documents, details, statements and
      // representatives' addresses); an authorised user's own addresses as a representative gone.
      restoreCompanyFile(deps.db, row.id, deps.now());
      // Issue 54: a business's people, the owner's access and its permission changes as seeded (the
      // users an approved invitation added gone); company-access@'s and company-solo@'s users with
      // their seeded rights and no others.
      if (user.kind === 'business') restoreCompanyPeople(deps.db, row.id, deps.now(), seededUsersOf(deps.db, user.local, row.brand));
      // Issue 54: a business's e-mails as seeded (a code waiting for company-access@'s ops@ again).
      restoreCompanyEmails(deps.db, row.id, deps.now());
      if (user.kind === 'employee') restoreRepresentativeAddresses(deps.db, row.id, deps.now());
      // Issue 55: the merchant area as seeded (merchant@'s; anyone else's empty again).
      restoreMerchant(deps.db, row.id, deps.now());
      // Issue 56: the subscribers and identity checks as seeded (merchant@'s; anyone else's gone).
      restoreMerchantChecks(deps.db, row.id, deps.now());
      // The public API area as seeded (merchant@'s keys, webhooks, allowed IPs and logs; anyone else's gone).
      restorePublicApi(deps.db, row.id, deps.now());
      // The smart contracts they are a party of as seeded (their signing tokens gone; the ones made since gone with their identification jobs and pushes).
      restoreContracts(deps.db, row.id, deps.now());
      // Issue 60: their support tickets as seeded (support@'s 28; anyone else's gone), the ones made since, their uploads and kept replies gone.
      restoreSupport(deps.db, row.id, deps.now());
    });
    clearFailures(deps.db, userLogin);
    clearFailures(deps.db, `otp:${row.id}`);
    clearFailures(deps.db, `reauth:${row.id}`);
    clearFailures(deps.db, `twoStep:${row.id}`);
    return c.json({ ok: true });
  });
  /**
   * Moves every waiting permission change of a company (issue 54) `days` back in time (their
   * created date): { companyLogin, days }. A change older than 7 days reads (and is stored) as
   * expired, so a test can make one expire. Answers how many moved.
   */
  app.post('/__sandbox/permission-changes/age', async (c) => {
    const { companyLogin, days } = (await c.req.json().catch(() => ({}))) as { companyLogin?: string; days?: number };
    const company = typeof companyLogin === 'string' ? (deps.db.prepare("SELECT id FROM customers WHERE lower(login) = lower(?) AND kind = 'business'").get(companyLogin.trim()) as { id: number } | undefined) : undefined;
    if (!company || typeof days !== 'number' || !Number.isFinite(days) || days < 0) return c.json({ message: 'companyLogin (a business) and days (≥ 0) are required' }, 404);
    const rows = deps.db.prepare("SELECT id, created FROM permission_changes WHERE company_id = ? AND status = 'awaitingApproval'").all(company.id) as { id: number; created: string }[];
    const aged = transaction(deps.db, () => {
      for (const row of rows) deps.db.prepare('UPDATE permission_changes SET created = ? WHERE id = ?').run(new Date(Date.parse(row.created) - days * 86_400_000).toISOString(), row.id);
      expireOldChanges(deps.db, company.id, deps.now());
      return rows.length;
    });
    return c.json({ ok: true, aged });
  });
  /**
   * An authorised user's rights for a company (issue 52): { userLogin, companyLogin, rights } sets
   * them (by area: balanceInfo, transfers, history, merchant, each 0–5; transfers is the access
   * right), `rights: null` removes the relation (the user may no longer act for the company: the
   * e2e tests' "a right removed while signed in"). POST /__sandbox/sign-in-state of the user puts
   * the seeded ones back.
   */
  app.post('/__sandbox/authorised-user-rights', async (c) => {
    const { userLogin, companyLogin, rights } = (await c.req.json()) as { userLogin?: string; companyLogin?: string; rights?: Record<string, unknown> | null };
    const find = (login: unknown) =>
      typeof login === 'string' ? (deps.db.prepare('SELECT id, kind, brand FROM customers WHERE lower(login) = lower(?)').get(login.trim()) as { id: number; kind: string; brand: string } | undefined) : undefined;
    const user = find(userLogin);
    const company = find(companyLogin);
    if (!user || !company) return c.json({ message: 'unknown user or company' }, 404);
    if (user.kind !== 'employee' || company.kind !== 'business' || user.brand !== company.brand) {
      return c.json({ message: 'userLogin must be an employee and companyLogin a business of the same brand' }, 400);
    }
    if (rights === null) {
      const { changes } = deps.db.prepare('DELETE FROM authorized_users WHERE user_id = ? AND company_id = ?').run(user.id, company.id);
      return c.json({ ok: true, removed: Number(changes) > 0 });
    }
    const level = (value: unknown) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 5;
    const areas = ['balanceInfo', 'transfers', 'history', 'merchant'];
    if (typeof rights !== 'object' || rights === undefined || !areas.every((area) => level(rights[area])) || !Object.values(rights).every(level)) {
      return c.json({ message: 'rights: { balanceInfo, transfers, history, merchant } (each 0–5), or null to remove the relation' }, 400);
    }
    const permissions = rights as Permissions;
    authorise(deps.db, user.id, company.id, permissions.transfers, permissions);
    return c.json({ ok: true });
  });
  /**
   * The service's decision on a document: { userLogin, documentId, decision: confirm | reject }. A
   * business owner's login reaches their company file's documents too (issue 53): a decision there
   * tells the company and each of its authorised users (`company.changed`), not the verification.
   */
  app.post('/__sandbox/documents/decide', async (c) => {
    const { userLogin, documentId, decision } = (await c.req.json()) as { userLogin: string; documentId?: number; decision: 'confirm' | 'reject' };
    const row = deps.db.prepare('SELECT id FROM customers WHERE login = ?').get(userLogin) as { id: number } | undefined;
    if (!row || (decision !== 'confirm' && decision !== 'reject')) return c.json({ message: 'unknown user or decision' }, 404);
    // Without a documentId: every document still waiting for a decision.
    const ids = documentId === undefined ? waitingDocumentIds(deps.db, row.id) : [Number(documentId)];
    const decided = transaction(deps.db, () => ids.map((id) => decideDocument(deps.db, row.id, id, decision, deps.now())));
    if (ids.length === 0 || decided.includes(null)) return c.json({ message: 'unknown document' }, 404);
    // The company's file reads again (its action list with it), for the company and everyone acting for it.
    if (decided.includes('company')) {
      for (const customerId of companyAudience(deps.db, row.id)) deps.realtime.toCustomer(customerId, { type: 'company.changed', id: `company-${row.id}-${Date.now()}`, customerId: row.id });
    }
    // The app reads its verification status again, and the customer is told.
    if (decided.includes('personal')) deps.realtime.toCustomer(row.id, { type: 'verification.changed', id: `verification-${Date.now()}` });
    // The Notification entity (002 s3: type, status, title, body; machines/app/notification.rules.ts).
    deps.realtime.toCustomer(row.id, {
      type: 'notification',
      id: `document-${ids.join('-')}-${Date.now()}`,
      notification: {
        type: 'document',
        status: decision === 'confirm' ? 'success' : 'error',
        title: decision === 'confirm' ? 'Your document was accepted' : 'Your document was refused',
        body: decision === 'confirm' ? null : 'The document is not readable. Please send another.',
      },
      createdAt: new Date().toISOString(),
    });
    return c.json({ ok: true });
  });
  /** A demo customer's verification as seeded (its case's documents, addresses, phones, certification — personal or the company's —; no tax id or username request): tests that change it start here. */
  app.post('/__sandbox/verification-reset', async (c) => {
    const { userLogin } = (await c.req.json()) as { userLogin: string };
    const row = deps.db.prepare('SELECT id, profile, brand FROM customers WHERE login = ?').get(userLogin) as { id: number; profile: string; brand: string } | undefined;
    const user = DEMO_USERS.find((u) => userLogin.startsWith(`${u.local}@`));
    if (!row || !user) return c.json({ message: 'unknown user' }, 404);
    const { usernameChange: _u, phoneChecks: _p, taxId: _t, certification: _c, businessCertification: _b, selfCertification: _s, ...rest } = JSON.parse(row.profile) as Record<string, unknown>;
    const profile = user.selfCertification ? { ...rest, selfCertification: user.selfCertification } : rest;
    const kase = user.verification ? VERIFICATION_CASES[user.verification] : null;
    const next = { ...profile, verified: kase ? kase.verified : true, limited: kase ? kase.limited : false, verification: user.verification ? dataOfCase(user.verification) : checkedData() };
    deps.db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify(next), row.id);
    return c.json({ ok: true });
  });
  /** A demo customer's KYC as seeded: { userLogin }; its request open again with nothing done or sent, the personal information update asked again where seeded. */
  app.post('/__sandbox/kyc-reset', async (c) => {
    const { userLogin } = (await c.req.json().catch(() => ({}))) as { userLogin?: string };
    const row = typeof userLogin === 'string' ? (deps.db.prepare('SELECT id, brand FROM customers WHERE login = ?').get(userLogin) as { id: number; brand: string } | undefined) : undefined;
    const user = DEMO_USERS.find((u) => userLogin?.startsWith(`${u.local}@`));
    if (!row || !user) return c.json({ message: 'unknown user' }, 404);
    // The seed's names: Ana, Demo <brand number>.
    const lastName = `Demo ${BRANDS.indexOf(row.brand as (typeof BRANDS)[number]) + 1}`;
    resetKyc(deps.db, row.id, { kyc: user.kyc, needPersonalInfoUpdate: user.needPersonalInfoUpdate === true, firstName: 'Ana', lastName, birthday: user.birthday, residenceCountryCode: 'RO' });
    return c.json({ ok: true });
  });
  /** A company representative's certification cleared: { secret } of their link (rep-secret-<brand>-demo or -e2e); the link stays valid. */
  app.post('/__sandbox/representative-reset', async (c) => {
    const { secret } = (await c.req.json().catch(() => ({}))) as { secret?: string };
    if (typeof secret !== 'string' || !resetRepresentative(deps.db, secret)) return c.json({ message: 'unknown secret' }, 404);
    return c.json({ ok: true });
  });
  /** A username change request moved on by the service: { userLogin, status: active | pending | failed }. */
  app.post('/__sandbox/username-change', async (c) => {
    const { userLogin, status } = (await c.req.json()) as { userLogin: string; status: 'active' | 'pending' | 'failed' };
    const row = deps.db.prepare('SELECT id, profile FROM customers WHERE login = ?').get(userLogin) as { id: number; profile: string } | undefined;
    const profile = row ? (JSON.parse(row.profile) as { usernameChange?: { email: string; status: string } }) : null;
    if (!row || !profile?.usernameChange || !['active', 'pending', 'failed'].includes(status)) return c.json({ message: 'unknown user, request or status' }, 404);
    profile.usernameChange.status = status;
    deps.db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify(profile), row.id);
    deps.realtime.toCustomer(row.id, { type: 'verification.changed', id: `username-${Date.now()}` });
    return c.json({ ok: true });
  });
  /** One demo customer's accounts, activity and announcements as seeded (for tests that change them); business@'s transaction requests too. */
  app.post('/__sandbox/customer-money', async (c) => {
    const { userLogin } = (await c.req.json()) as { userLogin: string };
    const row = deps.db.prepare('SELECT id, brand FROM customers WHERE login = ?').get(userLogin) as { id: number; brand: string } | undefined;
    const user = DEMO_USERS.find((u) => userLogin.startsWith(`${u.local}@`));
    if (!row || !user) return c.json({ message: 'unknown user' }, 404);
    transaction(deps.db, () => {
      reseedMoney(deps.db, row.id, user.accounts ?? 'basic', BRANDS.indexOf(row.brand as (typeof BRANDS)[number]) + 1);
      if (user.local === 'business') seedCompanyRequests(deps.db, row.brand);
    });
    return c.json({ ok: true });
  });
  /** One demo customer's balances as the sandbox holds them (tests check money before and after). */
  app.get('/__sandbox/balances', (c) => {
    const row = deps.db.prepare('SELECT id FROM customers WHERE login = ?').get(c.req.query('login') ?? '') as { id: number } | undefined;
    if (!row) return c.json({ message: 'unknown user' }, 404);
    const accounts = deps.db.prepare('SELECT id AS accountId, type, currency AS currencyCode, balance FROM accounts WHERE customer_id = ? ORDER BY id').all(row.id);
    return c.json({ customerId: row.id, accounts });
  });
  /** One demo customer's recurring transfers (001 s4 Recurring options), newest first. */
  app.get('/__sandbox/subscriptions', (c) => {
    const row = deps.db.prepare('SELECT id FROM customers WHERE login = ?').get(c.req.query('login') ?? '') as { id: number } | undefined;
    if (!row) return c.json({ message: 'unknown user' }, 404);
    const subscriptions = deps.db
      .prepare('SELECT kind, from_account AS fromAccount, to_account AS toAccount, amount, currency, frequency, end_date AS endDate, transactions, user_cancel AS userCancel, reference, status FROM subscriptions WHERE customer_id = ? ORDER BY id DESC')
      .all(row.id);
    return c.json({ subscriptions });
  });
  /**
   * The recipients' receive links of a global pay batch (`?batchId=`), or of every batch of a
   * customer (`?login=`), as the e-mails would carry them: { links: [{ paymentId, id, url, status }] }
   * (status open, used or expired; url the app's /receive/{id} with the sender's `brand` and the
   * recipient's `lang`). The batch is moved on to now first.
   */
  app.get('/__sandbox/receive-links', (c) => {
    const batchId = Number(c.req.query('batchId'));
    const login = c.req.query('login');
    let batchIds: number[];
    if (Number.isInteger(batchId) && batchId > 0) batchIds = [batchId];
    else if (login) {
      batchIds = (
        deps.db.prepare('SELECT b.id FROM global_pay_batches b JOIN customers c ON c.id = b.customer_id WHERE c.login = ? ORDER BY b.id').all(login) as { id: number }[]
      ).map((r) => r.id);
    } else return c.json({ message: 'batchId (a global pay batch) or login is required' }, 400);
    const links = transaction(deps.db, () => receiveLinks(deps.db, batchIds, Date.now()));
    return c.json({ links: links.map(({ paymentId, id, url, status }) => ({ paymentId, id, url, status })) });
  });
  /**
   * Fast-forwards a global pay batch (`?batchId=`) by `?seconds=` (default 5): its submit, its
   * payments' processing and its links' times move back, so the next read sees it processed,
   * settled (4 s) or a link expired (`seconds=1209600`, 14 days).
   */
  app.post('/__sandbox/global-pay/advance', (c) => {
    const batchId = Number(c.req.query('batchId'));
    const seconds = Number(c.req.query('seconds') ?? '5');
    if (!Number.isInteger(batchId) || batchId <= 0 || !Number.isFinite(seconds) || seconds < 0) return c.json({ message: 'batchId (a global pay batch) and seconds (≥ 0) are required' }, 400);
    const shifted = transaction(deps.db, () => shiftBatchClock(deps.db, batchId, seconds * 1000));
    if (!shifted) return c.json({ message: 'no global pay batch with that id' }, 404);
    return c.json({ ok: true });
  });
  /**
   * A draft global pay batch of `?payments=` payments (1 to 50,000) for a customer (`?login=`), on
   * its first USD payment account: the bench opens drafts of 1,000, 10,000 and 50,000 payments in
   * the editor (a file takes at most 10,000: 50,000 exist only this way, to show the growth).
   * Payments as scripts/generate-global-pay-csv.mjs writes them (every 20th a "Bonus"). Answers { batchId }.
   */
  app.post('/__sandbox/global-pay/draft', (c) => {
    const login = c.req.query('login') ?? '';
    const count = Number(c.req.query('payments') ?? '1000');
    if (!Number.isInteger(count) || count < 1 || count > 50_000) return c.json({ message: 'payments (1 to 50,000) is required' }, 400);
    const customer = deps.db.prepare('SELECT id FROM customers WHERE login = ?').get(login) as { id: number } | undefined;
    if (!customer) return c.json({ message: 'unknown user' }, 404);
    const account = deps.db.prepare("SELECT id FROM accounts WHERE customer_id = ? AND type = 1001 AND status_id <> 11 AND currency = 'USD' ORDER BY id LIMIT 1").get(customer.id) as { id: number } | undefined;
    if (!account) return c.json({ message: 'the customer has no USD payment account' }, 404);
    const countries = [['DE', 'EUR'], ['US', 'USD'], ['GB', 'GBP'], ['PT', 'EUR'], ['BR', 'BRL'], ['RO', 'RON'], ['PL', 'PLN'], ['MX', 'MXN']] as const;
    const names = ['Anna Schmidt', 'John Carter', 'Rita Sousa', 'Andrei Popescu', 'Lena Fischer', 'Maria Silva', 'Tom Baker', 'Olga Kim'];
    const payments = Array.from({ length: count }, (_, i) => {
      const [country, currency] = countries[i % countries.length]!;
      const input = paymentFromRow({
        amount: `${10 + ((i * 7919) % 4990)}.${String((i * 31) % 100).padStart(2, '0')}`,
        currency: (GLOBAL_PAY_CURRENCIES as readonly string[]).includes(currency) ? currency : 'USD',
        description: i % 20 === 0 ? `Bonus ${i + 1}` : `Payment ${i + 1}`,
        beneficiaryType: i % 5 === 0 ? 'business' : 'individual',
        beneficiaryName: names[i % names.length]!,
        beneficiaryEmail: `payee${i + 1}@example.com`,
        beneficiaryCountryCode: country,
        feeShare: i % 4 === 0 ? 'recipient' : 'sender',
      });
      return { line: i + 2, input };
    });
    const { batchId } = transaction(deps.db, () =>
      createBatch(deps.db, { customerId: customer.id, accountId: account.id, batchName: `Bench ${count}`, created: new Date().toISOString(), payments }),
    );
    return c.json({ batchId });
  });
  merchantRoutes(app, deps);
  publicApiRoutes(app, deps);
  contractRoutes(app, deps);
  supportRoutes(app, deps);
  /** A notification to a customer's open sessions: `{ userLogin, title, body?, type?, status? }` (type and status as machines/app/notification.rules.ts lists them; default general, info). */
  app.post('/__sandbox/notify', async (c) => {
    const { userLogin, title, body, type = 'general', status = 'info' } = (await c.req.json()) as { userLogin: string; title: string; body?: string; type?: string; status?: string };
    const row = deps.db.prepare('SELECT id FROM customers WHERE login = ?').get(userLogin) as { id: number } | undefined;
    if (!row) return c.json({ message: 'unknown user' }, 404);
    if (!(NOTIFICATION_TYPES as readonly string[]).includes(type) || !(NOTIFICATION_STATUSES as readonly string[]).includes(status)) {
      return c.json({ message: `type (${NOTIFICATION_TYPES.join(', ')}) and status (${NOTIFICATION_STATUSES.join(', ')})` }, 400);
    }
    const delivered = deps.realtime.toCustomer(row.id, {
      type: 'notification',
      id: `n-${Date.now()}`,
      notification: { type, status, title, body: body ?? null },
      createdAt: new Date().toISOString(),
    });
    return c.json({ delivered });
  });
}

/** A sink's name: what the address after /__sandbox/ipn-sink/ may be. */
const SINK_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** An amount as the control API takes it: decimal text (a JSON number is read as its digits). */
const AMOUNT = /^\d{1,15}(\.\d{1,8})?$/;

/**
 * The merchant area's control (issue 55): payments that make instant payment notifications, and a
 * sink to post them to.
 *
 * POST /__sandbox/merchant/payment { login, amount?, currencyCode?, payerEmail?, paymentStatus? }: a
 * payment the customer received (default 10.00 in their first open currency, from
 * payer@example.com, completed) and its notification. With the IPN settings on and the payment's
 * status notified (notifyStatusId), the payload is posted to the notify address with
 * `X-Signature: sha256=<hex HMAC-SHA256 of the body with the IPN secret>`, one attempt of at most
 * 3 s: a 2xx is delivered, anything else failed with the status. Only the sandbox's own origin is
 * ever called (http, 127.0.0.1 or localhost, its own port: the sink below); any other address is
 * not contacted (failed, responseStatus null). Notifications off: notSent, no attempt. The
 * customer's webhooks that are on get an ipn.created event (the public API area, publicApiRoutes).
 * Answers { ipnMessage } with its payload.
 *
 * POST /__sandbox/ipn-sink/<name>: keeps the request's headers and body and answers 200 (a name
 * starting with "fail": 500). GET /__sandbox/ipn-sink?name=<name>: what it received, oldest first.
 */
function merchantRoutes(app: Hono, deps: { db: Db; now: () => number; ownPort: () => number | null }): void {
  app.post('/__sandbox/merchant/payment', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { login?: unknown; amount?: unknown; currencyCode?: unknown; payerEmail?: unknown; paymentStatus?: unknown };
    const row = typeof body.login === 'string' ? (deps.db.prepare('SELECT id FROM customers WHERE lower(login) = lower(?)').get(body.login.trim()) as { id: number } | undefined) : undefined;
    if (!row) return c.json({ message: 'login (a customer) is required' }, 404);
    const amount = body.amount === undefined ? '10.00' : typeof body.amount === 'number' ? String(body.amount) : body.amount;
    const currencyCode = body.currencyCode ?? openCurrenciesOf(deps.db, row.id)[0] ?? 'USD';
    const paymentStatus = body.paymentStatus ?? 'completed';
    const payerEmail = body.payerEmail ?? 'payer@example.com';
    const isStatus = (value: unknown): value is PaymentStatus => typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);
    if (typeof amount !== 'string' || !AMOUNT.test(amount) || typeof currencyCode !== 'string' || !/^[A-Z]{3,5}$/.test(currencyCode) || typeof payerEmail !== 'string' || !payerEmail.includes('@') || !isStatus(paymentStatus)) {
      return c.json({ message: `amount (decimal text), currencyCode (3 to 5 capitals), payerEmail (an e-mail) and paymentStatus (${PAYMENT_STATUSES.join(', ')}) are optional, each as described` }, 400);
    }
    const createdAt = new Date(deps.now()).toISOString();
    const { id, target } = transaction(deps.db, () => recordPayment(deps.db, row.id, { amount, currencyCode, payerEmail, paymentStatus, createdAt }));
    // Posted outside the database transaction: the sink the sandbox posts to writes too.
    if (target) {
      const status = await sendIpn(target, ipnMessageById(deps.db, id).payload, deps.ownPort());
      recordDelivery(deps.db, id, status, deps.now());
    }
    // The customer's webhooks hear of it too (the public API area: an ipn.created event, its first attempts made).
    const message = toIpnMessage(ipnMessageById(deps.db, id), true);
    await deliverEvent(deps, row.id, 'ipn.created', {
      notificationId: message.id,
      transactionId: message.transactionId,
      amount: message.amount,
      currencyCode: message.currencyCode,
      payerEmail: message.payerEmail,
      paymentStatus: message.paymentStatus,
    });
    return c.json({ ipnMessage: message });
  });
  app.post('/__sandbox/ipn-sink/:name', async (c) => {
    const name = c.req.param('name');
    if (!SINK_NAME.test(name)) return c.json({ message: 'a sink is named by letters, digits, - and _ (at most 64)' }, 404);
    const status = name.startsWith('fail') ? 500 : 200;
    const body = await c.req.text();
    deps.db.prepare('INSERT INTO ipn_sink (name, received, headers, body, status) VALUES (?, ?, ?, ?, ?)').run(name, deps.now(), JSON.stringify(c.req.header()), body, status);
    return status === 200 ? c.json({ ok: true }) : c.json({ message: 'the sink fails on purpose (its name starts with "fail")' }, 500);
  });
  app.get('/__sandbox/ipn-sink', (c) => {
    const name = c.req.query('name') ?? '';
    const rows = deps.db.prepare('SELECT name, received, headers, body, status FROM ipn_sink WHERE name = ? ORDER BY id').all(name) as { name: string; received: number; headers: string; body: string; status: number }[];
    return c.json({
      requests: rows.map((r) => ({ name: r.name, receivedAt: new Date(r.received).toISOString(), headers: JSON.parse(r.headers) as Record<string, string>, body: r.body, answered: r.status })),
    });
  });
}

/** A customer by login (any case, trimmed), or undefined. */
const customerOfLogin = (db: Db, login: unknown): { id: number } | undefined =>
  typeof login === 'string' ? (db.prepare('SELECT id FROM customers WHERE lower(login) = lower(?)').get(login.trim()) as { id: number } | undefined) : undefined;

/**
 * The public API area's control (sandbox/public-api-store.ts, sandbox/handlers/public-api.ts):
 *
 * POST /__sandbox/public-api/request { secret, method?: "GET", path?: "/v1/balance", address?:
 * "127.0.0.1" }: the merchant's own server calls the public API with a key. An unknown secret:
 * { status: 401 }, nothing logged. A known key: 401 while it is off or expired, 403 from an
 * address the customer's allowed IP list does not let through, else 200 (the key's lastUsedAt
 * now); logged either way: { status, apiRequest }.
 *
 * POST /__sandbox/public-api/event { login, type?: "transfer.incoming" | "ipn.created", amount?,
 * currencyCode? }: an event for the customer (default an incoming transfer of 25.00 in their first
 * open currency from payer@example.com; no money moves), delivered to each webhook that is on, the
 * first attempts made before this answers: { webhookRequests }.
 *
 * POST /__sandbox/public-api/advance { login, minutes }: the customer's due times `minutes` back
 * (deliveries' next attempts, keys' expiries, rotated secrets' ends), then the due retries made:
 * { ok: true }. So a test sees each retry (10 minutes apart) without waiting.
 *
 * POST /__sandbox/webhook-sink/<name>: keeps the headers and body and answers by the sink's mode:
 * ok (200 { ok: true }, the default), fail (500), timeout (answers 200 after DELIVERY_TIMEOUT_MS +
 * 1 s, later than the deliverer waits). POST /__sandbox/webhook-sink/<name>/mode { mode } switches
 * it. GET /__sandbox/webhook-sink?name=<name>: { mode, requests: [{ name, receivedAt, headers,
 * body, answered }] }, oldest first. A reset empties every sink and puts them back to ok.
 */
function publicApiRoutes(app: Hono, deps: { db: Db; now: () => number; ownPort: () => number | null }): void {
  app.post('/__sandbox/public-api/request', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { secret?: unknown; method?: unknown; path?: unknown; address?: unknown };
    const method = body.method ?? 'GET';
    const path = body.path ?? '/v1/balance';
    const address = typeof body.address === 'string' ? canonicalIp(body.address) : body.address === undefined ? '127.0.0.1' : null;
    const secret = body.secret;
    if (typeof secret !== 'string' || typeof method !== 'string' || !/^[A-Z]{3,7}$/.test(method) || typeof path !== 'string' || !path.startsWith('/') || path.length > 255 || address === null) {
      return c.json({ message: 'secret is required; method (GET, POST …), path (from /) and address (an IPv4 or IPv6 address) are optional' }, 400);
    }
    const checked = transaction(deps.db, () => checkApiRequest(deps.db, { secret, method, path, address }, deps.now()));
    return c.json(checked);
  });
  app.post('/__sandbox/public-api/event', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { login?: unknown; type?: unknown; amount?: unknown; currencyCode?: unknown };
    const row = customerOfLogin(deps.db, body.login);
    if (!row) return c.json({ message: 'login (a customer) is required' }, 404);
    const type = body.type ?? 'transfer.incoming';
    const amount = body.amount === undefined ? '25.00' : typeof body.amount === 'number' ? String(body.amount) : body.amount;
    const currencyCode = body.currencyCode ?? openCurrenciesOf(deps.db, row.id)[0] ?? 'USD';
    if ((type !== 'transfer.incoming' && type !== 'ipn.created') || typeof amount !== 'string' || !AMOUNT.test(amount) || typeof currencyCode !== 'string' || !/^[A-Z]{3,5}$/.test(currencyCode)) {
      return c.json({ message: 'type (transfer.incoming or ipn.created), amount (decimal text) and currencyCode (3 to 5 capitals) are optional, each as described' }, 400);
    }
    const data = type === 'transfer.incoming' ? { amount, currencyCode, payerEmail: 'payer@example.com' } : { amount, currencyCode, payerEmail: 'payer@example.com', paymentStatus: 'completed' };
    const ids = await deliverEvent(deps, row.id, type, data);
    const rows = ids.map((id) => deps.db.prepare('SELECT * FROM pa_webhook_requests WHERE id = ?').get(id) as unknown as WebhookRequestRow);
    return c.json({ webhookRequests: toWebhookRequests(deps.db, rows) });
  });
  app.post('/__sandbox/public-api/advance', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { login?: unknown; minutes?: unknown };
    const row = customerOfLogin(deps.db, body.login);
    if (!row || typeof body.minutes !== 'number' || !Number.isFinite(body.minutes) || body.minutes < 0) return c.json({ message: 'login (a customer) and minutes (≥ 0) are required' }, 404);
    const ms = Math.round(body.minutes * 60_000);
    transaction(deps.db, () => shiftPublicApiClock(deps.db, row.id, ms));
    await deliverDue(deps, row.id);
    return c.json({ ok: true });
  });
  app.post('/__sandbox/webhook-sink/:name/mode', async (c) => {
    const name = c.req.param('name');
    const { mode } = (await c.req.json().catch(() => ({}))) as { mode?: unknown };
    if (!SINK_NAME.test(name) || !isSinkMode(mode)) return c.json({ message: `a sink is named by letters, digits, - and _ (at most 64); mode is ${SINK_MODES.join(', ')}` }, 400);
    setSinkMode(deps.db, name, mode);
    return c.json({ ok: true, mode });
  });
  app.post('/__sandbox/webhook-sink/:name', async (c) => {
    const name = c.req.param('name');
    if (!SINK_NAME.test(name)) return c.json({ message: 'a sink is named by letters, digits, - and _ (at most 64)' }, 404);
    const mode = sinkModeOf(deps.db, name);
    const body = await c.req.text();
    keepSinkRequest(deps.db, { name, received: deps.now(), headers: c.req.header(), body, status: mode === 'fail' ? 500 : 200 });
    if (mode === 'fail') return c.json({ message: 'the sink fails on purpose (its mode is fail)' }, 500);
    if (mode === 'timeout') await new Promise((resolve) => setTimeout(resolve, DELIVERY_TIMEOUT_MS + 1_000));
    return c.json({ ok: true });
  });
  app.get('/__sandbox/webhook-sink', (c) => {
    const name = c.req.query('name') ?? '';
    return c.json({ mode: sinkModeOf(deps.db, name), requests: sinkRequestsOf(deps.db, name) });
  });
}

/** Text for an HTML page (the sandbox's own pages). */
const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const SIGN_PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}form{margin:1rem 0;display:inline-block}button{font:inherit;padding:.5rem 1rem}' +
  'img{width:48px;height:48px;vertical-align:middle;margin-right:.75rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}a{margin-left:1rem}';
const SIGN_PAGE_STYLE_HASH = createHash('sha256').update(SIGN_PAGE_STYLE).digest('base64');

/**
 * The signing page: self-contained HTML (no script, no outside resource) under a strict CSP, like
 * the identity provider's page; its form may lead only to the sandbox itself and, after the
 * signature, to the app's origin it sends the signer back to; the company's logo is a data: URL.
 */
function signPage(c: Context, status: 200 | 400 | 404 | 409, returnUrl: string | null, content: string, title = 'Sandbox: sign the contract'): Response {
  const returnOrigin = returnUrl === null ? '' : ` ${new URL(returnUrl).origin}`;
  c.header('Content-Security-Policy', `default-src 'none'; style-src 'sha256-${SIGN_PAGE_STYLE_HASH}'; img-src data:; form-action 'self'${returnOrigin}; base-uri 'none'; frame-ancestors 'none'`);
  c.header('Referrer-Policy', 'no-referrer');
  const head = `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${SIGN_PAGE_STYLE}</style>`;
  return c.html(`<!doctype html><html lang="en"><head>${head}</head><body>${content}</body></html>`, status);
}

/** The way back to the app without signing (when the app gave an address), else a word to close the page. */
const backLink = (returnUrl: string | null, label: string): string =>
  returnUrl === null ? `<p>You can close this page.</p>` : `<p><a href="${escapeHtml(returnUrl)}">${escapeHtml(label)}</a></p>`;

/**
 * What the signer reads before signing: the company, the parties (who signs for each, who has
 * signed), the share, each side's obligations, the dates, the note.
 */
function contractSummary(contract: Contract, row: ContractRow, signerId: number): string {
  const signed = { sender: row.sender_signed_at !== null, beneficiary: row.beneficiary_signed_at !== null };
  const terms = termsOf(row);
  const signer = (name: string | null) => (name ? `, signed for by ${escapeHtml(name)}` : '');
  const party = (p: Contract['sender'], side: 'sender' | 'beneficiary') =>
    `${escapeHtml(p.name)} (${escapeHtml(p.username)})${signer(side === 'sender' ? terms.senderSigner : terms.beneficiarySigner)}${p.id === signerId ? ' (you)' : ''}${signed[side] ? ' (signed)' : ' (not signed yet)'}`;
  const obligations = (title: string, list: string[]) => (list.length > 0 ? `<dt>${title}</dt><dd><ol>${list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ol></dd>` : '');
  const logo = contract.company.logo?.startsWith('data:image/') ? `<img src="${escapeHtml(contract.company.logo)}" alt="">` : '';
  return (
    `<h1>Sign the contract ${contract.id}</h1>` +
    `<p>${logo}<strong>${escapeHtml(contract.company.title)}</strong></p>` +
    `<dl><dt>Sender (pays)</dt><dd>${party(contract.sender, 'sender')}</dd>` +
    `<dt>Beneficiary (receives)</dt><dd>${party(contract.beneficiary, 'beneficiary')}</dd>` +
    `<dt>Share</dt><dd>${escapeHtml(contract.percentage)} % of the company's revenue</dd>` +
    obligations('The sender undertakes', terms.senderObligations) +
    obligations('The beneficiary undertakes', terms.beneficiaryObligations) +
    `<dt>Runs</dt><dd>from ${escapeHtml(contract.activeFrom)}${contract.activeTo ? ` to ${escapeHtml(contract.activeTo)}` : ' until it is ended'}</dd>` +
    `${contract.note ? `<dt>Note</dt><dd>${escapeHtml(contract.note)}</dd>` : ''}` +
    `<dt>Status</dt><dd>${escapeHtml(contract.status)}</dd></dl>`
  );
}

/**
 * Smart contracts' control and the signing page (sandbox/contracts-store.ts,
 * sandbox/handlers/contracts.ts):
 *
 * GET /__sandbox/contracts/sign/<token>: the signing page contractSignUrl answers (one-time, 60
 * minutes on the sandbox's clock): the contract as the signer sees it, "Sign" (a form POST to the
 * same address) and "Back without signing" (to the app's returnUrl). POST signs: the signature on
 * the signer's side, the contract moved by the rules' `sign` event, the token used, and a 303 to
 * the returnUrl (a "Signed" page without one). A used, expired or unknown token: a 404 page; a
 * contract the signer can no longer sign (cancelled, rejected or signed meanwhile): a 409 page.
 *
 * POST /__sandbox/contracts/advance { login, days }: that customer's contracts' times `days` back
 * (activeFrom, activeTo, terminatedAt, when they were made, signed, changed), then what time has
 * done applied: { ok: true, moved }.
 *
 * POST /__sandbox/contracts/identify { contractId, outcome: NEW | PROCESSING | SUCCESS | FAILED }:
 * the payer's identification decided; SUCCESS moves a NEED_IDENTIFICATION contract by the rules'
 * `identified` event (ACTIVE when activeFrom has come, else SIGNED): { ok: true, status,
 * identificationStatus }.
 *
 * POST /__sandbox/contracts/sign { login, contractId }: that customer signs without the page (the
 * other party signed): { ok: true, status }; 409 when they cannot sign it now.
 *
 * GET /video-identity-job/<jobId>: the identification provider's page (issue 59; the job
 * splitPaySignerIdentification opened, at the sandbox's own origin, as the provider's would be):
 * "JMO video identification" or "NFD video identification", whose identification it is and for
 * which contract, and two buttons, "Identity confirmed" and "Identity not confirmed" (form POSTs to
 * the same address with outcome=pass or fail). POST decides it: pass makes the payer's
 * identification SUCCESS and moves the contract by the rules' `identified` event (ACTIVE when
 * activeFrom has come, else SIGNED), fail makes it FAILED (the contract keeps waiting; the payer may
 * start another); the job closes and the page answers 303 to the job's returnUrl (a "Done" page
 * without one). Under the signing page's CSP. An unknown job: a 404 page; a closed job, or a
 * contract that no longer waits for the identification (identified meanwhile): a 409 page, nothing
 * changes; an outcome that is neither: a 400 page.
 *
 * POST /__sandbox/contracts/identification-pushes/<id>/pass | fail: the other device's answer to an
 * identification push (contractIdentificationPush; the device page lists the pending ones with
 * these buttons): the same decision as the provider's page; the push closes. The device page's
 * form comes back to /__sandbox/device (303); JSON callers get { ok: true, status,
 * identificationStatus }, 404 for an unknown push, 409 for a decided one or a contract that no
 * longer waits. GET /__sandbox/contracts/identification-pushes?login=: the pending pushes (newest
 * first), for tests.
 */
function contractRoutes(app: Hono, deps: { db: Db; now: () => number }): void {
  const unknownToken = (c: Context) => signPage(c, 404, null, '<h1>Sign the contract</h1><p>This signing link is not valid any more: it was used, it expired, or it never existed. Ask for signing again from the contract.</p>');
  const noLongerSignable = (c: Context, returnUrl: string | null) =>
    signPage(c, 409, returnUrl, `<h1>Sign the contract</h1><p>This contract can no longer be signed by you: it changed meanwhile.</p>${backLink(returnUrl, 'Back to the contract')}`);

  app.get('/__sandbox/contracts/sign/:token', (c) => {
    const now = deps.now();
    const token = liveSignToken(deps.db, c.req.param('token'), now);
    const found = token ? contractById(deps.db, token.contract_id) : undefined;
    if (!token || !found) return unknownToken(c);
    const row = transaction(deps.db, () => applyTimeTo(deps.db, found, now));
    if (!canSign(row, token.signer_id)) return noLongerSignable(c, token.return_url);
    const signer = customerById(deps.db, token.signer_id);
    const action = `/__sandbox/contracts/sign/${encodeURIComponent(c.req.param('token'))}`;
    return signPage(
      c,
      200,
      token.return_url,
      contractSummary(toContract(deps.db, row, token.signer_id), row, token.signer_id) +
        `<p>You sign as <strong>${escapeHtml(signer ? partyNameOf(signer) : '')}</strong>.</p>` +
        `<form method="post" action="${escapeHtml(action)}"><button type="submit">Sign</button></form>` +
        (token.return_url === null ? '<p>Close this page to leave without signing.</p>' : `<a href="${escapeHtml(token.return_url)}">Back without signing</a>`),
    );
  });

  app.post('/__sandbox/contracts/sign/:token', (c) => {
    const now = deps.now();
    const token = liveSignToken(deps.db, c.req.param('token'), now);
    const found = token ? contractById(deps.db, token.contract_id) : undefined;
    if (!token || !found) return unknownToken(c);
    const signed = transaction(deps.db, () => {
      useSignToken(deps.db, token, now);
      return sign(deps.db, applyTimeTo(deps.db, found, now), token.signer_id, now);
    });
    if (!signed) return noLongerSignable(c, token.return_url);
    if (token.return_url !== null) return c.redirect(token.return_url, 303);
    return signPage(c, 200, null, `<h1>Signed</h1><p>You signed the contract ${signed.id}. Its status is now ${escapeHtml(signed.status)}.</p><p>You can close this page.</p>`);
  });

  // ---- the identification provider's page (issue 59) ----

  const PROVIDER_TITLE = { jmo: 'JMO video identification', nfd: 'NFD video identification' } as const;
  const jobPage = (c: Context, status: 200 | 400 | 404 | 409, returnUrl: string | null, title: string, content: string) =>
    signPage(c, status, returnUrl, `<h1>${escapeHtml(title)}</h1>${content}`, `Sandbox: ${title}`);
  const unknownJob = (c: Context) =>
    jobPage(c, 404, null, 'Video identification', '<p>This identification link is not valid: the identification never existed, or its contract is gone.</p>');

  app.get('/video-identity-job/:jobId', (c) => {
    const job = identificationJobById(deps.db, c.req.param('jobId'));
    const found = job ? contractById(deps.db, job.contract_id) : undefined;
    if (!job || !found) return unknownJob(c);
    const title = PROVIDER_TITLE[job.provider];
    if (job.status !== 'open') return jobPage(c, 409, job.return_url, title, `<p>This identification is over: ${job.status === 'passed' ? 'the identity was confirmed' : 'the identity was not confirmed'}.</p>${backLink(job.return_url, 'Back to the contract')}`);
    const row = transaction(deps.db, () => applyTimeTo(deps.db, found, deps.now()));
    if (!waitsForIdentification(row)) return jobPage(c, 409, job.return_url, title, `<p>The contract ${row.id} no longer waits for this identification.</p>${backLink(job.return_url, 'Back to the contract')}`);
    const contract = toContract(deps.db, row, job.payer_id);
    const payer = customerById(deps.db, job.payer_id);
    const action = `/video-identity-job/${encodeURIComponent(job.id)}`;
    const button = (outcome: IdentificationOutcome, label: string) =>
      `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit">${label}</button></form>`;
    return jobPage(
      c,
      200,
      job.return_url,
      title,
      `<p>The sandbox plays the identification provider: decide how the video call went.</p>` +
        `<dl><dt>Contract</dt><dd>${row.id} (${escapeHtml(contract.company.title)}, ${escapeHtml(contract.percentage)} % to ${escapeHtml(contract.beneficiary.name)})</dd>` +
        `<dt>Payer</dt><dd>${escapeHtml(payer ? partyNameOf(payer) : '')} (${escapeHtml(payer?.login ?? '')})</dd>` +
        `<dt>Identification</dt><dd>${escapeHtml(row.identification_status)}</dd></dl>` +
        button('pass', 'Identity confirmed') +
        button('fail', 'Identity not confirmed') +
        (job.return_url === null ? '' : `<a href="${escapeHtml(job.return_url)}">Back without deciding</a>`),
    );
  });

  app.post('/video-identity-job/:jobId', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const job = identificationJobById(deps.db, c.req.param('jobId'));
    const found = job ? contractById(deps.db, job.contract_id) : undefined;
    if (!job || !found) return unknownJob(c);
    const title = PROVIDER_TITLE[job.provider];
    const outcome = form.outcome;
    if (outcome !== 'pass' && outcome !== 'fail') return jobPage(c, 400, job.return_url, title, '<p>Choose Identity confirmed or Identity not confirmed.</p>');
    const now = deps.now();
    const decided = transaction(deps.db, () => {
      if (identificationJobById(deps.db, job.id)?.status !== 'open') return 'closed' as const;
      const after = decideIdentification(deps.db, contractById(deps.db, found.id) ?? found, outcome, now);
      if (after) closeIdentificationJob(deps.db, job.id, outcome);
      return after;
    });
    if (decided === 'closed') return jobPage(c, 409, job.return_url, title, `<p>This identification is over: it was decided already.</p>${backLink(job.return_url, 'Back to the contract')}`);
    if (decided === null) return jobPage(c, 409, job.return_url, title, `<p>The contract ${found.id} no longer waits for this identification.</p>${backLink(job.return_url, 'Back to the contract')}`);
    if (job.return_url !== null) return c.redirect(job.return_url, 303);
    return jobPage(
      c,
      200,
      null,
      title,
      `<p>Done: ${outcome === 'pass' ? 'the identity was confirmed' : 'the identity was not confirmed'}. The contract ${decided.id} is now ${escapeHtml(decided.status)}.</p><p>You can close this page.</p>`,
    );
  });

  // ---- identification pushes: the other device's answer ----

  app.get('/__sandbox/contracts/identification-pushes', (c) => c.json({ pushes: pendingIdentificationPushes(deps.db, c.req.query('login')?.trim() || undefined) }));

  for (const outcome of ['pass', 'fail'] as const) {
    app.post(`/__sandbox/contracts/identification-pushes/:id/${outcome}`, (c) => {
      const form = (c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded');
      const id = Number(c.req.param('id'));
      const push = Number.isSafeInteger(id) ? identificationPushById(deps.db, id) : undefined;
      const found = push ? contractById(deps.db, push.contract_id) : undefined;
      if (!push || !found) return form ? c.redirect('/__sandbox/device', 303) : c.json({ message: 'no such identification push' }, 404);
      const now = deps.now();
      const decided = transaction(deps.db, () => {
        if (identificationPushById(deps.db, push.id)?.status !== 'pending') return null;
        const after = decideIdentification(deps.db, contractById(deps.db, found.id) ?? found, outcome, now);
        if (after) closeIdentificationPush(deps.db, push.id, outcome);
        return after;
      });
      if (form) return c.redirect('/__sandbox/device', 303);
      if (!decided) return c.json({ message: 'this push was decided already, or its contract no longer waits for the identification' }, 409);
      return c.json({ ok: true, status: decided.status, identificationStatus: decided.identification_status });
    });
  }

  app.post('/__sandbox/contracts/advance', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { login?: unknown; days?: unknown };
    const row = customerOfLogin(deps.db, body.login);
    if (!row || typeof body.days !== 'number' || !Number.isInteger(body.days) || body.days < 0) return c.json({ message: 'login (a customer) and days (a whole number ≥ 0) are required' }, 404);
    const days = body.days;
    const moved = transaction(deps.db, () => shiftContractsClock(deps.db, row.id, days, deps.now()));
    return c.json({ ok: true, moved });
  });

  app.post('/__sandbox/contracts/identify', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { contractId?: unknown; outcome?: unknown };
    const found = typeof body.contractId === 'number' ? contractById(deps.db, body.contractId) : undefined;
    const outcome = body.outcome;
    if (!found || !isIdentificationStatus(outcome)) return c.json({ message: `contractId (a contract) and outcome (${IDENTIFICATION_STATUSES.join(', ')}) are required` }, 404);
    const now = deps.now();
    const after = transaction(deps.db, () => identify(deps.db, applyTimeTo(deps.db, found, now), outcome, now));
    return c.json({ ok: true, status: after.status, identificationStatus: after.identification_status });
  });

  app.post('/__sandbox/contracts/sign', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { login?: unknown; contractId?: unknown };
    const customer = customerOfLogin(deps.db, body.login);
    const found = typeof body.contractId === 'number' ? contractById(deps.db, body.contractId) : undefined;
    if (!customer || !found) return c.json({ message: 'login (a customer) and contractId (a contract) are required' }, 404);
    const now = deps.now();
    const signed = transaction(deps.db, () => sign(deps.db, applyTimeTo(deps.db, found, now), customer.id, now));
    if (!signed) return c.json({ message: 'that customer cannot sign this contract now (not a party, already signed, or not UNSIGNED or WAITING)' }, 409);
    return c.json({ ok: true, status: signed.status });
  });
}

/**
 * Support tickets' control (issue 60; sandbox/support-store.ts, sandbox/handlers/helpdesk.ts):
 *
 * POST /__sandbox/support/reply { login, ticketNumber, content, attachment?: boolean }: the brand's
 * agent replies on that customer's ticket: a thread by the agent (AGENT) addressed to the
 * customer's e-mail, now on the sandbox's clock, with a small PDF when `attachment` is true; the
 * ticket is Open (waiting for the customer), so it reads as new until the customer opens it (within
 * 2 weeks). Answers { ok: true, ticketId, threadId }; 404 for an unknown customer or ticket, 400
 * for content that is not 1 to 32000 characters after trimming. The agent page's form posts here
 * too (then 303 back to the page).
 *
 * POST /__sandbox/support/advance { login, days }: that customer's tickets' times `days` back (when
 * made, changed and read, their threads' and uploads' times): the 2-week window of "new" passes
 * without waiting. Answers { ok: true, moved }.
 *
 * GET /__sandbox/support[?login=<e-mail>]: the agent's page: every customer with tickets (or that
 * one), their tickets (number, subject, the desk's status, the display status now, the last
 * thread's author and time) and a form to reply as the agent. Plain HTML, no script; every text
 * escaped.
 */
function supportRoutes(app: Hono, deps: { db: Db; now: () => number }): void {
  const isForm = (c: Context) => (c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded');
  const bodyOf = async (c: Context): Promise<Record<string, unknown>> =>
    isForm(c) ? Object.fromEntries(Object.entries(await c.req.parseBody().catch(() => ({}))).map(([k, v]) => [k, typeof v === 'string' ? v : ''])) : ((await c.req.json().catch(() => ({}))) as Record<string, unknown>);
  const ticketOf = (contact: ContactRow | undefined, number: unknown): TicketRow | undefined => {
    const text = typeof number === 'number' ? String(number) : typeof number === 'string' ? number.trim() : '';
    return contact && /^\d{1,12}$/.test(text) ? ticketsOf(deps.db, contact.id).find((t) => String(t.number) === text) : undefined;
  };

  app.post('/__sandbox/support/reply', async (c) => {
    const form = isForm(c);
    const body = await bodyOf(c);
    const customer = customerOfLogin(deps.db, body.login);
    const contact = customer ? contactOfCustomer(deps.db, customer.id) : undefined;
    const ticket = ticketOf(contact, body.ticketNumber);
    const back = `/__sandbox/support${form && typeof body.login === 'string' ? `?login=${encodeURIComponent(body.login.trim())}` : ''}`;
    if (!customer || !contact || !ticket) return form ? c.redirect(back, 303) : c.json({ message: 'login (a customer) and ticketNumber (one of their tickets) are required' }, 404);
    const content = typeof body.content === 'string' ? body.content.trim() : '';
    if (content === '' || Array.from(content).length > CONTENT_MAX) return form ? c.redirect(back, 303) : c.json({ message: 'content (1 to 32000 characters after trimming) is required' }, 400);
    const attachment = body.attachment === true || body.attachment === 'on' || body.attachment === 'true';
    const now = deps.now();
    const at = new Date(now).toISOString();
    const threadId = transaction(deps.db, () => {
      const id = addThread(deps.db, ticket, { authorType: 'AGENT', authorName: agentOf(ticket.brand, now).name, content, createdAt: at });
      if (attachment) {
        const name = `ticket-${ticket.number}-reply.pdf`;
        const file = seededFile('pdf', name);
        insertFile(deps.db, { contactId: contact.id, threadId: id, name, mime: file.mime, content: file.content, createdAt: at });
      }
      return id;
    });
    if (form) return c.redirect(back, 303);
    return c.json({ ok: true, ticketId: String(ticket.id), threadId: String(threadId) });
  });

  app.post('/__sandbox/support/advance', async (c) => {
    const body = await bodyOf(c);
    const customer = customerOfLogin(deps.db, body.login);
    if (!customer || typeof body.days !== 'number' || !Number.isInteger(body.days) || body.days < 0) return c.json({ message: 'login (a customer) and days (a whole number ≥ 0) are required' }, 404);
    const days = body.days;
    const moved = transaction(deps.db, () => shiftSupportClock(deps.db, customer.id, days));
    return c.json({ ok: true, moved });
  });

  app.get('/__sandbox/support', (c) => {
    const now = deps.now();
    const login = c.req.query('login')?.trim().toLowerCase();
    const contacts = deps.db
      .prepare(
        `SELECT k.*, c.login FROM hd_contacts k JOIN customers c ON c.id = k.customer_id
         WHERE EXISTS (SELECT 1 FROM hd_tickets t WHERE t.contact_id = k.id) ${login ? 'AND lower(c.login) = ?' : ''} ORDER BY c.login`,
      )
      .all(...(login ? [login] : [])) as unknown as (ContactRow & { login: string })[];
    const sections = contacts
      .map((contact) => {
        const tickets = ticketsOf(deps.db, contact.id);
        const rows = tickets
          .map((row) => {
            const ticket = toTicket(deps.db, row, contact.email, now);
            const last = threadsOf(deps.db, row.id)[0];
            const lastText = last ? `${last.author_type === 'AGENT' ? 'agent' : 'customer'}, ${last.created_at}` : '';
            return `<tr><td>${escapeHtml(ticket.ticketNumber)}</td><td>${escapeHtml(ticket.subject)}</td><td>${escapeHtml(ticket.status)}</td><td>${escapeHtml(ticket.statusId)}</td><td>${escapeHtml(lastText)}</td></tr>`;
          })
          .join('');
        const options = tickets.map((t) => `<option value="${escapeHtml(String(t.number))}">${escapeHtml(`${t.number} ${t.subject}`)}</option>`).join('');
        const form =
          `<form method="post" action="/__sandbox/support/reply"><input type="hidden" name="login" value="${escapeHtml(contact.login)}">` +
          `<label>Ticket <select name="ticketNumber">${options}</select></label> ` +
          `<label>Reply <textarea name="content" rows="2" cols="50" required></textarea></label> ` +
          `<label><input type="checkbox" name="attachment"> with a PDF</label> ` +
          `<button type="submit">Reply as the agent to ${escapeHtml(contact.login)}</button></form>`;
        return (
          `<h2>${escapeHtml(contact.name)} (${escapeHtml(contact.login)})</h2>` +
          `<table><thead><tr><th>Number</th><th>Subject</th><th>Status</th><th>Display status</th><th>Last thread</th></tr></thead><tbody>${rows}</tbody></table>${form}`
        );
      })
      .join('');
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox: the support agent</title></head><body><h1>The support agent</h1>` +
        `<p>Support tickets of the sandbox's help desk, the most recently changed first. A reply is the agent's: the ticket reads as new for the customer until they open it.</p>` +
        `${sections || '<p>No tickets.</p>'}</body></html>`,
    );
  });
}

/** The users of company-access@ or company-solo@ as seeded (DEMO_USERS' companies), in seed order; null for any other company (their users are restored one by one). */
function seededUsersOf(db: Db, companyLocal: string, brand: string): { userId: number; permissions: Permissions }[] | null {
  if (companyLocal !== ACCESS_COMPANY_LOCAL && companyLocal !== SOLO_COMPANY_LOCAL) return null;
  return DEMO_USERS.flatMap((user) =>
    companiesOfUser(user)
      .filter((company) => company.of === companyLocal)
      .flatMap((company) => {
        const row = db.prepare('SELECT id FROM customers WHERE login = ?').get(demoLogin(user.local, brand)) as { id: number } | undefined;
        return row ? [{ userId: row.id, permissions: company.permissions }] : [];
      }),
  );
}

function decidePush(deps: { db: Db; realtime: Realtime }, key: string, decision: 'approve' | 'decline'): boolean {
  const changed = deps.db
    .prepare("UPDATE pending_logins SET status = ? WHERE key = ? AND status = 'waiting'")
    .run(decision === 'approve' ? 'ready' : 'declined', key).changes;
  if (changed) deps.realtime.toLogin(key, { type: decision === 'approve' ? 'login.approved' : 'login.declined', key });
  return changed > 0;
}
