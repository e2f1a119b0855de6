// @vitest-environment node
import { createActor, fromCallback, fromPromise, SimulatedClock, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { getPathsFromEvents, getShortestPaths } from 'xstate/graph';
import { loginMachine, loginStep } from '@machines/auth/login.machine';
import { loginMessages, type AuthFlowReply, type LoginFailure, type Tokens } from '@machines/auth/login.logic';
import { Coverage, expectFullCoverage } from './coverage';

type Ev = EventFromLogic<typeof loginMachine>;
type Snap = SnapshotFrom<typeof loginMachine>;

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as Ev;
const fail = (id: string, error: LoginFailure | Error) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as Ev;
const tokens: Tokens = { accessToken: 'at', refreshToken: 'rt' };
const reply = (authFlow: AuthFlowReply['authFlow'], extra: Partial<AuthFlowReply> = {}): AuthFlowReply => ({
  authFlow,
  code: 'c0de',
  tmpJwt: 'tmp',
  ...extra,
});
const replies = {
  simple: reply('simple', { accessToken: 'at', refreshToken: 'rt', code: null }),
  simpleNoToken: reply('simple', { code: null }),
  direct: reply('direct'),
  otp: reply('otp'),
  sms: reply('sms', { phoneNumber: '+40 7** *** 123', smsIdentifier: '42' }),
  push: reply('push'),
  verifyDevice: reply('verifyDevice', { devices: [{ name: 'Pixel', type: 'android', location: 'Bucharest', lastActivityAt: '2026-11-01T10:00:00Z' }] }),
  soft: reply('push', { migration: { req: 'soft', daysLeft: 12, strat: 'migrate' } }),
  strict: reply('otp', { migration: { req: 'strict', strat: 'enable' } }),
  weird: { authFlow: 'carrier-pigeon' } as unknown as AuthFlowReply,
};
const pkce = { verifier: 'v'.repeat(128), challenge: 'c'.repeat(43) };
const terms = { kind: 'terms', terms: { id: 't-7', title: 'Terms', text: 'Be nice.' } } as const;
const failed: LoginFailure = { kind: 'failed', message: { text: 'Invalid credentials' } };

const typeValid: Ev[] = [
  { type: 'CHANGE', field: 'username', value: 'ana@example.com' },
  { type: 'CHANGE', field: 'password', value: 'secret' },
];

/** Events offered in every state: user input and the actors' outcomes that make sense there. */
function events(s: Snap): Ev[] {
  const list: Ev[] = [{ type: 'SUBMIT' }, { type: 'BACK' }];
  if (s.matches('editing')) list.push(...typeValid, { type: 'CHANGE', field: 'username', value: 'not-an-email' });
  if (s.matches('preparing')) list.push(done('createPkce', pkce), fail('createPkce', new Error('no crypto')));
  if (s.matches('submitting'))
    list.push(...Object.values(replies).map((r) => done('login', r)), fail('login', terms), fail('login', failed), fail('login', { kind: 'rateLimited' }));
  if (s.matches('termsRequired')) list.push({ type: 'ACCEPT_TERMS' }, { type: 'DECLINE_TERMS' });
  if (s.matches('migrationSoft')) list.push({ type: 'CONTINUE' }, { type: 'GET_APP' });
  if (s.matches('migrationStrict')) list.push({ type: 'GET_APP' });
  if (s.matches('enteringOtp') || s.matches('enteringSms'))
    list.push({ type: 'CHANGE', field: 'code', value: '123456' }, { type: 'CHANGE', field: 'code', value: '12' }, { type: 'SUBMIT_CODE' });
  if (s.matches('awaitingPush') || s.matches('verifyingDevice'))
    list.push({ type: 'PUSH_APPROVED', code: 'approved-code' }, { type: 'PUSH_DECLINED' }, { type: 'CHANNEL_LOST' }, { type: 'RESEND_PUSH' }, { type: 'REQUEST_QR' });
  if (s.matches({ awaitingPush: 'resending' })) list.push(done('resendPush'), fail('resendPush', failed));
  if (s.matches({ awaitingPush: 'requestingQr' })) list.push(done('requestDeeplink', 'app://approve?x=1'), fail('requestDeeplink', failed));
  if (s.matches('exchanging'))
    list.push(done('exchangeToken', tokens), fail('exchangeToken', { kind: 'wrongCode', message: { text: 'Wrong code' } }), fail('exchangeToken', failed));
  return list;
}

function start(coverage: Coverage, clock = new SimulatedClock(), exchange?: { code: string; codeVerifier: string }, tracked: unknown[] = []) {
  const never = () => new Promise<never>(() => {});
  const actor = createActor(
    loginMachine.provide({
      actors: {
        createPkce: fromPromise<{ verifier: string; challenge: string }>(never),
        login: fromPromise<AuthFlowReply, { username: string; password: string; codeChallenge: string; acceptTerms: string | null }>(never),
        exchangeToken: fromPromise<Tokens, { code: string; codeVerifier: string; otp: string | null }>(never),
        codeOwner: fromPromise<string, { code: string; codeVerifier: string }>(never),
        waitForApproval: fromCallback(() => () => {}),
        resendPush: fromPromise<void, { tmpJwt: string | null }>(never),
        requestDeeplink: fromPromise<string, { tmpJwt: string | null }>(never),
      },
      actions: { track: (_, params) => void tracked.push(params) },
    }),
    { clock, inspect: coverage.inspect, input: { username: '', exchange } },
  );
  actor.start();
  return { actor, clock };
}

function check(s: Snap, typedUsername: string) {
  // The typed username is never lost or changed, whatever happened: only the user changes it.
  expect(s.context.username).toBe(typedUsername);
  if (s.matches('loggedIn')) expect(s.context.tokens?.accessToken).toBeTruthy();
  if (s.matches('enteringSms')) expect(s.context.reply?.smsIdentifier).toMatch(/^\d{2}$/);
  if (s.matches('verifyingDevice')) expect(s.context.reply?.devices?.length).toBeGreaterThan(0);
  if (s.matches('migrationSoft')) expect(s.context.reply?.migration?.daysLeft).toBeGreaterThan(0);
  if (s.matches('termsRequired')) expect(s.context.terms?.id).toBe('t-7');
  if (s.matches('submitting')) expect(s.context.pkce).not.toBeNull();
  // What the views read (tags and `loginStep`), never state names.
  const busy = s.matches('identifyingLink') || s.matches('preparing') || s.matches('submitting') || s.matches('exchanging') || s.matches({ awaitingPush: 'resending' }) || s.matches({ awaitingPush: 'requestingQr' });
  expect(s.hasTag('busy')).toBe(busy);
  expect(s.hasTag('busy:resendPush')).toBe(s.matches({ awaitingPush: 'resending' }));
  expect(s.hasTag('busy:requestQr')).toBe(s.matches({ awaitingPush: 'requestingQr' }));
  expect(s.hasTag('migration:strict')).toBe(s.matches('migrationStrict'));
  expect(s.hasTag('approvalExpired')).toBe(s.matches('approvalExpired'));
  const step = loginStep(s);
  if (s.matches('identifyingLink') || s.matches('confirmingLink')) expect(step).toBe('link');
  if (s.matches('editing') || s.matches('preparing') || s.matches('submitting') || s.matches('loggedIn')) expect(step).toBe('credentials');
  if (s.matches('termsRequired')) expect(step).toBe('terms');
  if (s.matches('migrationSoft') || s.matches('migrationStrict')) expect(step).toBe('migration');
  if (s.matches('enteringOtp')) expect(step).toBe('otp');
  if (s.matches('enteringSms')) expect(step).toBe('sms');
  if (s.matches('awaitingPush') || s.matches('approvalExpired')) expect(step).toBe('push');
  if (s.matches('verifyingDevice')) expect(step).toBe('verifyDevice');
  // The exchange of a typed code stays on the code screen; any other exchange shows the form.
  if (s.matches('exchanging')) expect(step).toBe(s.context.code ? (s.context.reply?.authFlow === 'sms' ? 'sms' : 'otp') : s.context.linkUser ? 'link' : 'credentials');
}

describe('login machine (model-based)', () => {
  const coverage = new Coverage(loginMachine);
  const serializeState = (s: Snap) =>
    JSON.stringify([s.value, s.context.reply?.authFlow ?? null, s.context.reply?.migration?.req ?? null, Boolean(s.context.error), s.context.username, s.context.password !== '', s.context.code.length, Object.values(s.context.fieldErrors).filter(Boolean).length]);
  const paths = getShortestPaths(loginMachine, { events, serializeState, input: { username: '' } });

  // Loops and timer paths that shortest paths do not take.
  const toPush = [...typeValid, { type: 'SUBMIT' }, done('createPkce', pkce), done('login', replies.push)] as Ev[];
  const extra: Ev[][] = [
    [...toPush, { type: 'RESEND_PUSH' }, done('resendPush'), { type: 'REQUEST_QR' }, done('requestDeeplink', 'app://x'), { type: 'PUSH_APPROVED' }, done('exchangeToken', tokens)],
    [...typeValid, { type: 'SUBMIT' }, done('createPkce', pkce), done('login', replies.sms), { type: 'CHANGE', field: 'code', value: '1234' }, { type: 'SUBMIT_CODE' }, fail('exchangeToken', { kind: 'wrongCode', message: { text: 'no' } })],
    [...typeValid, { type: 'SUBMIT' }, done('createPkce', pkce), fail('login', terms), { type: 'ACCEPT_TERMS' }, done('login', replies.simple)],
    [...toPush, { type: 'REQUEST_QR' }, fail('requestDeeplink', failed), { type: 'CHANNEL_LOST' }, { type: 'BACK' }],
  ];

  it('generates paths', () => expect(paths.length).toBeGreaterThan(20));

  for (const path of [...paths, ...extra.map((steps) => ({ steps: steps.map((event) => ({ event })), state: null }))]) {
    const name = path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ') || '(initial)';
    it(`path ${name}`, () => {
      const { actor } = start(coverage);
      let typed = '';
      for (const step of path.steps) {
        actor.send(step.event);
        if (step.event.type === 'CHANGE' && step.event.field === 'username') typed = step.event.value;
        check(actor.getSnapshot(), typed);
      }
      if (path.state) expect(actor.getSnapshot().value).toEqual(path.state.value);
      actor.stop();
    });
  }

  it('push approval expires after 2 minutes (timer), and SUBMIT retries the whole login', () => {
    const { actor, clock } = start(coverage);
    for (const e of toPush) actor.send(e);
    expect(actor.getSnapshot().matches('awaitingPush')).toBe(true);
    clock.increment(119_999);
    expect(actor.getSnapshot().matches('awaitingPush')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('approvalExpired')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ descriptor: loginMessages.pushExpired });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('preparing')).toBe(true);
  });

  // Issue 47: a link's code never signs anyone in unasked.
  const link = { code: 'from-link', codeVerifier: 'v'.repeat(43) };
  it('a code and verifier in the address: whose sign-in it is first, then "Continue as …?"; only Continue exchanges', () => {
    const { actor } = start(coverage, new SimulatedClock(), link);
    expect(actor.getSnapshot().matches('identifyingLink')).toBe(true);
    expect(loginStep(actor.getSnapshot())).toBe('link');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send(done('codeOwner', 'ana@example.com'));
    expect(actor.getSnapshot().matches('confirmingLink')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.linkUser).toBe('ana@example.com');
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().matches('exchanging')).toBe(true);
    expect(loginStep(actor.getSnapshot())).toBe('link'); // the question stays, its button pending
    actor.send(done('exchangeToken', tokens));
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ tokens, username: 'ana@example.com' });
  });

  it('"Not me" drops the link: the form, nothing exchanged, the code forgotten', () => {
    const { actor } = start(coverage, new SimulatedClock(), link);
    actor.send(done('codeOwner', 'mallory@example.com'));
    actor.send({ type: 'BACK' });
    const s = actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(s.context).toMatchObject({ linkUser: null, reply: null, pkce: null, error: null, username: '' });
  });

  it('a link whose code is unknown or expired lands on the form with the message', () => {
    const { actor } = start(coverage, new SimulatedClock(), { code: 'expired', codeVerifier: 'v'.repeat(43) });
    actor.send(fail('codeOwner', failed));
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ error: { text: 'Invalid credentials' }, reply: null, pkce: null, attempts: 1 });
  });

  it('a link whose exchange fails after Continue lands on the form with the message', () => {
    const { actor } = start(coverage, new SimulatedClock(), link);
    actor.send(done('codeOwner', 'ana@example.com'));
    actor.send({ type: 'CONTINUE' });
    actor.send(fail('exchangeToken', failed));
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ error: { text: 'Invalid credentials' }, linkUser: null, username: 'ana@example.com' });
  });

  it('device verification also expires', () => {
    const { actor, clock } = start(coverage);
    for (const e of [...typeValid, { type: 'SUBMIT' }, done('createPkce', pkce), done('login', replies.verifyDevice)] as Ev[]) actor.send(e);
    clock.increment(120_000);
    expect(actor.getSnapshot().matches('approvalExpired')).toBe(true);
  });

  it('an invalid e-mail is refused with a field error and nothing is sent', () => {
    const { actor } = start(coverage);
    actor.send({ type: 'CHANGE', field: 'username', value: 'ana@' });
    actor.send({ type: 'CHANGE', field: 'password', value: 'x' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors.username).toBe(loginMessages.emailInvalid);
    expect(actor.getSnapshot().context.username).toBe('ana@');
  });

  it('every refused submit bumps `attempts` (the view then focuses the first invalid field or the message)', () => {
    const { actor } = start(coverage);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.attempts).toBe(1);
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['username', 'password']);
    for (const e of [...typeValid, { type: 'SUBMIT' }] as Ev[]) actor.send(e);
    expect(actor.getSnapshot().context.attempts).toBe(1); // a valid submit is not a rejection
    actor.send(done('createPkce', pkce));
    actor.send(fail('login', failed));
    expect(actor.getSnapshot().context.attempts).toBe(2);
    for (const e of [{ type: 'CHANGE', field: 'password', value: 'secret' }, { type: 'SUBMIT' }, done('createPkce', pkce), done('login', replies.otp)] as Ev[]) actor.send(e);
    actor.send({ type: 'SUBMIT_CODE' });
    expect(actor.getSnapshot().context.attempts).toBe(3);
    for (const e of [{ type: 'CHANGE', field: 'code', value: '123456' }, { type: 'SUBMIT_CODE' }, fail('exchangeToken', { kind: 'wrongCode', message: { text: 'no' } })] as Ev[]) actor.send(e);
    expect(actor.getSnapshot().matches('enteringOtp')).toBe(true);
    expect(actor.getSnapshot().context.attempts).toBe(4);
  });

  it('a login failure shows the server message, keeps the username and clears the password', () => {
    const { actor } = start(coverage);
    for (const e of [...typeValid, { type: 'SUBMIT' }, done('createPkce', pkce), fail('login', failed)] as Ev[]) actor.send(e);
    const s = actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(s.context.error).toEqual({ text: 'Invalid credentials' });
    expect(s.context.username).toBe('ana@example.com');
    expect(s.context.password).toBe('');
  });

  it('analytics (002 s9): the click, a wrong code as a failure with its reason, the tokens, then success with the flow and completion by e-mail; a field check is neither', () => {
    const tracked: unknown[] = [];
    const { actor } = start(coverage, undefined, undefined, tracked);
    actor.send({ type: 'CHANGE', field: 'username', value: 'not-an-email' });
    actor.send({ type: 'SUBMIT' });
    expect(tracked).toEqual([]);
    for (const e of [...typeValid, { type: 'SUBMIT' }, done('createPkce', pkce), done('login', replies.sms), { type: 'CHANGE', field: 'code', value: '1234' }, { type: 'SUBMIT_CODE' }, fail('exchangeToken', { kind: 'wrongCode', message: { text: 'no' } }), { type: 'CHANGE', field: 'code', value: '4321' }, { type: 'SUBMIT_CODE' }, done('exchangeToken', tokens)] as Ev[]) actor.send(e);
    expect(tracked).toEqual([
      { event: 'Login click' },
      { event: 'Login failed', reason: 'wrongCode' },
      { event: 'Token receive' },
      { event: 'Login success', flow: 'sms' },
      { event: 'Login Completed', loginMethod: 'email' },
    ]);
  });

  it('analytics: a refused sign-in, a declined push and a link sign-in each say so', () => {
    const tracked: unknown[] = [];
    const { actor } = start(coverage, undefined, undefined, tracked);
    for (const e of [...typeValid, { type: 'SUBMIT' }, done('createPkce', pkce), fail('login', failed), { type: 'CHANGE', field: 'password', value: 'secret-pass-1' }, { type: 'SUBMIT' }, done('createPkce', pkce), done('login', replies.push), { type: 'PUSH_DECLINED' }] as Ev[]) actor.send(e);
    expect(tracked).toEqual([{ event: 'Login click' }, { event: 'Login failed', reason: 'refused' }, { event: 'Login click' }, { event: 'Login failed', reason: 'declined' }]);
    const fromLink: unknown[] = [];
    const link = start(coverage, undefined, { code: 'c-1', codeVerifier: 'v-1' }, fromLink).actor;
    for (const e of [done('codeOwner', 'ana@example.com'), { type: 'CONTINUE' }, done('exchangeToken', tokens)] as Ev[]) link.send(e);
    expect(fromLink).toEqual([{ event: 'Token receive' }, { event: 'Login success', flow: 'direct' }, { event: 'Login Completed', loginMethod: 'link' }]);
  });

  it('analytics: the migration step (000 s3) shown, the app asked for and put off (soft), then left (strict), with its requirement and strategy', () => {
    const tracked: unknown[] = [];
    const { actor } = start(coverage, undefined, undefined, tracked);
    for (const e of [...typeValid, { type: 'SUBMIT' }, done('createPkce', pkce), done('login', replies.soft), { type: 'GET_APP' }, { type: 'CONTINUE' }] as Ev[]) actor.send(e);
    expect(tracked).toEqual([
      { event: 'Login click' },
      { event: 'SCP migration show', requirement: 'soft', strategy: 'migrate', daysLeft: 12 },
      { event: 'SCP migration get app', requirement: 'soft', strategy: 'migrate', daysLeft: 12 },
      { event: 'SCP migration postpone', requirement: 'soft', strategy: 'migrate', daysLeft: 12 },
    ]);
    expect(actor.getSnapshot().matches('awaitingPush')).toBe(true);
    const strict: unknown[] = [];
    const second = start(coverage, undefined, undefined, strict).actor;
    for (const e of [...typeValid, { type: 'SUBMIT' }, done('createPkce', pkce), done('login', replies.strict), { type: 'CONTINUE' }, { type: 'GET_APP' }, { type: 'BACK' }] as Ev[]) second.send(e);
    expect(strict).toEqual([
      { event: 'Login click' },
      { event: 'SCP migration show', requirement: 'strict', strategy: 'enable' },
      { event: 'SCP migration get app', requirement: 'strict', strategy: 'enable' },
      { event: 'SCP migration back', requirement: 'strict', strategy: 'enable' },
    ]);
    expect(second.getSnapshot().matches('editing')).toBe(true);
  });

  expectFullCoverage(coverage);
});
