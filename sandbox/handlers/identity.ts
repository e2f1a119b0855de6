import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { actsFor } from '../access.ts';
import { transaction, type Db } from '../db.ts';
import type { AuthHandlerMap, HandlerReply, ServiceContext } from '../handler-types.ts';
import type { Realtime } from '../realtime.ts';
import { checkedData, type VerificationData } from './verification.ts';
import { markKycStepDone } from './kyc.ts';

/**
 * Identity verification with the external provider (spec 002 s2, s7 REST). The sandbox
 * plays the provider (Onfido-like: a workflow run and an SDK token):
 *
 * - POST /identity-verification (or /customers/{id}/identity-verification for a customer the user
 *   acts for) starts a run: a random run id and SDK token (kept hashed), the app's origin to come
 *   back to (only http(s) 127.0.0.1 or localhost origins: 400 otherwise), and the provider's page.
 * - The provider's page (GET /__provider/identity/{runId}?token=…, plain HTML without scripts or
 *   outside assets, under its own strict CSP) approves or rejects the run, or approves it "by video
 *   call" (a video identity job `vij_…` of the same customer; the run is approved with it), and sends the browser back (303) to
 *   the app's /identity-verification/{runId}/{token} or /video-identity-job/{jobId}.
 * - An approval is the provider's webhook to the bank: the customer's identity is confirmed at
 *   once (a confirmed identity document from the provider, the video identity validated for a
 *   video job), KYC is no longer needed, the customer is verified when every address is confirmed
 *   too, and `verification.changed` goes out on the realtime channel. A rejection keeps its reason.
 * - POST verification/customer/{id}/verify answers the decision so far (pending until the page
 *   decides): 404 for a run or job that is unknown or not that customer's, 403 for a wrong token.
 */

interface CheckRow {
  id: string;
  kind: 'run' | 'video';
  customer_id: number;
  token_hash: string | null;
  return_origin: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
}

/** The app's origins the sandbox sends the browser back to. */
const RETURN_ORIGIN = /^https?:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?$/;
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;
const REJECT_REASON = 'The document photo is not readable';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

