// @vitest-environment node
import { assign, createActor, createMachine, fromCallback, fromPromise, raise, sendTo, setup, type AnyStateMachine } from 'xstate';
import { machineRegistry } from '@machines/registry';
import { sampleApprovalReply, sampleOwnTransferFacts } from '@machines/live-samples';
import { prettyJson, parseJson, startLiveRun, statechartGraph, type LiveRun } from '@/shared/dev';

/**
 * The live run of Storybook's machine stories (src/shared/dev/live): every registered machine
 * starts with its sample input, offers the events its current state takes, and runs offline: its
 * actors are stubs the test resolves or rejects, its timers wait for the simulated clock, the
 * app's actions only say they ran.
 */
const entries = Object.entries(machineRegistry) as [string, (typeof machineRegistry)[keyof typeof machineRegistry]][];

const runs: LiveRun[] = [];
const run = (machine: AnyStateMachine, input?: unknown) => {
  const started = startLiveRun(machine, { input });
  runs.push(started);
  return started;
};
afterEach(() => runs.splice(0).forEach((r) => r.stop()));

const only = <T>(list: readonly T[]): T => {
  expect(list).toHaveLength(1);
  return list[0]!;
};

describe('live run: every registered machine', () => {
  it.each(entries)('%s starts with its sample input and offers what its state takes', (_name, entry) => {
    const live = run(entry.machine, entry.sampleInput);
    const view = live.view();
    expect(view.error, prettyJson(view.error)).toBeUndefined();
    expect(view.status).toBe('active');
    expect(view.active[0]).toBe(entry.machine.id);
    // The events offered are exactly the definition's event arrows leaving an active state (the diagram's own graph).
    const graph = statechartGraph(entry.machine);
    const fromActive = graph.edges.filter((e) => e.kind === 'event' && view.active.includes(e.source)).map((e) => e.eventType);
    expect(view.events.map((e) => e.type).sort()).toEqual([...new Set(fromActive)].sort());
    if (fromActive.length) expect(view.events.length).toBeGreaterThan(0);
    // Samples name events and actors the machine has.
    const eventTypes = new Set(graph.edges.map((e) => e.eventType));
    expect(Object.keys(entry.sampleEvents ?? {}).filter((type) => !eventTypes.has(type)), 'sample events the machine does not take').toEqual([]);
    const actors = Object.keys(entry.machine.implementations.actors);
    expect(Object.keys(entry.sampleOutputs ?? {}).filter((src) => !actors.includes(src)), 'sample outputs of actors the machine does not have').toEqual([]);
  });

  it('a machine without its input does not start, and says why (the registry needs a sample)', () => {
    const view = run(machineRegistry.wallet.machine).view();
    expect(view.status).toBe('error');
    expect(String((view.error as Error).message)).toMatch(/accountId/);
    expect(view.events).toEqual([]);
  });
});

