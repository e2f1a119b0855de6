// @vitest-environment node
import { createActor, fromPromise, type AnyActorRef, type InspectionEvent } from 'xstate';
import { changeRequest, permissionChangeMachine, type DecisionResult, type PermissionChangeInput } from '@machines/business/permission-change.machine';
import { accessListFor, presetAccess, type ChangeStatus, type UserAccess } from '@machines/business/company-access.rules';
import { Coverage, expectFullCoverage } from './coverage';
import { scriptedApproval } from './scripted-approval';

const settle = async (n = 6) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => setTimeout(r, 0));
};

const UUID = /^[0-9a-f-]{36}$/;
const access = (accessRights: number, list: UserAccess['accessList'] = accessListFor(accessRights)): UserAccess => ({ accessRights, accessList: { ...list } });
const viewer = access(1);
const rightsInput = (initial: UserAccess = viewer): PermissionChangeInput => ({ kind: 'rights', target: { userId: 12, name: 'Ana Pop', version: 3 }, access: initial, permissions: { sendMoneyUser: true } });
const waiting = (status: ChangeStatus = 'awaitingApproval'): PermissionChangeInput => ({ changeId: 41, status, kind: 'rights', target: { userId: 12, name: 'Ana Pop', version: 3 } });

/** What `decide` answers next: the change after the decision, or a throw (a lost reply, a 500). */
type Decision = DecisionResult | { throws: unknown };

/**
 * A change of who may do what for the company (issue 54; no self-approval): only a real change is
 * sent, never level 5 unless held; every kind through the approval with its requestId; a refused
 * send keeps the draft (a cancel the same intent, a rejection a new one); another full-access user
 * approves or declines (asked first), each decision once per requestId; the list may say it ended.
 */