function tokenMatches(row: CheckRow, token: unknown): boolean {
  if (typeof token !== 'string' || !row.token_hash) return false;
  const given = Buffer.from(hash(token), 'hex');
  const kept = Buffer.from(row.token_hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

const checkOf = (db: Db, id: string, kind: CheckRow['kind']) => db.prepare('SELECT * FROM identity_checks WHERE id = ? AND kind = ?').get(id, kind) as CheckRow | undefined;

const message = (status: number, text: string): HandlerReply => ({ status, body: { message: text } });

/** What starting a run reads of identityVerificationStart or customerIdentityVerificationStart (the same body). */
type StartContext = Pick<ServiceContext<'auth', 'identityVerificationStart'>, 'db' | 'body' | 'headers' | 'now'>;

function startRun({ db, body, headers, now }: StartContext, customerId: number): HandlerReply {
  const returnOrigin = body.returnOrigin.trim();
  if (!RETURN_ORIGIN.test(returnOrigin)) return message(400, 'The return origin is not one of the app’s addresses');
  const workflowRunId = randomUUID();
  const token = randomBytes(32).toString('base64url');
  db.prepare("INSERT INTO identity_checks (id, kind, customer_id, token_hash, return_origin, status, reason, created, decided) VALUES (?, 'run', ?, ?, ?, 'pending', NULL, ?, NULL)").run(
    workflowRunId,
    customerId,
    hash(token),
    returnOrigin,
    now(),
  );
  const host = headers.get('host') ?? '';
  const sandboxOrigin = HOST.test(host) ? `http://${host}` : 'http://127.0.0.1';
  return { status: 200, body: { workflowRunId, token, providerUrl: `${sandboxOrigin}/__provider/identity/${workflowRunId}?token=${encodeURIComponent(token)}` } };
}

export const identityHandlers: AuthHandlerMap = {
  identityVerificationStart: (ctx) => startRun(ctx, ctx.customerId!),
  customerIdentityVerificationStart: (ctx) => {
    const id = Number(ctx.params.id);
    if (!Number.isInteger(id) || !actsFor(ctx.db, ctx.customerId, id)) return message(403, 'You cannot act for this customer');
    return startRun(ctx, id);
  },
  customerIdentityVerify: ({ db, customerId, params, body }) => {
    const id = Number(params.id);
    const unknown = message(404, 'There is no such identity check');
    if (!Number.isInteger(id) || !actsFor(db, customerId, id)) return unknown;
    const row = 'videoIdentityJobId' in body ? checkOf(db, body.videoIdentityJobId, 'video') : checkOf(db, body.workflowRunId, 'run');
    if (!row || row.customer_id !== id) return unknown;
    // A workflow run comes with its token (a video identity job has none).
    if (!('videoIdentityJobId' in body) && !tokenMatches(row, body.token)) return message(403, 'This link does not belong to the identity check');
    return { status: 200, body: { status: row.status, reason: row.reason } };
  },
};

/** The provider's approval reaches the bank: the identity confirmed (and the video identity for a video job), KYC's identity step done. */
function confirmIdentity(db: Db, customerId: number, video: boolean, now: number): void {
  const row = db.prepare('SELECT profile FROM customers WHERE id = ?').get(customerId) as { profile: string };
  const profile = JSON.parse(row.profile) as Record<string, unknown>;
  const data = (profile.verification as VerificationData | undefined) ?? checkedData();
  const ids = [
    ...data.identity.uploadedDocuments,
    ...data.addresses.flatMap((a) => a.uploadedDocuments),
    ...data.limitReasons.flatMap((r) => r.requirementDocuments.flatMap((d) => d.uploadedDocuments)),
    ...data.duplicateDocuments.uploadedDocuments,
  ].map((d) => d.id);
  const fromProvider = { id: Math.max(9000, ...ids) + 1, statusId: 2, documentTypeId: 1, issuedDate: null, expiresDate: null, rejectReason: null, createdDate: new Date(now).toISOString() };
  data.identity.uploadedDocuments.push(fromProvider);
  data.identity = { ...data.identity, type: data.identity.type ?? 'Passport', typeId: data.identity.typeId ?? 1, status: 2, rejectReason: null };
  if (video) data.videoIdentityStatus = 'validated';
  const confirmed = (docs: { statusId: number }[]) => docs.length > 0 && docs.every((d) => d.statusId === 2);
  if (data.addresses.length > 0 && data.addresses.every((a) => confirmed(a.uploadedDocuments))) profile.verified = true;
  db.prepare('UPDATE customers SET profile = ? WHERE id = ?').run(JSON.stringify({ ...profile, verification: data }), customerId);
  // KYC's identity step is done; KYC is no longer needed once every step of the request is.
  markKycStepDone(db, customerId, 'identity');
}

const esc = (v: string) => v.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const STYLE = 'body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}form{margin:1rem 0}button{font:inherit;padding:.5rem 1rem}input{font:inherit}';
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** The provider's page: self-contained HTML under a strict CSP (its forms may lead back only to the app's origin). */
function providerPage(c: Context, status: 200 | 403 | 404, returnOrigin: string | null, title: string, content: string): Response {
  c.header('Content-Security-Policy', `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'${returnOrigin ? ` ${returnOrigin}` : ''}; base-uri 'none'; frame-ancestors 'none'`);
  c.header('Referrer-Policy', 'no-referrer');
  const head = `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style>`;
  return c.html(`<!doctype html><html lang="en"><head>${head}</head><body>${content}</body></html>`, status);
}

const resultUrl = (row: CheckRow, token: string) => `${row.return_origin}/identity-verification/${encodeURIComponent(row.id)}/${encodeURIComponent(token)}`;

/** The provider's page and its decisions (not part of the contract: the app only ever navigates here). */
export function identityProviderRoutes(app: Hono, deps: { db: Db; realtime: Realtime; now: () => number }): void {
  const refused = (c: Context) => providerPage(c, 404, null, 'Sandbox identity provider', '<h1>Sandbox identity provider</h1><p>There is no such identity check, or its link is not complete.</p>');

  app.get('/__provider/identity/:runId', (c) => {
    const row = checkOf(deps.db, c.req.param('runId'), 'run');
    const token = c.req.query('token') ?? '';
    if (!row || !tokenMatches(row, token)) return refused(c);
    const login = (deps.db.prepare('SELECT login FROM customers WHERE id = ?').get(row.customer_id) as { login: string }).login;
    const hidden = `<input type="hidden" name="token" value="${esc(token)}">`;
    const action = (decision: string) => `/__provider/identity/${encodeURIComponent(row.id)}/${decision}`;
    const body =
      row.status === 'pending'
        ? `<form method="post" action="${action('approve')}">${hidden}<button type="submit">Approve the check</button></form>` +
          `<form method="post" action="${action('reject')}">${hidden}` +
          `<p><label>Reason <input name="reason" value="${esc(REJECT_REASON)}" maxlength="200"></label></p><button type="submit">Reject the check</button></form>` +
          `<form method="post" action="${action('video')}">${hidden}<button type="submit">Approve by video call</button></form>`
        : `<p>This check is decided: ${esc(row.status)}.</p><p><a href="${esc(resultUrl(row, token))}">Back to the app</a></p>`;
    return providerPage(
      c,
      200,
      row.return_origin,
      'Sandbox identity provider',
      `<h1>Sandbox identity provider</h1><p>Identity check of <strong>${esc(login)}</strong>.</p><p>Workflow run: <code>${esc(row.id)}</code></p>${body}`,
    );
  });

  for (const decision of ['approve', 'reject', 'video'] as const) {
    app.post(`/__provider/identity/:runId/${decision}`, async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const token = typeof form.token === 'string' ? form.token : '';
      const row = checkOf(deps.db, c.req.param('runId'), 'run');
      if (!row || !tokenMatches(row, token)) return refused(c);
      // A decided run stays decided: the browser goes back with it.
      if (row.status !== 'pending') return c.redirect(resultUrl(row, token), 303);
      const now = deps.now();
      if (decision === 'reject') {
        const reason = typeof form.reason === 'string' && form.reason.trim() ? form.reason.trim().slice(0, 200) : REJECT_REASON;
        deps.db.prepare("UPDATE identity_checks SET status = 'rejected', reason = ?, decided = ? WHERE id = ?").run(reason, now, row.id);
        return c.redirect(resultUrl(row, token), 303);
      }
      // Approved (by video call: a video identity job of the same customer, the run approved with it).
      const target = transaction(deps.db, () => {
        deps.db.prepare("UPDATE identity_checks SET status = 'approved', decided = ? WHERE id = ?").run(now, row.id);
        confirmIdentity(deps.db, row.customer_id, decision === 'video', now);
        if (decision === 'approve') return resultUrl(row, token);
        const jobId = `vij_${randomBytes(8).toString('hex')}`;
        deps.db
          .prepare("INSERT INTO identity_checks (id, kind, customer_id, token_hash, return_origin, status, reason, created, decided) VALUES (?, 'video', ?, NULL, ?, 'approved', NULL, ?, ?)")
          .run(jobId, row.customer_id, row.return_origin, now, now);
        return `${row.return_origin}/video-identity-job/${jobId}`;
      });
      deps.realtime.toCustomer(row.customer_id, { type: 'verification.changed', id: `identity-${now}` });
      return c.redirect(target, 303);
    });
  }
}
