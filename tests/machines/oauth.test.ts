// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { isSafeRedirect, oauthMachine, oauthMessages, type OAuthFailure, type PartnerRequest } from '@machines/auth/oauth.machine';
import { Coverage, expectFullCoverage } from './coverage';

describe('oauth machine (SEI authorisation)', () => {
  const coverage = new Coverage(oauthMachine);
  const settle = () => new Promise((r) => setTimeout(r, 0));

  const partner: PartnerRequest = { clientName: 'Partner Books', scopes: ['accounts.read', 'transactions.read'] };

  /** `partnerFailure`: how asking who asks fails (else the partner comes back); `failure`: how the other calls fail. */
  function start(authorizationId: string | null, outcome: { url?: string; redirectUri?: string; failure?: OAuthFailure; partnerFailure?: OAuthFailure }) {
    const effects: string[] = [];
    const actor = createActor(
      oauthMachine.provide({
        actors: {
          fetchAuthorizeUrl: fromPromise(async () => {
            if (outcome.failure) throw outcome.failure;
            return outcome.url!;
          }),
          authorize: fromPromise<string, { authorizationId: string }>(async ({ input }) => {
            effects.push(`authorize ${input.authorizationId}`);
            if (outcome.failure) throw outcome.failure;
            return outcome.redirectUri!;
          }),
          fetchPartner: fromPromise<PartnerRequest, { authorizationId: string }>(async ({ input }) => {
            effects.push(`partner ${input.authorizationId}`);
            if (outcome.partnerFailure) throw outcome.partnerFailure;
            return partner;
          }),
        },
        actions: {
          redirect: (_, { url }) => effects.push(`redirect ${url}`),
          goRoot: () => effects.push('root'),
          goHome: () => effects.push('home'),
        },
      }),
      { input: { authorizationId }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, effects };
  }

  it('without an id: fetch the authorize URL and go there', async () => {
    const { actor, effects } = start(null, { url: 'https://auth.example/authorize?x=1' });
    await settle();
    expect(effects).toEqual(['redirect https://auth.example/authorize?x=1']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('with an id: who asks and for what first (nothing can be allowed meanwhile); nothing else until the customer authorises; then the redirect_uri', async () => {
    const { actor, effects } = start('a1', { redirectUri: 'https://partner.example/cb?code=1' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    actor.send({ type: 'AUTHORIZE' }); // not yet: the page cannot say who asks
    await settle();
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    expect(actor.getSnapshot().context.partner).toEqual(partner);
    expect(effects).toEqual(['partner a1']);
    actor.send({ type: 'AUTHORIZE' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(effects).toEqual(['partner a1', 'authorize a1', 'redirect https://partner.example/cb?code=1']);
  });

  it('cancel goes home', async () => {
    const { actor, effects } = start('a1', {});
    await settle();
    actor.send({ type: 'CANCEL' });
    expect(effects).toEqual(['partner a1', 'home']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('an authorisation that is gone (404 when asking who asks) goes to the root; another failure can be retried', async () => {
    const gone = start('gone', { partnerFailure: { kind: 'notFound' } });
    await settle();
    expect(gone.effects).toEqual(['partner gone', 'root']);
    const failure: OAuthFailure = { kind: 'failed', message: { text: 'Server is not available' } };
    const broken = start('a2', { partnerFailure: failure });
    await settle();
    expect(broken.actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(broken.actor.getSnapshot().context.error).toEqual(failure.message);
    broken.actor.send({ type: 'RETRY' });
    expect(broken.actor.getSnapshot().hasTag('loading')).toBe(true);
  });

  it('404 on authorise goes to the root', async () => {
    const { actor, effects } = start('gone', { failure: { kind: 'notFound' } });
    await settle();
    actor.send({ type: 'AUTHORIZE' });
    await settle();
    expect(effects).toEqual(['partner gone', 'authorize gone', 'root']);
  });

  it('another failure shows its message; retry asks again, or the customer leaves', async () => {
    const failure: OAuthFailure = { kind: 'failed', message: { descriptor: oauthMessages.unsafeTarget } };
    const { actor, effects } = start('a1', { failure });
    await settle();
    actor.send({ type: 'AUTHORIZE' });
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(failure.message);
    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    actor.send({ type: 'AUTHORIZE' });
    await settle();
    actor.send({ type: 'CANCEL' });
    expect(effects.at(-1)).toBe('home');

    const noUrl = start(null, { failure });
    await settle();
    expect(noUrl.actor.getSnapshot().matches('failed')).toBe(true);
  });

  it.each([
    ['https://partner.example/cb', false, true],
    ['http://partner.example/cb', true, false],
    ['http://127.0.0.1:4174/auth/sei?authorizationId=1', true, true],
    ['http://127.0.0.1:4174/auth/sei', false, false],
    ['javascript:alert(1)', true, false],
    ['data:text/html,hi', true, false],
    ['/relative', true, false],
  ])('redirect to %s (local http allowed: %s) → %s', (url, local, safe) => {
    expect(isSafeRedirect(url, local)).toBe(safe);
  });

  expectFullCoverage(coverage);
});
