// @vitest-environment node
import { createActor, fromPromise, SimulatedClock, type InspectionEvent } from 'xstate';
import {
  identityVerificationMachine,
  type IdentityCheck,
  type IdentityStart,
  type IdentityVerdict,
  type IdentityVerificationInput,
  type IdentityVerificationTag,
} from '@machines/verification/identity-verification.machine';
import { IDENTITY_VERIFY_POLL_MAX, IDENTITY_VERIFY_POLL_MS } from '@machines/shared/constants';
import { unexpectedFailure } from '@machines/shared/ui-message';
import { Coverage, expectFullCoverage } from './coverage';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const RUN: IdentityStart = { workflowRunId: '5e1c6d8a-run', token: 'sdk-token-1', providerUrl: 'http://127.0.0.1:8788/__provider/identity/5e1c6d8a-run?token=sdk-token-1' };
const busy = { text: 'The identity service is busy' };

type Outcome<T> = T | { error: unknown };

describe('identity verification statechart', () => {
  const coverage = new Coverage(identityVerificationMachine);

  function run(input: IdentityVerificationInput, outcomes: { start?: Outcome<IdentityStart>[]; verify?: Outcome<IdentityVerdict>[] } = {}) {
    const clock = new SimulatedClock();
    const starts: number[] = [];
    const checks: IdentityCheck[] = [];
    const moves: string[] = [];
    const wrapper: { workflowRunId: string; token: string }[] = [];
    let verified = 0;
    const next = <T>(list: Outcome<T>[] | undefined, fallback: T): T => {
      const outcome = list?.shift() ?? fallback;
      if (outcome && typeof outcome === 'object' && 'error' in outcome) throw outcome.error;
      return outcome as T;
    };
    const actor = createActor(
      identityVerificationMachine.provide({
        actors: {
          start: fromPromise(async () => {
            starts.push(starts.length + 1);
            return next(outcomes.start, RUN);
          }),
          verify: fromPromise(async ({ input: check }) => {
            checks.push(check);
            return next(outcomes.verify, { status: 'approved' } as IdentityVerdict);
          }),
        },
        actions: {
          goToProvider: (_, { providerUrl }) => void moves.push(providerUrl),
          sendToWrapper: (_, params) => void wrapper.push(params),
          verified: () => void (verified += 1),
        },
      }),
      { input, clock, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    return { actor, clock, starts, checks, moves, wrapper, verified: () => verified, has: (tag: IdentityVerificationTag) => actor.getSnapshot().hasTag(tag) };
  }

  it('start: a failure says why and START tries again; then the browser goes to the provider', async () => {
    const { actor, starts, moves, wrapper, has } = run({ mode: 'start', signedIn: true, wrapper: false }, { start: [{ error: busy }, { error: new Error('bug') }] });
    expect(has('idle')).toBe(true);
    actor.send({ type: 'RETRY' }); // nothing to retry before a start
    expect(has('idle')).toBe(true);
    actor.send({ type: 'START' });
    expect(has('busy')).toBe(true);
    actor.send({ type: 'START' }); // ignored while starting
    await settle();
    expect(has('startFailed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual(busy);
    actor.send({ type: 'START' });
    await settle();
    // A bug never shows its text.
    expect(actor.getSnapshot().context.failure).toEqual({ descriptor: unexpectedFailure });
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    await settle();
    expect(has('redirecting')).toBe(true);
    expect(has('busy')).toBe(true);
    actor.send({ type: 'START' }); // ignored while the page leaves
    expect(starts).toHaveLength(3);
    expect(moves).toEqual([RUN.providerUrl]);
    expect(wrapper).toEqual([]);
    // Back from the provider's page (the page shown again from the browser's cache): the button again.
    actor.send({ type: 'RETURNED' });
    expect(has('idle')).toBe(true);
  });

  it('start in the mobile wrapper: the run goes to the app (no page move); START sends a new one', async () => {
    const { actor, moves, wrapper, has } = run({ mode: 'start', signedIn: true, wrapper: true });
    actor.send({ type: 'START' });
    await settle();
    expect(has('inApp')).toBe(true);
    expect(has('busy')).toBe(false);
    expect(wrapper).toEqual([{ workflowRunId: RUN.workflowRunId, token: RUN.token }]);
    expect(moves).toEqual([]);
    expect(actor.getSnapshot().context.started).toEqual(RUN);
    actor.send({ type: 'START' });
    await settle();
    expect(wrapper).toHaveLength(2);
  });

  it('result, not signed in: nothing is asked', () => {
    const { actor, checks, has } = run({ mode: 'result', workflowRunId: RUN.workflowRunId, token: RUN.token, signedIn: false, wrapper: false });
    expect(has('notSignedIn')).toBe(true);
    expect(actor.getSnapshot().status).toBe('done');
    expect(checks).toEqual([]);
  });

  it('result approved: the app reads its verification again', async () => {
    const { actor, checks, verified, has } = run({ mode: 'result', workflowRunId: RUN.workflowRunId, token: RUN.token, signedIn: true, wrapper: false });
    expect(has('verifying')).toBe(true);
    await settle();
    expect(has('approved')).toBe(true);
    expect(checks).toEqual([{ workflowRunId: RUN.workflowRunId, token: RUN.token }]);
    expect(verified()).toBe(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a video identity job: a failed verify is tried again; pending is asked again every 3 s, then approved', async () => {
    const { actor, clock, checks, verified, has } = run(
      { mode: 'result', videoIdentityJobId: 'vij_1', signedIn: true, wrapper: false },
      { verify: [{ error: busy }, { status: 'pending' }, { status: 'pending' }, { status: 'approved' }] },
    );
    await settle();
    expect(has('verifyFailed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual(busy);
    actor.send({ type: 'RETRY' });
    await settle();
    expect(has('pending')).toBe(true);
    clock.increment(IDENTITY_VERIFY_POLL_MS - 1);
    expect(checks).toHaveLength(2);
    clock.increment(1);
    await settle();
    expect(checks).toHaveLength(3);
    expect(has('pending')).toBe(true);
    clock.increment(IDENTITY_VERIFY_POLL_MS);
    await settle();
    expect(has('approved')).toBe(true);
    expect(checks.every((c) => 'videoIdentityJobId' in c && c.videoIdentityJobId === 'vij_1')).toBe(true);
    expect(verified()).toBe(1);
  });

  it(`pending ${IDENTITY_VERIFY_POLL_MAX} times more: still checking; RETRY asks once more`, async () => {
    const { actor, clock, checks, has } = run(
      { mode: 'result', workflowRunId: RUN.workflowRunId, token: RUN.token, signedIn: true, wrapper: false },
      { verify: Array.from({ length: IDENTITY_VERIFY_POLL_MAX + 2 }, () => ({ status: 'pending' as const })) },
    );
    await settle();
    for (let i = 0; i < IDENTITY_VERIFY_POLL_MAX; i += 1) {
      expect(has('pending')).toBe(true);
      clock.increment(IDENTITY_VERIFY_POLL_MS);
      await settle();
    }
    expect(has('stillChecking')).toBe(true);
    expect(checks).toHaveLength(IDENTITY_VERIFY_POLL_MAX + 1);
    clock.increment(IDENTITY_VERIFY_POLL_MS * 5);
    expect(checks).toHaveLength(IDENTITY_VERIFY_POLL_MAX + 1);
    actor.send({ type: 'RETRY' });
    await settle();
    expect(checks).toHaveLength(IDENTITY_VERIFY_POLL_MAX + 2);
    expect(has('stillChecking')).toBe(true);
    actor.send({ type: 'RETRY' });
    await settle();
    expect(has('approved')).toBe(true);
  });

  it('rejected: the reason; START begins a new run and goes to the provider', async () => {
    const { actor, moves, verified, has } = run(
      { mode: 'result', workflowRunId: RUN.workflowRunId, token: RUN.token, signedIn: true, wrapper: false },
      { verify: [{ status: 'rejected', reason: 'The document photo is not readable' }] },
    );
    await settle();
    expect(has('rejected')).toBe(true);
    expect(actor.getSnapshot().context.reason).toBe('The document photo is not readable');
    expect(verified()).toBe(0);
    actor.send({ type: 'START' });
    await settle();
    expect(has('redirecting')).toBe(true);
    expect(moves).toEqual([RUN.providerUrl]);
    // Back from the provider: the refusal and its new try again.
    actor.send({ type: 'RETURNED' });
    expect(has('rejected')).toBe(true);
    expect(actor.getSnapshot().context.reason).toBe('The document photo is not readable');
  });

  it('rejected without a reason: none is shown', async () => {
    const { actor, has } = run({ mode: 'result', videoIdentityJobId: 'vij_2', signedIn: true, wrapper: false }, { verify: [{ status: 'rejected' }] });
    await settle();
    expect(has('rejected')).toBe(true);
    expect(actor.getSnapshot().context.reason).toBeNull();
  });

  expectFullCoverage(coverage);
});
