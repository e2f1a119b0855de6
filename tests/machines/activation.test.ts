// @vitest-environment node
import { createActor, fromPromise, type EventFromLogic, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { activationFromSearch, activationMachine, linkMeets, type ActivationInput, type ActivationRequest, type ActivationTokens } from '@machines/auth/activation.machine';
import { Coverage, expectFullCoverage } from './coverage';

type Ev = EventFromLogic<typeof activationMachine>;
type Snap = SnapshotFrom<typeof activationMachine>;
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as Ev;
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as Ev;

describe('activation machine', () => {
  const coverage = new Coverage(activationMachine);
  const request: ActivationRequest = { action: 'activationBusiness', user: 'ana@example.com', code: '246810' };
  const settle = () => new Promise((r) => setTimeout(r, 0));

  function start(outcome: 'ok' | 'fail', signedInAs: string | null = null, signOut: 'ok' | 'fail' = 'ok') {
    const calls: ActivationRequest[] = [];
    const failures: unknown[] = [];
    const signedIn: unknown[] = [];
    let signOuts = 0;
    const actor = createActor(
      activationMachine.provide({
        actors: {
          activate: fromPromise(async ({ input }) => {
            calls.push(input);
            if (outcome === 'fail') throw { responseCode: 'VF' };
            return { accessToken: 'at', refreshToken: 'rt' };
          }),
          signOut: fromPromise(async () => {
            signOuts += 1;
            if (signOut === 'fail') throw new Error('still signed in');
          }),
        },
        actions: { showFailure: (_, { error }) => failures.push(error), signIn: (_, params) => signedIn.push(params) },
      }),
      { input: { ...request, signedInAs }, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, calls, failures, signedIn, signOuts: () => signOuts };
  }

  it('asks first (issue 47): nothing is sent until the user says Activate; then the code once, and signed in with the tokens', async () => {
    const { actor, calls, signedIn } = start('ok');
    expect(actor.getSnapshot().hasTag('asking')).toBe(true);
    actor.send({ type: 'SIGN_OUT' }); // means nothing here
    await settle();
    expect(calls).toEqual([]);
    actor.send({ type: 'ACTIVATE' });
    expect(actor.getSnapshot().hasTag('activating')).toBe(true);
    actor.send({ type: 'ACTIVATE' }); // a second press sends nothing more
    await settle();
    expect(calls).toEqual([request]);
    expect(signedIn).toEqual([{ tokens: { accessToken: 'at', refreshToken: 'rt' }, username: 'ana@example.com' }]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ tokens: { accessToken: 'at', refreshToken: 'rt' }, username: 'ana@example.com' });
  });

  it('a failure shows the popup with the reply and stays failed (no retry with the same code)', async () => {
    const { actor, failures, signedIn } = start('fail');
    actor.send({ type: 'ACTIVATE' });
    await settle();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(signedIn).toEqual([]);
    expect(failures).toEqual([{ responseCode: 'VF' }]);
  });

  it('signed in as another account: nothing is sent until the user signs out, then the code is sent once', async () => {
    const { actor, calls, signedIn, signOuts } = start('ok', 'boris@example.com');
    await settle();
    expect(actor.getSnapshot().hasTag('signedInAsOther')).toBe(true);
    expect(actor.getSnapshot().context.signedInAs).toBe('boris@example.com');
    expect(calls).toEqual([]);
    actor.send({ type: 'SIGN_OUT' });
    expect(actor.getSnapshot().hasTag('signingOut')).toBe(true);
    expect(actor.getSnapshot().hasTag('signedInAsOther')).toBe(true); // the notice stays while signing out
    await settle();
    expect(signOuts()).toBe(1);
    await settle();
    expect(calls).toEqual([request]);
    expect(signedIn).toEqual([{ tokens: { accessToken: 'at', refreshToken: 'rt' }, username: 'ana@example.com' }]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a sign-out that does not happen leaves the link unused and the offer on screen', async () => {
    const { actor, calls } = start('ok', 'boris@example.com', 'fail');
    actor.send({ type: 'SIGN_OUT' });
    await settle();
    expect(actor.getSnapshot().hasTag('signedInAsOther')).toBe(true);
    expect(actor.getSnapshot().hasTag('signingOut')).toBe(false);
    expect(calls).toEqual([]);
  });

  it('signed in as the link\'s own account: it is already active, nothing is sent, SIGN_OUT means nothing', async () => {
    const { actor, calls, signOuts } = start('ok', ' ANA@example.com ');
    actor.send({ type: 'SIGN_OUT' });
    await settle();
    expect(actor.getSnapshot().hasTag('alreadyActive')).toBe(true);
    expect(calls).toEqual([]);
    expect(signOuts()).toBe(0);
  });

  it.each([
    ['ana@example.com', null, 'nobody'],
    ['ana@example.com', undefined, 'nobody'],
    ['ana@example.com', 'ana@example.com', 'sameAccount'],
    ['Ana@Example.com', ' ana@example.com ', 'sameAccount'],
    ['ana@example.com', 'boris@example.com', 'otherAccount'],
    ['ana@example.com', '', 'otherAccount'], // a session whose username is unknown is not the link's account
  ] as const)('link for %s, signed in as %j → %s', (user, signedInAs, expected) => {
    expect(linkMeets(user, signedInAs)).toBe(expected);
  });

  /** Every state by its shortest path, each checked for what the page reads (tags only). */
  describe('model: every state reached, each with the tags the page reads', () => {
    const events = (s: Snap): Ev[] => [
      { type: 'SIGN_OUT' },
      { type: 'ACTIVATE' },
      ...(s.hasTag('signingOut') ? [done('signOut'), fail('signOut', new Error('x'))] : []),
      ...(s.hasTag('activating') ? [done('activate', { accessToken: 'at', refreshToken: null }), fail('activate', { responseCode: 'VF' })] : []),
    ];
    const inputs: ActivationInput[] = [{ ...request }, { ...request, signedInAs: 'boris@example.com' }, { ...request, signedInAs: 'ana@example.com' }];
    const check = (s: Snap) => {
      const tags = ['asking', 'activating', 'failed', 'signedInAsOther', 'signingOut', 'alreadyActive'].filter((t) => s.hasTag(t as never));
      if (s.status === 'done') expect(tags).toEqual([]);
      else expect(tags.length).toBeGreaterThan(0); // the page always has something to show
      if (s.hasTag('signingOut')) expect(s.hasTag('signedInAsOther')).toBe(true);
      if (s.hasTag('activating') || s.hasTag('failed') || s.hasTag('asking')) expect(s.context.signedInAs).toBeNull(); // never for someone signed in
    };
    for (const input of inputs) {
      const paths = getShortestPaths(activationMachine, { events, input });
      for (const path of paths) {
        const name = path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ');
        it(`${input.signedInAs ?? 'signed out'}: ${name}`, () => {
          const actor = createActor(
            activationMachine.provide({
              actors: { activate: fromPromise<ActivationTokens, ActivationRequest>(() => new Promise(() => {})), signOut: fromPromise<void>(() => new Promise(() => {})) },
            }),
            { input, inspect: coverage.inspect },
          ).start();
          for (const step of path.steps) {
            actor.send(step.event);
            check(actor.getSnapshot());
          }
          actor.stop();
        });
      }
    }
  });

  it.each([
    [{ action: 'activation', user: ' ana@example.com ', code: ' 1 ' }, { action: 'activation', user: 'ana@example.com', code: '1' }],
    [{ action: 'activationEmployee', user: 'e@x.test', code: '9' }, { action: 'activationEmployee', user: 'e@x.test', code: '9' }],
    [{ action: 'register', user: 'a', code: '1' }, null],
    [{ action: 'activation', user: '', code: '1' }, null],
    [{ action: 'activation', user: 'a' }, null],
    [{}, null],
  ])('address %j → %j', (search, expected) => {
    expect(activationFromSearch(search)).toEqual(expected);
  });

  expectFullCoverage(coverage);
});