describe('live run: paths through real machines', () => {
  it('login: typed, submitted, the PKCE and login calls resolved and rejected, the push approval expiring on the simulated clock', () => {
    const { machine, sampleOutputs } = machineRegistry.login;
    const live = run(machine);
    expect(live.view().current).toEqual(['login.editing']);
    expect(live.view().events.map((e) => e.type)).toEqual(expect.arrayContaining(['CHANGE', 'SUBMIT']));

    live.send({ type: 'CHANGE', field: 'username', value: 'ana@example.com' });
    live.send({ type: 'CHANGE', field: 'password', value: 'secret' });
    live.send({ type: 'SUBMIT' });
    let view = live.view();
    expect(view.value).toBe('preparing');
    expect(view.lastTransition).toBe('login.editing --SUBMIT[0]--> login.preparing');
    expect(view.actions.map((a) => a.name)).toContain('showForm');
    const pkce = only(view.waiting);
    expect(pkce).toMatchObject({ label: 'createPkce', kind: 'promise' });

    live.resolve(pkce.key, sampleOutputs!.createPkce);
    view = live.view();
    expect(view.value).toBe('submitting');
    expect(view.context).toMatchObject({ pkce: sampleOutputs!.createPkce, username: 'ana@example.com' });
    const call = only(view.waiting);
    expect(call.label).toBe('login');
    expect(call.input).toMatchObject({ username: 'ana@example.com', password: 'secret' });

    // A refusal: back to the form with the service's words, the password cleared.
    live.reject(call.key, { kind: 'failed', message: { text: 'Invalid credentials' } });
    view = live.view();
    expect(view.value).toBe('editing');
    expect(view.context).toMatchObject({ error: { text: 'Invalid credentials' }, password: '' });
    expect(view.waiting).toEqual([]);

    // Again, to push: the approval channel is a silent callback, its 2-minute expiry a timer.
    live.send({ type: 'CHANGE', field: 'password', value: 'secret' });
    live.send({ type: 'SUBMIT' });
    live.resolve(only(live.view().waiting).key, sampleOutputs!.createPkce);
    live.resolve(only(live.view().waiting).key, { authFlow: 'push', code: 'c0de', tmpJwt: 'tmp' });
    view = live.view();
    expect(view.value).toEqual({ awaitingPush: 'waiting' });
    expect(only(view.waiting)).toMatchObject({ label: 'waitForApproval', kind: 'callback' });
    const expiry = only(view.timers);
    expect(expiry).toMatchObject({ label: 'after approvalTimeout (login.awaitingPush)', dueIn: 120_000 });

    live.advance(60_000);
    expect(live.view().value).toEqual({ awaitingPush: 'waiting' });
    expect(live.view().timers[0]?.dueIn).toBe(60_000);
    live.advance(60_000);
    view = live.view();
    expect(view.value).toBe('approvalExpired');
    expect(view.now).toBe(120_000);
    expect(view.lastTransition).toBe('login.awaitingPush --xstate.after.approvalTimeout.login.awaitingPush[0]--> login.approvalExpired');
    expect(view.waiting).toEqual([]);
  });

  it('session: signed in (parallel regions), the customer loaded, the idle warning and expiry on the simulated clock; the app actions only logged', () => {
    const { machine, sampleEvents, sampleOutputs } = machineRegistry.session;
    const live = run(machine);
    live.send({ type: 'SIGNED_IN', ...sampleEvents!.SIGNED_IN });
    let view = live.view();
    expect(view.current).toEqual(['session.signedIn.token.valid', 'session.signedIn.customer.loading', 'session.signedIn.idle.active']);
    expect(view.waiting.map((w) => `${w.label} (${w.kind})`).sort()).toEqual(['loadCustomer (promise)', 'realtime (callback)']);
    expect(view.timers.map((t) => [t.label, t.dueIn])).toEqual([
      ['after refreshDue (session.signedIn.token.valid)', 290_000],
      ['after idleWarning (session.signedIn.idle.active)', 13 * 60_000],
    ]);
    expect(view.actions.map((a) => a.name)).toEqual(['storeTokens']);
    expect(view.actions[0]!.params).toEqual({ tokens: sampleEvents!.SIGNED_IN!.tokens });

    live.resolve(view.waiting.find((w) => w.src === 'loadCustomer')!.key, sampleOutputs!.loadCustomer);
    live.resolve(live.view().waiting.find((w) => w.src === 'loadAccess')!.key, sampleOutputs!.loadAccess);
    view = live.view();
    expect(view.value).toMatchObject({ signedIn: { customer: 'ready' } });
    expect(view.context).toMatchObject({ customer: { kind: 'personal' }, fresh: false });
    expect(view.actions.map((a) => a.name)).toEqual(['land', 'storeTokens']);

    // The refresh comes due first: the token is refreshed with the sample's tokens.
    live.advance(view.timers[0]!.dueIn);
    expect(live.view().value).toMatchObject({ signedIn: { token: 'refreshing' } });
    live.resolve(live.view().waiting.find((w) => w.src === 'refresh')!.key, sampleOutputs!.refresh);
    expect(live.view().context).toMatchObject({ tokens: { accessToken: 'at-2' } });

    // 13 minutes of quiet: the warning; 2 more: expired, the session forgotten.
    live.advance(live.view().timers.find((t) => t.label.startsWith('after idleWarning'))!.dueIn);
    expect(live.view().value).toMatchObject({ signedIn: { idle: 'warning' } });
    live.advance(2 * 60_000);
    view = live.view();
    expect(view.value).toBe('expired');
    expect(view.context).toMatchObject({ tokens: null, username: null });
    expect(view.actions.slice(0, 3).map((a) => a.name)).toEqual(['goToLogin', 'clearSessionData', 'storeTokens']);
    expect(view.timers).toEqual([]);
  });

  it('notifications: each spawned timer machine runs as itself, its 10 seconds on the simulated clock', () => {
    const { machine, sampleEvents } = machineRegistry.notifications;
    const live = run(machine);
    live.send({ type: 'NOTIFY', ...sampleEvents!.NOTIFY });
    let view = live.view();
    expect(view.context).toMatchObject({ items: [{ id: 'n-1', title: 'Saved' }] });
    // A child machine is not a stub: nothing to resolve, only its own timer.
    expect(view.waiting).toEqual([]);
    expect(only(view.timers)).toMatchObject({ label: 'after lifetime (notificationTimer.running) in timer-1', dueIn: 10_000 });
    expect(prettyJson(view.context)).toContain('"timer": "[actor timer-1]"');

    live.advance(9_999);
    expect(live.view().context).toMatchObject({ items: [{ id: 'n-1' }] });
    live.advance(1);
    view = live.view();
    expect(view.context).toMatchObject({ items: [] });
    expect(view.timers).toEqual([]);
  });

  it('notification timer: a child machine run alone pauses, resumes, and on expiry sends its parent EXPIRE, listed', () => {
    const { machine, sampleInput } = machineRegistry.notificationTimer;
    const live = run(machine, sampleInput);
    expect(only(live.view().timers)).toMatchObject({ label: 'after lifetime (notificationTimer.running)', dueIn: 10_000 });
    live.advance(4_000);
    live.send({ type: 'PAUSE' });
    expect(live.view().current).toEqual(['notificationTimer.paused']);
    expect(live.view().timers).toEqual([]);
    live.send({ type: 'RESUME' });
    expect(only(live.view().timers).dueIn).toBe(10_000);
    live.advance(10_000);
    const view = live.view();
    expect(view.status).toBe('done');
    expect(view.current).toEqual(['notificationTimer.expired']);
    expect(view.now).toBe(14_000);
    expect(view.toParent).toEqual([{ event: { type: 'EXPIRE', id: 'n-1' }, at: 14_000 }]);
    expect(view.events).toEqual([]);
  });

  it('own transfer: submitted to its approval child, whose own call waits under it; resolved, the code is asked for', () => {
    const { machine, sampleInput } = machineRegistry.ownTransfer;
    const live = run(machine, sampleInput);
    live.send({ type: 'CHANGE', name: 'amount', value: '10' });
    live.send({ type: 'SUBMIT', facts: sampleOwnTransferFacts });
    let view = live.view();
    expect(view.value).toBe('sending');
    const submit = only(view.waiting);
    expect(submit).toMatchObject({ label: 'approval › submit', src: 'submit', kind: 'promise' });
    expect(submit.input).toMatchObject({ method: 'ownAccountsTransfer', body: { fromAccount: 1, toAccount: 2 } });
    expect(view.actions.map((a) => `${a.machineId}.${a.name}`)).toContain('ownTransfer.intentStarted');

    live.resolve(submit.key, sampleApprovalReply);
    view = live.view();
    expect(view.value).toBe('sending');
    expect(view.context).toMatchObject({ values: { amount: '10' } });
    // The approval child waits for the SMS code now: nothing left to resolve.
    expect(view.waiting).toEqual([]);
  });

  it('global pay batch: a batch to resume, its load rejected, then the way back to a new file', () => {
    const { machine } = machineRegistry.globalPayBatch;
    const live = run(machine, { batchId: 42 });
    const load = only(live.view().waiting);
    expect(load).toMatchObject({ label: 'getBatch', input: { batchId: 42 } });
    live.reject(load.key, { text: 'The service is not available' });
    let view = live.view();
    expect(view.value).toBe('loadFailed');
    expect(view.context).toMatchObject({ failure: { text: 'The service is not available' } });
    // Its own events, and the machine's RESUME (any other batch, from the address).
    expect(view.events.map((e) => e.type)).toEqual(['RETRY', 'NEW', 'RESUME']);
    live.send({ type: 'NEW' });
    view = live.view();
    expect(view.value).toBe('choosing');
    expect(view.context).toMatchObject({ batchId: null, failure: null });
  });
});

