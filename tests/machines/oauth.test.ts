// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { isSafeRedirect, oauthMachine, oauthMessages, type OAuthFailure } from '@machines/auth/oauth.machine';
import { Coverage, expectFullCoverage } from './coverage';

describe('oauth machine (SEI authorisation)', () => {
  const coverage = new Coverage(oauthMachine);
  const settle = () => new Promise((r) => setTimeout(r, 0));

  function start(authorizationId: string | null, outcome: { url?: string; redirectUri?: string; failure?: OAuthFailure }) {
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

  it('with an id: nothing happens until the customer authorises; then the redirect_uri', async () => {
    const { actor, effects } = start('a1', { redirectUri: 'https://partner.example/cb?code=1' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(effects).toEqual([]);
    actor.send({ type: 'AUTHORIZE' });
    await settle();
    expect(effects).toEqual(['authorize a1', 'redirect https://partner.example/cb?code=1']);
  });

  it('cancel goes home', () => {
    const { actor, effects } = start('a1', {});
    actor.send({ type: 'CANCEL' });
    expect(effects).toEqual(['home']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('404 on authorise goes to the root', async () => {
    const { actor, effects } = start('gone', { failure: { kind: 'notFound' } });
    actor.send({ type: 'AUTHORIZE' });
    await settle();
    expect(effects).toEqual(['authorize gone', 'root']);
  });

  it('another failure shows its message; retry asks again, or the customer leaves', async () => {
    const failure: OAuthFailure = { kind: 'failed', message: { descriptor: oauthMessages.unsafeTarget } };
    const { actor, effects } = start('a1', { failure });
    actor.send({ type: 'AUTHORIZE' });
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(failure.message);
    actor.send({ type: 'RETRY' });
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
