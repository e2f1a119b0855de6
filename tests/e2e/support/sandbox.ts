import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, SANDBOX } from './env';

/** A sign-in waiting in the sandbox (newest first in the inbox). */
export interface PendingSignIn {
  key: string;
  login: string;
  flow: string;
  /** The OTP/SMS code, for those flows. */
  otp: string | null;
  /** 'waiting' (a push to answer), 'ready', 'declined', … */
  status: string;
}

/**
 * The sandbox's control API (/__sandbox/…, sandbox/control.ts): the inbox of codes and push
 * approvals, "the other device", OAuth authorisations, realtime messages. Faults stay with the
 * `fault` fixture (scoped to one test).
 */
/** An operation waiting for its approval (newest first), with the code the other device shows and what it will do. */
export interface WaitingApproval {
  operationId: string;
  approveType: string;
  code: string;
  work: { kind: string; [key: string]: unknown };
}

export class Sandbox {
  private readonly request: APIRequestContext;

  constructor(request: APIRequestContext) {
    this.request = request;
  }

  /** Pending sign-ins, newest first. */
  async inbox(): Promise<PendingSignIn[]> {
    const res = await this.request.get(`${SANDBOX}/__sandbox/inbox`);
    expect(res.ok(), 'sandbox inbox').toBe(true);
    return ((await res.json()) as { pending: PendingSignIn[] }).pending;
  }

  /** The newest one-time code sent to a login (OTP and SMS flows). */
  async latestOtp(login: string): Promise<string> {
    const entry = (await this.inbox()).find((p) => p.login === login && p.otp);
    if (!entry?.otp) throw new Error(`no code for ${login}`);
    return entry.otp;
  }

  /** Answers the newest waiting push/device approval of a login through the API. */
  async approvePush(login: string): Promise<void> {
    await this.decide(login, 'approve');
  }

  async declinePush(login: string): Promise<void> {
    await this.decide(login, 'decline');
  }

  private async decide(login: string, decision: 'approve' | 'decline'): Promise<void> {
    let key: string | undefined;
    await expect
      .poll(async () => (key = (await this.inbox()).find((p) => p.login === login && p.status === 'waiting')?.key), {
        message: `a waiting sign-in of ${login}`,
      })
      .toBeTruthy();
    const res = await this.request.post(`${SANDBOX}/__sandbox/push/${encodeURIComponent(key!)}/${decision}`);
    expect(res.ok(), `${decision} ${login}`).toBe(true);
  }

  /** Opens "the other device" page (Approve/Decline buttons, codes) in a new tab of `context`. */
  async openOtherDevice(context: BrowserContext): Promise<OtherDevice> {
    const device = new OtherDevice(await context.newPage());
    await device.page.goto(`${SANDBOX}/__sandbox/device`);
    return device;
  }