describe('live run: the stubs, on a small machine of its own', () => {
  const parentAction = vi.fn();
  const tiny = setup({
    actors: {
      fetchIt: fromPromise<string>(async () => {
        throw new Error('would reach the network');
      }),
      listen: fromCallback(() => {
        throw new Error('would open a socket');
      }),
      child: createMachine({ id: 'child', initial: 'ticking', states: { ticking: { after: { 500: 'rang' } }, rang: { type: 'final' } } }),
    },
    actions: {
      navigate: () => {
        throw new Error('not provided');
      },
      noted: parentAction,
      kept: assign({ kept: true }),
    },
  }).createMachine({
    id: 'tiny',
    context: { result: null as string | null, kept: false },
    initial: 'idle',
    invoke: [
      { id: 'channel', src: 'listen' },
      { id: 'bell', src: 'child' },
    ],
    states: {
      idle: { on: { GO: { target: 'fetching', actions: ['kept', 'noted', sendTo('channel', { type: 'PING' })] } } },
      fetching: {
        invoke: { src: 'fetchIt', onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) }, onError: 'failed' },
        entry: raise({ type: 'REMIND' }, { delay: 1_000, id: 'remind' }),
        on: { REMIND: 'reminded' },
      },
      reminded: {},
      done: { entry: 'navigate', type: 'final' },
      failed: {},
    },
  });

  it('a promise waits for its outcome, a callback listens and receives what is sent to it, a child machine runs on the same clock', () => {
    const live = run(tiny);
    let view = live.view();
    expect(only(view.waiting)).toMatchObject({ label: 'channel', kind: 'callback', received: [] });
    expect(only(view.timers)).toMatchObject({ label: 'after 500 (child.ticking) in bell', dueIn: 500 });

    live.send({ type: 'GO' });
    view = live.view();
    // The app's plain actions are stand-ins (the test's spy is never called); XState's own (assign) still run.
    expect(view.actions.map((a) => a.name)).toEqual(['noted']);
    expect(parentAction).not.toHaveBeenCalled();
    expect(view.context).toMatchObject({ kept: true });
    expect(view.waiting.map((w) => [w.label, w.kind, w.received])).toEqual([
      ['channel', 'callback', ['PING']],
      ['fetchIt', 'promise', []],
    ]);
    expect(view.timers.map((t) => [t.label, t.dueIn])).toEqual([
      ['after 500 (child.ticking) in bell', 500],
      ['REMIND', 1_000],
    ]);

    // A callback cannot be resolved (it never ends with an output): nothing happens.
    live.resolve(view.waiting[0]!.key, 'ignored');
    expect(live.view().waiting).toHaveLength(2);

    live.advance(500);
    expect(live.view().timers.map((t) => [t.label, t.dueIn])).toEqual([['REMIND', 500]]);
    live.resolve(live.view().waiting.find((w) => w.kind === 'promise')!.key, 'fetched');
    view = live.view();
    // A final state ends the run; the placeholder `navigate` that throws only said it ran.
    expect(view.status).toBe('done');
    expect(view.context).toMatchObject({ result: 'fetched' });
    expect(view.actions.map((a) => a.name)).toEqual(['navigate', 'noted']);
    expect(view.waiting).toEqual([]);
    expect(view.timers).toEqual([]);
    expect(view.events).toEqual([]);
  });

  it('a rejected promise takes the error transition; the delayed event fires on the simulated clock only', () => {
    const live = run(tiny);
    live.send({ type: 'GO' });
    live.advance(999);
    expect(live.view().value).toBe('fetching');
    live.advance(1);
    expect(live.view().value).toBe('reminded');

    const again = run(tiny);
    again.send({ type: 'GO' });
    again.reject(again.view().waiting.find((w) => w.kind === 'promise')!.key, { text: 'no' });
    expect(again.view().value).toBe('failed');
    expect(again.view().lastTransition).toBe('tiny.fetching --xstate.error.actor.0.tiny.fetching[0]--> tiny.failed');
  });

  it('stopped, it offers nothing and ignores what is sent', () => {
    const live = run(tiny);
    live.stop();
    expect(live.view().status).toBe('stopped');
    live.send({ type: 'GO' });
    live.advance(10_000);
    expect(live.view()).toMatchObject({ status: 'stopped', events: [], waiting: [], timers: [], now: 0 });
  });

  it('view() is the same object until something changes, and listeners hear every change', () => {
    const live = run(tiny);
    const heard = vi.fn();
    const unsubscribe = live.subscribe(heard);
    const first = live.view();
    expect(live.view()).toBe(first);
    live.send({ type: 'GO' });
    expect(heard).toHaveBeenCalled();
    expect(live.view()).not.toBe(first);
    unsubscribe();
    heard.mockClear();
    live.advance(1);
    expect(heard).not.toHaveBeenCalled();
  });

  it('the machine given is not changed: the app still gets its own implementations', () => {
    const { actors, actions } = tiny.implementations;
    run(tiny).send({ type: 'GO' });
    expect(tiny.implementations.actions.noted).toBe(parentAction);
    expect(tiny.implementations.actors).toBe(actors);
    expect(tiny.implementations.actions).toBe(actions);
  });
});