describe('permission change statechart (issue 54)', () => {
  const coverage = new Coverage(permissionChangeMachine);

  function run(input: PermissionChangeInput, options: { replies?: Parameters<typeof scriptedApproval>[0]; decisions?: Decision[]; reloadFails?: boolean } = {}) {
    const approval = scriptedApproval(options.replies ?? []);
    const decided: { changeId: number; decision: 'approve' | 'decline'; requestId: string }[] = [];
    const decisions = options.decisions ?? [];
    const moved: string[] = [];
    let reloads = 0;
    const actor = createActor(
      permissionChangeMachine.provide({
        actors: {
          approval: approval.logic,
          decide: fromPromise(async ({ input: sent }) => {
            decided.push(sent);
            const next = decisions.shift();
            if (!next) throw new Error('no decision scripted');
            if ('throws' in next) throw next.throws;
            return next;
          }),
          reload: fromPromise(async () => {
            reloads += 1;
            if (options.reloadFails) throw { text: 'Server is not available' };
          }),
        },
        actions: { moneyMoved: () => void moved.push('moved') },
      }),
      { input, inspect: (e: InspectionEvent) => coverage.inspect(e) },
    ).start();
    const child = () => actor.getSnapshot().children.approval as AnyActorRef | undefined;
    const state = () => actor.getSnapshot().value;
    const context = () => actor.getSnapshot().context;
    return { actor, child, state, context, decided, moved, reloads: () => reloads, submitted: approval.submitted, methods: approval.methods, watched: approval.watched };
  }

  it('the call and body of each kind, with the requestId and the version read', () => {
    const permissions = { sendMoneyUser: true };
    const draft = { access: access(3), permissions, requestId: 'intent-0001' };
    expect(changeRequest({ ...draft, kind: 'rights', target: { userId: 12, name: 'Ana Pop', version: 3 } })).toEqual({
      method: 'businessAccessRightsUpdate',
      body: { userId: 12, accessRights: 3, accessList: { balanceInfo: 2, transfers: 3, history: 2, merchant: 0 }, permissions, version: 3, requestId: 'intent-0001' },
    });
    expect(changeRequest({ ...draft, kind: 'addUser', target: { representativeId: 7, name: 'Ion Pop' } })).toEqual({
      method: 'businessUserAdd',
      body: { representativeId: 7, accessRights: 3, accessList: { balanceInfo: 2, transfers: 3, history: 2, merchant: 0 }, permissions, requestId: 'intent-0001' },
    });
    expect(changeRequest({ ...draft, kind: 'removeUser', target: { userId: 12, name: 'Ana Pop', version: 4 } })).toEqual({ method: 'businessUserDelete', body: { userId: 12, version: 4, requestId: 'intent-0001' } });
    expect(changeRequest({ ...draft, kind: 'primaryEmail', target: { emailId: 5, name: 'billing@example.com' } })).toEqual({ method: 'companyEmailSetPrimary', body: { emailId: 5, requestId: 'intent-0001' } });
    // Ids and versions not given are sent as 0 (the service refuses them).
    expect(changeRequest({ ...draft, kind: 'removeUser', target: { name: 'Nobody' } }).body).toEqual({ userId: 0, version: 0, requestId: 'intent-0001' });
  });

  it('rights: the unchanged draft is not sent; PRESET, RIGHTS, LEVEL and FLAGS change it; confirmed at once → applied', async () => {
    const { actor, state, context, submitted, methods, child, moved } = run(rightsInput(), { replies: [{ approveType: 'none', status: 'completed' }] });
    expect(state()).toBe('drafted');
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(context()).toMatchObject({ kind: 'rights', access: viewer, initial: viewer, changeId: null, status: null, decision: null, outcome: null, error: null });
    expect(context().requestId).toMatch(UUID);
    actor.send({ type: 'SUBMIT' }); // identical to what the user has: nothing to send
    await settle();
    expect(state()).toBe('drafted');
    expect(submitted).toEqual([]);

    actor.send({ type: 'PRESET', preset: 'admin' });
    expect(context().access).toEqual(presetAccess('admin'));
    actor.send({ type: 'PRESET', preset: 'preparer' });
    expect(context().access).toEqual({ accessRights: 3, accessList: { balanceInfo: 2, transfers: 3, history: 2, merchant: 0 } });
    actor.send({ type: 'RIGHTS', level: 4 });
    expect(context().access).toEqual({ accessRights: 4, accessList: { balanceInfo: 2, transfers: 3, history: 2, merchant: 0 } });
    actor.send({ type: 'LEVEL', area: 'merchant', level: 1 });
    expect(context().access).toEqual({ accessRights: 4, accessList: { balanceInfo: 2, transfers: 3, history: 2, merchant: 1 } });
    actor.send({ type: 'FLAGS', permissions: { requestMoney: true, sendMoneyUser: false } });
    expect(context().permissions).toEqual({ requestMoney: true, sendMoneyUser: false });
    expect(context().initial).toEqual(viewer); // what it was read from stays

    const requestId = context().requestId;
    actor.send({ type: 'SUBMIT' });
    expect(state()).toBe('sending');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(methods).toEqual(['businessAccessRightsUpdate']);
    expect(submitted).toEqual([
      { userId: 12, accessRights: 4, accessList: { balanceInfo: 2, transfers: 3, history: 2, merchant: 1 }, permissions: { requestMoney: true, sendMoneyUser: false }, version: 3, requestId },
    ]);
    expect(child()?.getSnapshot().hasTag('success')).toBe(true);
    child()?.send({ type: 'CLOSE' });
    // The approval's popup said it; the author's part ends with the status.
    expect(state()).toBe('closed');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ status: 'applied' });
    expect(context()).toMatchObject({ status: 'applied', outcome: 'success' });
    expect(moved).toEqual(['moved']);
  });

  it('level 5 is never given unless held: from 1 it is not sent; from 5 it is kept when something else changes', async () => {
    const from1 = run(rightsInput(viewer));
    from1.actor.send({ type: 'RIGHTS', level: 5 });
    expect(from1.context().access.accessRights).toBe(5);
    from1.actor.send({ type: 'SUBMIT' });
    expect(from1.state()).toBe('drafted');
    // An area at 5 is refused the same way, the access right otherwise valid.
    from1.actor.send({ type: 'RIGHTS', level: 3 });
    from1.actor.send({ type: 'LEVEL', area: 'transfers', level: 5 });
    from1.actor.send({ type: 'SUBMIT' });
    expect(from1.state()).toBe('drafted');
    // A level the service does not know is refused too.
    from1.actor.send({ type: 'LEVEL', area: 'transfers', level: 6 });
    from1.actor.send({ type: 'SUBMIT' });
    expect(from1.state()).toBe('drafted');
    await settle();
    expect(from1.submitted).toEqual([]);

    const held = access(5); // transfers 5 as well
    const from5 = run(rightsInput(held), { replies: [{ approveType: 'none', status: 'completed' }] });
    from5.actor.send({ type: 'SUBMIT' }); // unchanged: nothing to send
    expect(from5.state()).toBe('drafted');
    from5.actor.send({ type: 'LEVEL', area: 'merchant', level: 1 });
    from5.actor.send({ type: 'SUBMIT' });
    expect(from5.state()).toBe('sending');
    await settle();
    expect(from5.submitted).toEqual([{ userId: 12, accessRights: 5, accessList: { balanceInfo: 2, transfers: 5, history: 2, merchant: 1 }, permissions: { sendMoneyUser: true }, version: 3, requestId: from5.context().requestId }]);
  });

  it('addUser: the access as read is sendable; another full-access user must approve (changeRequestId) → awaitingApproval', async () => {
    const { actor, state, context, submitted, methods, child, moved } = run(
      { kind: 'addUser', target: { representativeId: 7, name: 'Ion Pop' }, access: presetAccess('viewer') },
      { replies: [{ approveType: 'none', changeRequestId: 88 }] },
    );
    const requestId = context().requestId;
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(methods).toEqual(['businessUserAdd']);
    expect(submitted).toEqual([{ representativeId: 7, accessRights: 1, accessList: { balanceInfo: 1, transfers: 1, history: 1, merchant: 0 }, permissions: {}, requestId }]);
    expect(child()?.getSnapshot().hasTag('requested')).toBe(true);
    child()?.send({ type: 'CLOSE' });
    expect(state()).toBe('closed');
    expect(actor.getSnapshot().output).toEqual({ status: 'awaitingApproval' });
    expect(context()).toMatchObject({ status: 'awaitingApproval', outcome: 'requested' });
    expect(moved).toEqual(['moved']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('addUser without an access given: no access at all, still sendable', async () => {
    const { actor, context, submitted } = run({ kind: 'addUser', target: { representativeId: 9, name: 'Dan Pop' } }, { replies: [{ approveType: 'none', status: 'completed' }] });
    expect(context().access).toEqual({ accessRights: 0, accessList: { balanceInfo: 0, transfers: 0, history: 0, merchant: 0 } });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(submitted).toEqual([{ representativeId: 9, accessRights: 0, accessList: { balanceInfo: 0, transfers: 0, history: 0, merchant: 0 }, permissions: {}, requestId: context().requestId }]);
  });

  it('removeUser: confirmed by an SMS code → applied', async () => {
    const { actor, state, context, submitted, methods, child } = run({ kind: 'removeUser', target: { userId: 12, name: 'Ana Pop', version: 6 } }, { replies: [{ approveType: 'sms', operationId: 'op-1' }] });
    const requestId = context().requestId;
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(methods).toEqual(['businessUserDelete']);
    expect(submitted).toEqual([{ userId: 12, version: 6, requestId }]);
    expect(child()?.getSnapshot().hasTag('code')).toBe(true);
    child()?.send({ type: 'CODE', value: '123456' });
    child()?.send({ type: 'CONFIRM' });
    await settle();
    expect(state()).toBe('sending'); // the success popup is shown until it closes
    child()?.send({ type: 'CLOSE' });
    expect(state()).toBe('closed');
    expect(context()).toMatchObject({ status: 'applied', outcome: 'success' });
  });

  it('primaryEmail: a refused submit cancelled keeps the same intent; sent again with the same requestId', async () => {
    const { actor, state, context, submitted, methods, child, moved } = run({ kind: 'primaryEmail', target: { emailId: 5, name: 'billing@example.com' } }, { replies: ['fail', { approveType: 'none', status: 'completed' }] });
    const requestId = context().requestId;
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(child()?.getSnapshot().hasTag('submitFailed')).toBe(true);
    child()?.send({ type: 'CANCEL' });
    expect(state()).toBe('drafted');
    expect(context()).toMatchObject({ outcome: 'cancelled', requestId, status: null });
    expect(moved).toEqual(['moved']); // not known: the lists are read again
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(methods).toEqual(['companyEmailSetPrimary', 'companyEmailSetPrimary']);
    expect(submitted).toEqual([
      { emailId: 5, requestId },
      { emailId: 5, requestId },
    ]);
  });

  it('rejected on the phone (push) or failed: the draft stays as a new intent', async () => {
    const { actor, state, context, submitted, child, watched, moved } = run(rightsInput(), { replies: [{ approveType: 'push', operationId: 'op-2' }, { approveType: 'sms' }] });
    actor.send({ type: 'RIGHTS', level: 2 });
    const first = context().requestId;
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(child()?.getSnapshot().hasTag('push')).toBe(true);
    watched.send?.({ type: 'RESULT', result: { result: 'rejected', operationId: 'op-2' } });
    child()?.send({ type: 'CLOSE' });
    expect(state()).toBe('drafted');
    expect(context()).toMatchObject({ outcome: 'rejected', access: { accessRights: 2 }, status: null });
    const second = context().requestId;
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
    expect(moved).toEqual([]);

    // A reply without an operation id fails: again a new intent.
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(child()?.getSnapshot().hasTag('failed')).toBe(true);
    child()?.send({ type: 'CLOSE' });
    expect(state()).toBe('drafted');
    expect(context().outcome).toBe('failed');
    expect(context().requestId).not.toBe(second);
    expect((submitted as { requestId: string }[]).map((s) => s.requestId)).toEqual([first, second]);
  });

  it.each(['awaitingApproval', 'applied', 'declined', 'expired', 'failed'] as const)('a change read as %s starts there; CLOSE ends', (status) => {
    const { actor, state, context } = run(waiting(status));
    expect(state()).toBe(status);
    expect(context()).toMatchObject({ changeId: 41, status, kind: 'rights', access: { accessRights: 0 } });
    actor.send({ type: 'SUBMIT' });
    expect(state()).toBe(status);
    actor.send({ type: 'CLOSE' });
    expect(state()).toBe('closed');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('APPROVE decides with its own requestId → approved → the lists read again → applied (a failed read too)', async () => {
    const { actor, state, context, decided, reloads } = run(waiting(), { decisions: [{ status: 'applied' }] });
    const submitIntent = context().requestId;
    actor.send({ type: 'APPROVE' });
    expect(state()).toBe('deciding');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().hasTag('waiting')).toBe(true);
    expect(context().decision).toBe('approve');
    await settle();
    expect(decided).toEqual([{ changeId: 41, decision: 'approve', requestId: context().requestId }]);
    expect(decided[0]!.requestId).toMatch(UUID);
    expect(decided[0]!.requestId).not.toBe(submitIntent);
    expect(reloads()).toBe(1);
    expect(state()).toBe('applied');
    expect(context().status).toBe('applied');

    const failedRead = run(waiting(), { decisions: [{ status: 'applied' }], reloadFails: true });
    failedRead.actor.send({ type: 'APPROVE' });
    await settle();
    expect(failedRead.reloads()).toBe(1);
    expect(failedRead.state()).toBe('applied');
  });

  it('the decision answers the change as it stands: declined, expired, failed with its reason (or none)', async () => {
    const cases: [DecisionResult, string, unknown][] = [
      [{ status: 'declined' }, 'declined', null],
      [{ status: 'expired' }, 'expired', null],
      [{ status: 'failed', failureReason: 'The access changed meanwhile' }, 'failed', { text: 'The access changed meanwhile' }],
      [{ status: 'failed', failureReason: null }, 'failed', null],
      // Anything else the service says: ended as failed.
      [{ status: 'awaitingApproval' }, 'failed', null],
    ];
    for (const [answer, end, error] of cases) {
      const { actor, state, context, reloads } = run(waiting(), { decisions: [answer] });
      actor.send({ type: 'APPROVE' });
      await settle();
      expect(state()).toBe(end);
      expect(context()).toMatchObject({ status: end, error });
      expect(reloads()).toBe(0);
    }
  });

  it('a decision not known to have gone through waits with the reason; RETRY sends the same decision (same requestId)', async () => {
    const { actor, state, context, decided } = run(waiting(), { decisions: [{ throws: { text: 'Server is not available' } }, { throws: new Error('boom') }, { status: 'applied' }] });
    actor.send({ type: 'RETRY' }); // nothing decided yet: ignored
    expect(state()).toBe('awaitingApproval');
    actor.send({ type: 'APPROVE' });
    await settle();
    expect(state()).toBe('awaitingApproval');
    expect(context().error).toEqual({ text: 'Server is not available' });
    actor.send({ type: 'RETRY' });
    expect(context().error).toBeNull();
    await settle();
    expect(context().error).toEqual({ descriptor: expect.anything() }); // a bug is never shown as text
    actor.send({ type: 'RETRY' });
    await settle();
    expect(decided).toHaveLength(3);
    expect(decided[1]).toEqual(decided[0]);
    expect(decided[2]).toEqual(decided[0]);
    expect(state()).toBe('applied');
  });

  it('DECLINE asks first: CANCEL goes back; CONFIRM declines with a new requestId', async () => {
    const { actor, state, context, decided } = run(waiting(), { decisions: [{ throws: { text: 'Server is not available' } }, { status: 'declined' }] });
    actor.send({ type: 'APPROVE' });
    await settle();
    const approveIntent = context().requestId;
    actor.send({ type: 'DECLINE' });
    expect(state()).toBe('confirmingDecline');
    expect(actor.getSnapshot().hasTag('confirmDecline')).toBe(true);
    expect(context().error).toBeNull();
    actor.send({ type: 'CANCEL' });
    expect(state()).toBe('awaitingApproval');
    expect(decided).toHaveLength(1);
    actor.send({ type: 'DECLINE' });
    actor.send({ type: 'CONFIRM' });
    expect(state()).toBe('deciding');
    await settle();
    expect(decided[1]).toEqual({ changeId: 41, decision: 'decline', requestId: context().requestId });
    expect(decided[1]!.requestId).not.toBe(approveIntent);
    expect(state()).toBe('declined');
    expect(context().status).toBe('declined');
  });

  it.each(['applied', 'declined', 'expired', 'failed'] as const)('the list says it ended meanwhile: STATUS %s', (status) => {
    const { actor, state, context, decided } = run(waiting());
    actor.send({ type: 'STATUS', status: 'awaitingApproval' }); // still waiting: nothing changes
    expect(state()).toBe('awaitingApproval');
    actor.send({ type: 'STATUS', status });
    expect(state()).toBe(status);
    expect(context().status).toBe(status);
    expect(decided).toEqual([]);
  });

  it('CANCEL closes a draft without sending anything', async () => {
    const { actor, submitted } = run(rightsInput());
    actor.send({ type: 'RIGHTS', level: 2 });
    actor.send({ type: 'CANCEL' });
    await settle();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().status).toBe('done');
    expect(submitted).toEqual([]);
  });

  expectFullCoverage(coverage);
});
