// @vitest-environment node
import { createActor, fromCallback, fromPromise, SimulatedClock, type EventFromLogic } from 'xstate';
import { sessionMachine, sessionMessages, type CustomerLoad, type SessionTokens } from '@machines/auth/session.machine';
import { Coverage, expectFullCoverage } from './coverage';

type Ev = EventFromLogic<typeof sessionMachine>;
const tokens = (n: number, lifetimeMs = 300_000): SessionTokens => ({ accessToken: `at-${n}`, refreshToken: `rt-${n}`, lifetimeMs });
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as Ev;
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as Ev;

describe('session machine', () => {
  const coverage = new Coverage(sessionMachine);

  function start(input?: { tokens: SessionTokens; username: string }, handoff = false, storedCustomer = { refused: false }) {
    const clock = new SimulatedClock();
    const log = { forgotten: 0, accessAskedFor: 0, termsShown: 0, termsAccepted: 0, refreshCalls: 0, logoutCalls: 0, loggedOut: [] as (string | null)[], stored: [] as (string | null)[], cleared: 0, toLogin: [] as unknown[], stayed: [] as boolean[], landed: 0, realtime: 0 };
    const never = () => new Promise<never>(() => {});
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          refresh: fromPromise<SessionTokens, { refreshToken: string | null }>(() => {
            log.refreshCalls++;
            return never();
          }),
          logout: fromPromise<void, { refreshToken: string | null }>(({ input }) => {
            log.logoutCalls++;
            log.loggedOut.push(input.refreshToken);
            return never();
          }),
          loadCustomer: fromPromise<CustomerLoad>(() => never()),
          acceptTerms: fromPromise<void, { termId: string }>(() => never()),
          loadAccess: fromPromise<unknown, { customer: unknown }>(() => {
            log.accessAskedFor += 1;
            return never();
          }),
          authorisedUserHandoff: fromPromise<void, { customer: unknown }>(() => never()),
          realtime: fromCallback(() => {
            log.realtime++;
            return () => void log.realtime--;
          }),
        },
        actions: {
          storeTokens: (_, p) => void log.stored.push(p.tokens?.accessToken ?? null),
          clearSessionData: () => void log.cleared++,
          goToLogin: (_, p) => {
            log.toLogin.push(p.reason);
            log.stayed.push(p.stayOnPage);
          },
          // As the app's land: only right after a sign-in (a reload or a later load leaves the user where they are).
          land: ({ context }) => void (context.fresh && log.landed++),
          termsShown: () => void log.termsShown++,
          termsAccepted: () => void log.termsAccepted++,
          // As the app's: the stored customer is forgotten, so the next ask is for the user's own.
          forgetStoredCustomer: () => {
            log.forgotten++;
            storedCustomer.refused = false;
          },
        },
        guards: { needsHandoff: () => handoff, storedCustomerRefused: () => storedCustomer.refused },
      }),
      { clock, inspect: coverage.inspect, input },
    ).start();
    return { actor, clock, log };
  }

  it('starts signed out; SIGNED_IN stores the token in memory, loads the customer, then lands the user', () => {
    const { actor, log } = start();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(false);
    actor.send({ type: 'SIGNED_IN', tokens: tokens(1), username: 'ana@example.com' });
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'loading' } })).toBe(true);
    expect(log.stored).toEqual(['at-1']);
    expect(log.landed).toBe(0);
    actor.send(done('loadCustomer', { customer: { customerType: 0 }, term: null }));
    expect(actor.getSnapshot().context.customer).toEqual({ customerType: 0 });
    expect(actor.getSnapshot().context.terms).toBeNull();
    // The start page waits for the access info (spec 000 s2 "after access info loads").
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'loadingAccess' } })).toBe(true);
    expect(log.landed).toBe(0);
    actor.send(done('loadAccess', { isNeedKyc: false }));
    expect(actor.getSnapshot().context.access).toEqual({ isNeedKyc: false });
    expect(log.landed).toBe(1);
    expect(actor.getSnapshot().context.fresh).toBe(false); // landed once: later loads do not move the user
  });

  it('terms in customer info come first: shown, accepted with the server, then the user lands; a failed accept stays on the terms', () => {
    const { actor, log } = start();
    const term = { id: 't-1', title: 'Terms', text: 'New terms' };
    actor.send({ type: 'SIGNED_IN', tokens: tokens(1), username: 'ana@example.com' });
    actor.send(done('loadCustomer', { customer: { customerType: 0 }, term }));
    actor.send(done('loadAccess', {}));
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'termsToAccept' } })).toBe(true);
    expect(actor.getSnapshot().hasTag('terms')).toBe(true);
    expect(actor.getSnapshot().context.terms).toEqual(term);
    expect(log).toMatchObject({ termsShown: 1, landed: 0 });
    actor.send({ type: 'ACCEPT_TERMS' });
    expect(actor.getSnapshot().hasTag('acceptingTerms')).toBe(true);
    actor.send({ type: 'ACCEPT_TERMS' }); // a second press while sending does nothing
    actor.send(fail('acceptTerms', { text: 'Try later' }));
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'termsToAccept' } })).toBe(true);
    expect(actor.getSnapshot().context.termsError).toEqual({ text: 'Try later' });
    expect(log.termsShown).toBe(2);
    actor.send({ type: 'ACCEPT_TERMS' });
    actor.send(fail('acceptTerms', new Error('bug')));
    expect(actor.getSnapshot().context.termsError).toEqual({ descriptor: sessionMessages.termsFailed });
    actor.send({ type: 'ACCEPT_TERMS' });
    actor.send(done('acceptTerms'));
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'ready' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ terms: null, termsError: null, fresh: false });
    expect(log).toMatchObject({ termsAccepted: 1, landed: 1 });
  });

  it('terms changed on the server mid-session: customer info is read again, the terms shown, and nobody is moved after', () => {
    const { actor, log } = start();
    actor.send({ type: 'SIGNED_IN', tokens: tokens(1), username: 'ana@example.com' });
    actor.send(done('loadCustomer', { customer: {}, term: null }));
    actor.send(done('loadAccess', {}));
    expect(log.landed).toBe(1);
    actor.send({ type: 'TERMS_CHANGED' });
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'loading' } })).toBe(true);
    actor.send(done('loadCustomer', { customer: {}, term: { id: 't-2', title: 'T', text: 'x' } }));
    actor.send(done('loadAccess', {}));
    expect(actor.getSnapshot().hasTag('terms')).toBe(true);
    actor.send({ type: 'ACCEPT_TERMS' });
    actor.send(done('acceptTerms'));
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'ready' } })).toBe(true);
    expect(log.landed).toBe(1); // land is a no-op after a reload (fresh is false)
  });

  it('access info that cannot be loaded does not block the user; another customer is acted for only once their access info is answered', () => {
    const { actor, log } = start();
    actor.send({ type: 'SIGNED_IN', tokens: tokens(1), username: 'boss@example.com' });
    actor.send(done('loadCustomer', { customer: { customerType: 2 }, term: null }));
    actor.send(fail('loadAccess', new Error('500')));
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'ready' } })).toBe(true);
    expect(actor.getSnapshot().context.access).toBeNull();
    expect(log.landed).toBe(1);
    // Another customer acted for (the acting-customer statechart asked its access info first): it replaces the old.
    actor.send({ type: 'ACCESS_REPLACED', access: { customer: { id: 7 } } });
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'ready' } })).toBe(true);
    expect(actor.getSnapshot().context.access).toEqual({ customer: { id: 7 } });
    expect(log.landed).toBe(1); // the acting statechart runs the start page, not the session
    // Certified or KYC done: customer and access info read again; nobody is moved.
    actor.send({ type: 'CUSTOMER_CHANGED' });
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'reloadingCustomer' } })).toBe(true);
    actor.send(done('reloadCustomer', { customer: { id: 7, isNeedKyc: false }, term: null }));
    expect(actor.getSnapshot().context.customer).toEqual({ id: 7, isNeedKyc: false });
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'reloadingAccess' } })).toBe(true);
    actor.send(done('reloadAccess', { taxResidencySelfCertificationDocumentStatus: 'pending' }));
    expect(actor.getSnapshot().context.access).toEqual({ taxResidencySelfCertificationDocumentStatus: 'pending' });
    // A failed reload of the access info keeps what was known.
    actor.send({ type: 'CUSTOMER_CHANGED' });
    actor.send(done('reloadCustomer', { customer: { id: 7, isNeedKyc: false }, term: null }));
    actor.send(fail('reloadAccess', new Error('500')));
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'ready' } })).toBe(true);
    expect(actor.getSnapshot().context.access).toEqual({ taxResidencySelfCertificationDocumentStatus: 'pending' });
    actor.send({ type: 'CUSTOMER_CHANGED' });
    actor.send(fail('reloadCustomer', new Error('ENOA')));
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'ready' } })).toBe(true);
    expect(actor.getSnapshot().context.customer).toEqual({ id: 7, isNeedKyc: false });
    expect(log.landed).toBe(1);
  });

  it('a customer chosen by a link before sign-in and refused is forgotten: the user’s own access info is asked for and they land', () => {
    const storedCustomer = { refused: true };
    const { actor, log } = start(undefined, false, storedCustomer);
    actor.send({ type: 'SIGNED_IN', tokens: tokens(1), username: 'employee@example.com' });
    actor.send(done('loadCustomer', { customer: { customerType: 2 }, term: null }));
    actor.send(fail('loadAccess', new Error('ENOA')));
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'loadingAccess' } })).toBe(true);
    expect(log).toMatchObject({ forgotten: 1, landed: 0 });
    expect(log.accessAskedFor).toBe(2);
    actor.send(done('loadAccess', { customer: { id: 3 } }));
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'ready' } })).toBe(true);
    expect(actor.getSnapshot().context.access).toEqual({ customer: { id: 3 } });
    expect(log.landed).toBe(1);
    // The same when customer info is read again later (a link's customer stored meanwhile).
    storedCustomer.refused = true;
    actor.send({ type: 'CUSTOMER_CHANGED' });
    actor.send(done('reloadCustomer', { customer: { customerType: 2 }, term: null }));
    actor.send(fail('reloadAccess', new Error('ENOA')));
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'reloadingAccess' } })).toBe(true);
    expect(log.forgotten).toBe(2);
    actor.send(done('reloadAccess', { customer: { id: 3 } }));
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'ready' } })).toBe(true);
  });

  it('a business user who is not yet authorised is handed off; a failed hand-off signs out to login with the reason', () => {
    const ok = start(undefined, true);
    ok.actor.send({ type: 'SIGNED_IN', tokens: tokens(1), username: 'rep@example.com' });
    ok.actor.send(done('loadCustomer', { customer: { customerType: 2 }, term: null }));
    ok.actor.send(done('loadAccess', {}));
    expect(ok.actor.getSnapshot().matches({ signedIn: { customer: 'handingOff' } })).toBe(true);
    expect(ok.log.landed).toBe(0);
    ok.actor.send(done('authorisedUserHandoff'));
    expect(ok.actor.getSnapshot().matches({ signedIn: { customer: 'ready' } })).toBe(true);

    const failing = start(undefined, true);
    failing.actor.send({ type: 'SIGNED_IN', tokens: tokens(1), username: 'rep@example.com' });
    failing.actor.send(done('loadCustomer', { customer: { customerType: 2 }, term: null }));
    // Access info refused to a user who is not yet authorised: the hand-off still goes ahead.
    failing.actor.send(fail('loadAccess', new Error('ENOA')));
    expect(failing.actor.getSnapshot().matches({ signedIn: { customer: 'handingOff' } })).toBe(true);
    failing.actor.send(fail('authorisedUserHandoff', new Error('UE')));
    expect(failing.actor.getSnapshot().matches('loggingOut')).toBe(true);
    expect(failing.actor.getSnapshot().hasTag('signingOut')).toBe(true);
    failing.actor.send(done('logout'));
    expect(failing.log.toLogin).toEqual([sessionMessages.handoffFailed]);
  });

  it('without customer data the user still lands, and can retry loading it', () => {
    const { actor, log } = start();
    actor.send({ type: 'SIGNED_IN', tokens: tokens(1), username: 'a' });
    actor.send(fail('loadCustomer', new Error('500')));
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'failed' } })).toBe(true);
    expect(log.landed).toBe(1);
    actor.send({ type: 'TERMS_CHANGED' });
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'loading' } })).toBe(true);
    actor.send(fail('loadCustomer', new Error('500')));
    actor.send({ type: 'RETRY_CUSTOMER' });
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'loading' } })).toBe(true);
    actor.send(done('loadCustomer', { customer: {}, term: null }));
    actor.send(done('loadAccess', {}));
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'ready' } })).toBe(true);
  });

  it('a restored session (reload) starts signed in', () => {
    const { actor } = start({ tokens: tokens(1), username: 'ana@example.com' });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.fresh).toBe(false); // a reload does not move the user
  });

  it('after a reload (refresh token only) customer info waits for the refreshed access token', () => {
    const { actor, clock, log } = start({ tokens: { accessToken: '', refreshToken: 'rt-0', lifetimeMs: 0 }, username: 'a' });
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'awaitingToken' } })).toBe(true);
    clock.increment(0);
    expect(log.refreshCalls).toBe(1);
    actor.send(done('refresh', tokens(1)));
    expect(actor.getSnapshot().matches({ signedIn: { customer: 'loading' } })).toBe(true);
  });

  it('refreshes 10 seconds before expiry, and the new tokens replace the old', () => {
    const { actor, clock, log } = start();
    actor.send({ type: 'SIGNED_IN', tokens: tokens(1, 60_000), username: 'a' });
    clock.increment(49_999);
    expect(log.refreshCalls).toBe(0);
    clock.increment(1);
    expect(log.refreshCalls).toBe(1);
    actor.send(done('refresh', tokens(2, 60_000)));
    expect(actor.getSnapshot().context.tokens?.accessToken).toBe('at-2');
    expect(log.stored.at(-1)).toBe('at-2');
    clock.increment(50_000);
    expect(log.refreshCalls).toBe(2);
  });

  it('a new pair from the service replaces the tokens without a sign-out; the refresh timer starts again from it; a refresh in flight is dropped', () => {
    const { actor, clock, log } = start();
    actor.send({ type: 'SIGNED_IN', tokens: tokens(1, 60_000), username: 'a' });
    clock.increment(30_000);
    actor.send({ type: 'TOKENS_REPLACED', tokens: tokens(2, 60_000) });
    expect(actor.getSnapshot().context.tokens).toEqual(tokens(2, 60_000));
    expect(log.stored.at(-1)).toBe('at-2');
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(log.cleared).toBe(0);
    // 50 s after the new pair (not after the first): the timer started again.
    clock.increment(49_999);
    expect(log.refreshCalls).toBe(0);
    clock.increment(1);
    expect(log.refreshCalls).toBe(1);
    actor.send({ type: 'TOKENS_REPLACED', tokens: tokens(3, 60_000) });
    expect(actor.getSnapshot().matches({ signedIn: { token: 'valid' } })).toBe(true);
    // The dropped refresh's late answer changes nothing.
    actor.send(done('refresh', tokens(9, 60_000)));
    expect(actor.getSnapshot().context.tokens?.accessToken).toBe('at-3');
  });

  it('concurrent refresh requests share one call', () => {
    const { actor, log } = start();
    actor.send({ type: 'SIGNED_IN', tokens: tokens(1), username: 'a' });
    actor.send({ type: 'REFRESH' });
    actor.send({ type: 'REFRESH' });
    actor.send({ type: 'REFRESH' });
    expect(log.refreshCalls).toBe(1);
  });

  it('a refresh failure expires the session: stored data cleared, sent to login with the reason', () => {
    const { actor, log } = start();
    actor.send({ type: 'SIGNED_IN', tokens: tokens(1), username: 'a' });
    actor.send({ type: 'REFRESH' });
    actor.send(fail('refresh', new Error('empty refresh token')));
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().context.tokens).toBeNull();
    expect(log.stored.at(-1)).toBeNull();
    expect(log.cleared).toBe(1);
    expect(log.toLogin).toEqual([sessionMessages.expired]);
    // The service is told (best effort), with the refresh token the session held (issue 46).
    expect(log.loggedOut).toEqual([tokens(1).refreshToken]);
  });

  it('warns after 13 idle minutes and signs out at 15', () => {
    const { actor, clock, log } = start();
    actor.send({ type: 'SIGNED_IN', tokens: tokens(1, 3_600_000), username: 'a' });
    clock.increment(13 * 60_000 - 1);
    expect(actor.getSnapshot().matches({ signedIn: { idle: 'active' } })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ signedIn: { idle: 'warning' } })).toBe(true);
    expect(actor.getSnapshot().hasTag('idleWarning')).toBe(true);
    expect(log.logoutCalls).toBe(0);
    clock.increment(2 * 60_000);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(log.toLogin).toEqual([sessionMessages.idle]);
    // Signed out on the service too: its refresh token revoked, not left to expire (issue 46).
    expect(log.loggedOut).toEqual([tokens(1, 3_600_000).refreshToken]);
  });

  it('activity restarts the idle clock; "stay signed in" answers the warning', () => {
    const { actor, clock } = start();
    actor.send({ type: 'SIGNED_IN', tokens: tokens(1, 3_600_000), username: 'a' });
    clock.increment(12 * 60_000);
    actor.send({ type: 'ACTIVITY' });
    clock.increment(12 * 60_000);
    expect(actor.getSnapshot().matches({ signedIn: { idle: 'active' } })).toBe(true);
    clock.increment(60_000);
    expect(actor.getSnapshot().matches({ signedIn: { idle: 'warning' } })).toBe(true);
    actor.send({ type: 'STAY_SIGNED_IN' });
    clock.increment(12 * 60_000);
    expect(actor.getSnapshot().matches({ signedIn: { idle: 'active' } })).toBe(true);
  });

  it('logout calls the server once, clears everything, and a failed logout changes nothing for the user', () => {
    for (const outcome of [done('logout'), fail('logout', new Error('500'))]) {
      const { actor, log } = start();
      actor.send({ type: 'SIGNED_IN', tokens: tokens(1), username: 'a' });
      expect(log.realtime).toBe(1); // connected while signed in
      actor.send({ type: 'LOGOUT' });
      expect(log.realtime).toBe(0); // disconnected on logout
      expect(log.logoutCalls).toBe(1);
      actor.send(outcome);
      expect(actor.getSnapshot().value).toBe('signedOut');
      expect(log.cleared).toBe(1);
      expect(log.stored.at(-1)).toBeNull();
      expect(log.toLogin).toEqual([sessionMessages.loggedOut]);
    }
  });

  it('a sign-out asked with stayOnPage ends the session the same way but leaves the page where it is', () => {
    const { actor, log } = start();
    actor.send({ type: 'SIGNED_IN', tokens: tokens(1), username: 'a' });
    actor.send({ type: 'LOGOUT', stayOnPage: true });
    expect(actor.getSnapshot().hasTag('signingOut')).toBe(true);
    actor.send(done('logout'));
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(log.cleared).toBe(1);
    expect(log.toLogin).toEqual([sessionMessages.loggedOut]); // the notice is the same
    expect(log.stayed).toEqual([true]);
    // The next sign-in forgets it: a plain sign-out goes to login again.
    actor.send({ type: 'SIGNED_IN', tokens: tokens(2), username: 'b' });
    actor.send({ type: 'LOGOUT' });
    actor.send(done('logout'));
    expect(log.stayed).toEqual([true, false]);
  });

  it('can sign in again after expiry', () => {
    const { actor, clock } = start();
    actor.send({ type: 'SIGNED_IN', tokens: tokens(1, 3_600_000), username: 'a' });
    clock.increment(13 * 60_000);
    clock.increment(2 * 60_000);
    expect(actor.getSnapshot().value).toBe('expired');
    actor.send({ type: 'SIGNED_IN', tokens: tokens(2), username: 'a' });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  expectFullCoverage(coverage);
});