describe('live run: context and typed JSON', () => {
  it('writes any context as JSON: Map, Set, BigInt, functions, actor refs, circles, errors, undefined', () => {
    const circle: Record<string, unknown> = { name: 'loop' };
    circle.self = circle;
    const shared = { n: 1 };
    const ref = createActor(createMachine({ id: 'x' }));
    const text = prettyJson({
      map: new Map([['a', 1]]),
      set: new Set([1, 2]),
      big: 10n ** 20n,
      fn: function submit() {},
      ref,
      circle,
      twice: [shared, shared],
      error: new TypeError('bad'),
      missing: undefined,
      date: new Date('2026-11-26T10:00:00Z'),
      nan: Number.NaN,
    });
    expect(JSON.parse(text)).toEqual({
      map: { '[Map]': [['a', 1]] },
      set: { '[Set]': [1, 2] },
      big: '100000000000000000000n',
      fn: '[function submit]',
      ref: `[actor ${ref.id}]`,
      circle: { name: 'loop', self: '[circular]' },
      twice: [{ n: 1 }, { n: 1 }],
      error: { '[Error]': 'bad', name: 'TypeError' },
      missing: '[undefined]',
      date: '2026-11-26T10:00:00.000Z',
      nan: 'NaN',
    });
    expect(text).toContain('\n  "map"');
  });

  it('reads typed JSON, empty as nothing, and says why text is not JSON', () => {
    expect(parseJson('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJson('  ')).toEqual({ ok: true, value: undefined });
    const wrong = parseJson('{a: 1}');
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.message).toMatch(/JSON|property/i);
  });
});