  /** A pending OAuth (SEI) authorisation, as a partner site creates it; returns its id. */
  async createOAuthAuthorisation(body: { client?: string; redirectUri?: string; scopes?: string[] } = {}): Promise<string> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/oauth`, { data: body });
    expect(res.ok(), 'sandbox oauth').toBe(true);
    return ((await res.json()) as { authorizationId: string }).authorizationId;
  }

  /** What a partner's code stands for: the customer who allowed it, the partner and its access (issue 47). */
  async oauthCode(code: string): Promise<{ clientName: string; scopes: string[]; login: string }> {
    const res = await this.request.get(`${SANDBOX}/__sandbox/oauth/codes/${encodeURIComponent(code)}`);
    expect(res.ok(), 'sandbox oauth code').toBe(true);
    return (await res.json()) as { clientName: string; scopes: string[]; login: string };
  }

  /** Sends a notification on the realtime channel; returns how many sessions received it (0: none connected yet). */
  async notify(userLogin: string, message: { title: string; body?: string; type?: string; status?: string }): Promise<number> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/notify`, { data: { userLogin, ...message } });
    return ((await res.json()) as { delivered: number }).delivered;
  }

  /** Sends a transaction result on the realtime channel (success unless told); returns how many sessions received it. */
  async confirmTransaction(
    userLogin: string,
    message: { title?: string; result?: 'success' | 'failed' | 'rejected'; message?: string; operationId?: string; transactionId?: number } = {},
  ): Promise<number> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/confirm-transaction`, { data: { userLogin, ...message } });
    return ((await res.json()) as { delivered: number }).delivered;
  }

  /**
   * Signs in through the auth API as the SPA would (POST /auth/login with a PKCE challenge),
   * outside any page: returns the reply (`code` to exchange, `userId`, …).
   */
  async apiLogin(username: string, { codeChallenge, password = DEMO_PASSWORD }: { codeChallenge: string; password?: string }) {
    const res = await this.request.post(`${SANDBOX}/auth/login`, { data: { client: 'spa', username, password, codeChallenge } });
    return (await res.json()) as { authFlow: string; code: string; userId: number; tmpJwt?: string };
  }

  /** One customer's accounts, activity and announcements back to the seed (safe while other tests run). */
  /** One customer's accounts with their balances, as the sandbox holds them. */
  /** A demo customer's id (an employee acts for the company with ?fromCustomerId=). */
  async customerId(userLogin: string): Promise<number> {
    const res = await this.request.get(`${SANDBOX}/__sandbox/balances?login=${encodeURIComponent(userLogin)}`);
    expect(res.ok(), 'customer read').toBe(true);
    return ((await res.json()) as { customerId: number }).customerId;
  }

  async balances(userLogin: string): Promise<{ accountId: number; type: number; currencyCode: string; balance: string }[]> {
    const res = await this.request.get(`${SANDBOX}/__sandbox/balances?login=${encodeURIComponent(userLogin)}`);
    expect(res.ok(), 'balances read').toBe(true);
    return ((await res.json()) as { accounts: { accountId: number; type: number; currencyCode: string; balance: string }[] }).accounts;
  }

  /** One customer's recurring transfers as the sandbox keeps them, newest first. */
  async subscriptions(userLogin: string): Promise<Record<string, unknown>[]> {
    const res = await this.request.get(`${SANDBOX}/__sandbox/subscriptions?login=${encodeURIComponent(userLogin)}`);
    expect(res.ok(), 'subscriptions read').toBe(true);
    return ((await res.json()) as { subscriptions: Record<string, unknown>[] }).subscriptions;
  }

  /** The transactions of a login waiting for approval (newest first), with the code the "phone" shows. */
  async waitingApprovals(userLogin: string): Promise<WaitingApproval[]> {
    const res = await this.request.get(`${SANDBOX}/__sandbox/approvals?login=${encodeURIComponent(userLogin)}`);
    expect(res.ok(), 'approvals read').toBe(true);
    return ((await res.json()) as { approvals: WaitingApproval[] }).approvals;
  }

  /** Decides the newest waiting push approval of a login, as the other device would. */
  async decideTransaction(userLogin: string, decision: 'approve' | 'reject' | 'fail', message?: string): Promise<void> {
    let operationId: string | undefined;
    await expect
      .poll(async () => (operationId = (await this.waitingApprovals(userLogin))[0]?.operationId), { message: `a transaction of ${userLogin} waiting`, timeout: 10_000 })
      .toBeTruthy();
    const res = await this.request.post(`${SANDBOX}/__sandbox/approvals/${encodeURIComponent(operationId!)}/${decision}`, { data: message ? { message } : {} });
    expect(res.ok(), `transaction ${decision}`).toBe(true);
  }

  /** A global pay batch's recipient links as the e-mails carry them (/receive/{id}?brand=&lang=). */
  async receiveLinks(batchId: number): Promise<{ paymentId: number; id: string; url: string; status: 'open' | 'used' | 'expired' }[]> {
    const res = await this.request.get(`${SANDBOX}/__sandbox/receive-links?batchId=${batchId}`);
    expect(res.ok(), 'receive links read').toBe(true);
    return ((await res.json()) as { links: { paymentId: number; id: string; url: string; status: 'open' | 'used' | 'expired' }[] }).links;
  }

  /** The e-mails the sandbox "sent" to a customer, newest first (an activation e-mail carries its link). */
  /** A demo user's sign-in as seeded: the demo password, inactive again if the seed says so, no recovery under way. */
  async resetSignIn(userLogin: string): Promise<void> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/sign-in-state`, { data: { userLogin } });
    expect(res.ok(), 'sign-in state reset').toBe(true);
  }

  /** Changes an authorised user's rights for a company while they are signed in, or (null) removes them (issue 52). */
  async setAuthorisedUserRights(userLogin: string, companyLogin: string, rights: Record<string, number> | null): Promise<void> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/authorised-user-rights`, { data: { userLogin, companyLogin, rights } });
    expect(res.ok(), `rights of ${userLogin} for ${companyLogin}: ${res.status()}`).toBe(true);
  }

  /** A demo customer's verification as seeded (documents, addresses, phones, no tax id or username request). */
  async resetVerification(userLogin: string): Promise<void> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/verification-reset`, { data: { userLogin } });
    expect(res.ok(), 'verification reset').toBe(true);
  }

  /** A demo customer's KYC as seeded: the request's steps to do, nothing answered or sent, the personal data as seeded. */
  async resetKyc(userLogin: string): Promise<void> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/kyc-reset`, { data: { userLogin } });
    expect(res.ok(), 'KYC reset').toBe(true);
  }

  /** A company representative's certification through their link as seeded (none given). */
  async resetRepresentative(secret: string): Promise<void> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/representative-reset`, { data: { secret } });
    expect(res.ok(), 'representative reset').toBe(true);
  }

  /** The service's decision on every document of the customer still waiting (or on one). */
  async decideDocuments(userLogin: string, decision: 'confirm' | 'reject', documentId?: number): Promise<void> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/documents/decide`, { data: { userLogin, decision, ...(documentId !== undefined ? { documentId } : {}) } });
    expect(res.ok(), 'documents decided').toBe(true);
  }

  /** The service moves a username change request on (active, pending, failed); the app hears it on the realtime channel. */
  async moveUsernameChange(userLogin: string, status: 'active' | 'pending' | 'failed'): Promise<void> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/username-change`, { data: { userLogin, status } });
    expect(res.ok(), 'username change moved').toBe(true);
  }

  /** The phone confirms the newest camera verification of a login (002 s3 verification type camera), as the other device's page does. */
  async confirmPhoneByCamera(login: string): Promise<void> {
    let reqId: string | undefined;
    await expect
      .poll(async () => (reqId = ((await (await this.request.get(`${SANDBOX}/__sandbox/phone-verifications?login=${encodeURIComponent(login)}`)).json()) as { verifications: { reqId: string }[] }).verifications[0]?.reqId), {
        message: `a camera verification of ${login} waiting`,
      })
      .toBeTruthy();
    const res = await this.request.post(`${SANDBOX}/__sandbox/phone-verifications/${encodeURIComponent(reqId!)}/confirm`);
    expect(res.ok(), 'phone confirmed with the camera').toBe(true);
  }

  /** The newest six-digit code sent to a customer (e-mail or, with `sms`, SMS), once it is there. */
  async latestCode(login: string, { sms = false } = {}): Promise<string> {
    let code: string | null | undefined;
    await expect.poll(async () => (code = (await this.outbox(login)).find((m) => !sms || m.subject.startsWith('SMS'))?.code)).toMatch(/^\d{6}$/);
    return code!;
  }

  async outbox(login: string): Promise<{ to: string; subject: string; link?: string | null; code?: string | null }[]> {
    const res = await this.request.get(`${SANDBOX}/__sandbox/outbox?login=${encodeURIComponent(login)}`);
    expect(res.ok(), 'outbox read').toBe(true);
    return ((await res.json()) as { messages: { to: string; subject: string; link?: string | null }[] }).messages;
  }

  /**
   * Waits until the sandbox has finished every request of a test's scope (the `fault` fixture's,
   * `test.info().testId`), also those whose page has gone (a reload during a latency fault).
   */
  async allHandled(scope: string): Promise<void> {
    await expect
      .poll(async () => ((await (await this.request.get(`${SANDBOX}/__sandbox/in-flight?scope=${encodeURIComponent(scope)}`)).json()) as { inFlight: number }).inFlight, {
        message: 'requests of this test still being handled',
      })
      .toBe(0);
  }

  /** Moves a global pay batch's clock on (its processing and settling happen by time). */
  async advanceGlobalPay(batchId: number, seconds = 5): Promise<void> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/global-pay/advance?batchId=${batchId}&seconds=${seconds}`);
    expect(res.ok(), 'global pay batch advanced').toBe(true);
  }

  /** An event of the customer (default an incoming transfer) delivered to their webhooks that are on, first attempts made. */
  async publicApiEvent(login: string, type: 'transfer.incoming' | 'ipn.created' = 'transfer.incoming'): Promise<{ id: number; url: string; status: string }[]> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/public-api/event`, { data: { login, type } });
    expect(res.ok(), 'public API event').toBe(true);
    return ((await res.json()) as { webhookRequests: { id: number; url: string; status: string }[] }).webhookRequests;
  }

  /** The customer's webhook retries (and key expiries) `minutes` sooner; the due retries made. */
  async advancePublicApi(login: string, minutes: number): Promise<void> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/public-api/advance`, { data: { login, minutes } });
    expect(res.ok(), 'public API clock moved').toBe(true);
  }

  /** The webhook sink's address in the sandbox (http on its own host: the only one it posts to). */
  sinkUrl(name: string): string {
    return `${SANDBOX}/__sandbox/webhook-sink/${encodeURIComponent(name)}`;
  }

  /** How the webhook sink answers: 200, 500, or later than the deliverer waits. */
  async setSinkMode(name: string, mode: 'ok' | 'fail' | 'timeout'): Promise<void> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/webhook-sink/${encodeURIComponent(name)}/mode`, { data: { mode } });
    expect(res.ok(), 'sink mode').toBe(true);
  }

  /** What the webhook sink received, oldest first. */
  async sinkRequests(name: string): Promise<{ headers: Record<string, string>; body: string; answered: number }[]> {
    const res = await this.request.get(`${SANDBOX}/__sandbox/webhook-sink?name=${encodeURIComponent(name)}`);
    expect(res.ok(), 'sink read').toBe(true);
    return ((await res.json()) as { requests: { headers: Record<string, string>; body: string; answered: number }[] }).requests;
  }

  /** A smart contract's payer identified (or not) as the identification service would say (issue 58): its status after. */
  async identifyContract(contractId: number, outcome: 'NEW' | 'PROCESSING' | 'SUCCESS' | 'FAILED'): Promise<{ status: string; identificationStatus: string }> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/contracts/identify`, { data: { contractId, outcome } });
    expect(res.ok(), 'contract identified').toBe(true);
    return (await res.json()) as { status: string; identificationStatus: string };
  }

  /** The customer's smart contracts `days` later (activeFrom, activeTo, a termination's notice), what time does applied. */
  async advanceContracts(login: string, days: number): Promise<void> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/contracts/advance`, { data: { login, days } });
    expect(res.ok(), 'contracts clock moved').toBe(true);
  }

  /**
   * The support agent replies on one of the customer's tickets (issue 60): the ticket reads as new
   * for the customer until they open it; with `attachment`, a small PDF is attached.
   */
  async supportReply(login: string, ticketNumber: string | number, content: string, attachment = false): Promise<{ ticketId: string; threadId: string }> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/support/reply`, { data: { login, ticketNumber: String(ticketNumber), content, attachment } });
    expect(res.ok(), `support reply on ${ticketNumber}: ${res.status()}`).toBe(true);
    return (await res.json()) as { ticketId: string; threadId: string };
  }

  /** The customer's support tickets `days` older (made, changed, read, their threads): the 2-week window of "new" passes. */
  async supportAdvance(login: string, days: number): Promise<void> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/support/advance`, { data: { login, days } });
    expect(res.ok(), 'support clock moved').toBe(true);
  }

  async resetMoney(userLogin: string): Promise<void> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/customer-money`, { data: { userLogin } });
    expect(res.ok(), 'customer money reset').toBe(true);
  }

  /**
   * Restores the seed and clears every fault. It affects the whole sandbox, so tests running in
   * parallel see it too: only for a suite that runs alone.
   */
  async reset(): Promise<void> {
    const res = await this.request.post(`${SANDBOX}/__sandbox/reset`);
    expect(res.ok(), 'sandbox reset').toBe(true);
  }
}

/** The sandbox's "other device" page: one Approve/Decline button pair per waiting sign-in, newest first. */
export class OtherDevice {
  readonly page: Page;
  readonly heading: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'The other device' });
  }

  /** Approves the newest waiting sign-in of a login. */
  async approve(login: string): Promise<void> {
    await this.page.getByRole('button', { name: `Approve sign-in of ${login}` }).first().click();
  }

  /** Declines the newest waiting sign-in of a login. */
  async decline(login: string): Promise<void> {
    await this.page.getByRole('button', { name: `Decline sign-in of ${login}` }).first().click();
  }
}
