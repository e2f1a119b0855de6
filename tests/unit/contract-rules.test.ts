// @vitest-environment node
import {
  allowedActions,
  CONTRACT_ACTIONS,
  CONTRACT_DEFAULT_PAGE_SIZE,
  CONTRACT_PAGE_SIZE,
  CONTRACT_STATUSES,
  CONTRACT_TABS,
  contractRights,
  identifiesNow,
  isContractStatus,
  isFinalStatus,
  isPercentage,
  waitsForIdentification,
  mayAct,
  nextStatus,
  partyOf,
  tabDirection,
  tabsOf,
  type ContractEvent,
  type ContractParty,
  type ContractStatus,
} from '@machines/contracts/contract.rules';

/** Smart contracts (issue 58): every status × action × party, every status × event, the tabs. */

const INITIATOR: ContractParty = { initiator: true, payer: true, terminationAuthor: false };
const COUNTERPARTY: ContractParty = { initiator: false, payer: false, terminationAuthor: false };
const AUTHOR: ContractParty = { initiator: false, payer: true, terminationAuthor: true };
const INITIATOR_AUTHOR: ContractParty = { initiator: true, payer: false, terminationAuthor: true };

/** The decided table, written out by hand: status → party → the actions allowed (sign before checkSigner). */
const TABLE: Record<ContractStatus, Record<'initiator' | 'counterparty' | 'author' | 'initiatorAuthor', string>> = {
  UNSIGNED: { initiator: 'sign cancel', counterparty: 'sign reject', author: 'sign reject', initiatorAuthor: 'sign cancel' },
  WAITING: { initiator: 'sign cancel', counterparty: 'sign reject', author: 'sign reject', initiatorAuthor: 'sign cancel' },
  NEED_IDENTIFICATION: { initiator: '', counterparty: '', author: '', initiatorAuthor: '' },
  SIGNED: { initiator: '', counterparty: '', author: '', initiatorAuthor: '' },
  ACTIVE: { initiator: 'terminate', counterparty: 'terminate', author: 'terminate', initiatorAuthor: 'terminate' },
  TERMINATING: { initiator: '', counterparty: '', author: 'terminateCancel terminateNow', initiatorAuthor: 'terminateCancel terminateNow' },
  EXPIRED: { initiator: '', counterparty: '', author: '', initiatorAuthor: '' },
  TERMINATED: { initiator: '', counterparty: '', author: '', initiatorAuthor: '' },
  CANCELLED: { initiator: '', counterparty: '', author: '', initiatorAuthor: '' },
  REJECTED: { initiator: '', counterparty: '', author: '', initiatorAuthor: '' },
};
const PARTIES = { initiator: INITIATOR, counterparty: COUNTERPARTY, author: AUTHOR, initiatorAuthor: INITIATOR_AUTHOR } as const;

describe('who may do what (mayAct, allowedActions)', () => {
  for (const status of CONTRACT_STATUSES) {
    for (const [name, party] of Object.entries(PARTIES) as [keyof typeof PARTIES, ContractParty][]) {
      it(`${status}, ${name}: ${TABLE[status][name] || 'nothing'}`, () => {
        const expected = TABLE[status][name].split(' ').filter(Boolean);
        expect(CONTRACT_ACTIONS.filter((action) => mayAct(action, status, party))).toEqual(expected);
        expect(allowedActions(status, party, true)).toEqual(expected);
        // Sign only when the service says this viewer can sign (checkSigner).
        expect(allowedActions(status, party, false)).toEqual(expected.filter((action) => action !== 'sign'));
      });
    }
  }
  it('being the payer or the beneficiary changes nothing (the table is by initiator and author)', () => {
    for (const status of CONTRACT_STATUSES) {
      for (const party of Object.values(PARTIES)) expect(allowedActions(status, { ...party, payer: !party.payer }, true)).toEqual(allowedActions(status, party, true));
    }
  });
});

describe('what each event leads to (nextStatus)', () => {
  const sign = (bothSigned: boolean, identificationNeeded = false, started = false): ContractEvent => ({ type: 'sign', bothSigned, identificationNeeded, started });
  const E = {
    firstSign: sign(false),
    lastSign: sign(true),
    lastSignStarted: sign(true, false, true),
    lastSignUnidentified: sign(true, true, true),
    cancel: { type: 'cancel' },
    reject: { type: 'reject' },
    terminate: { type: 'terminate' },
    terminateCancel: { type: 'terminateCancel' },
    terminateNow: { type: 'terminateNow' },
    identified: { type: 'identified', started: false },
    identifiedStarted: { type: 'identified', started: true },
    activeFromReached: { type: 'activeFromReached' },
    activeToReached: { type: 'activeToReached' },
    terminationDue: { type: 'terminationDue' },
  } satisfies Record<string, ContractEvent>;
  const LEADS: Record<ContractStatus, Partial<Record<keyof typeof E, ContractStatus>>> = {
    UNSIGNED: { firstSign: 'WAITING', lastSign: 'SIGNED', lastSignStarted: 'ACTIVE', lastSignUnidentified: 'NEED_IDENTIFICATION', cancel: 'CANCELLED', reject: 'REJECTED' },
    WAITING: { lastSign: 'SIGNED', lastSignStarted: 'ACTIVE', lastSignUnidentified: 'NEED_IDENTIFICATION', cancel: 'CANCELLED', reject: 'REJECTED' },
    NEED_IDENTIFICATION: { identified: 'SIGNED', identifiedStarted: 'ACTIVE' },
    SIGNED: { activeFromReached: 'ACTIVE' },
    ACTIVE: { terminate: 'TERMINATING', activeToReached: 'EXPIRED' },
    TERMINATING: { terminateCancel: 'ACTIVE', terminateNow: 'TERMINATED', terminationDue: 'TERMINATED', activeToReached: 'EXPIRED' },
    EXPIRED: {},
    TERMINATED: {},
    CANCELLED: {},
    REJECTED: {},
  };
  for (const status of CONTRACT_STATUSES) {
    for (const [name, event] of Object.entries(E) as [keyof typeof E, ContractEvent][]) {
      const to = LEADS[status][name] ?? null;
      it(`${status} + ${name} → ${to ?? 'no change'}`, () => expect(nextStatus(status, event)).toBe(to));
    }
  }
  it('a final status takes nothing; every other one has a way on', () => {
    for (const status of CONTRACT_STATUSES) expect(isFinalStatus(status)).toBe(Object.keys(LEADS[status]).length === 0);
  });
  it('an action a table allows always leads somewhere (nothing offered that the service would refuse)', () => {
    const events: Record<string, ContractEvent> = { sign: E.lastSign, cancel: E.cancel, reject: E.reject, terminate: E.terminate, terminateCancel: E.terminateCancel, terminateNow: E.terminateNow };
    for (const status of CONTRACT_STATUSES) {
      for (const party of Object.values(PARTIES)) for (const action of allowedActions(status, party, true)) expect(nextStatus(status, events[action]!)).not.toBeNull();
    }
  });
});

describe('the viewer\'s part (partyOf)', () => {
  it.each([
    [{ initiatorId: 7, direction: 'PAY' as const }, 7, { initiator: true, payer: true, terminationAuthor: false }],
    [{ initiatorId: 7, direction: 'RECEIVE' as const }, 8, { initiator: false, payer: false, terminationAuthor: false }],
    [{ initiatorId: 7, direction: 'RECEIVE' as const, terminateInfo: { terminatedBy: 8 } }, 8, { initiator: false, payer: false, terminationAuthor: true }],
    [{ initiatorId: 7, direction: 'PAY' as const, terminateInfo: { terminatedBy: 8 } }, 7, { initiator: true, payer: true, terminationAuthor: false }],
    [{ initiatorId: 7, direction: 'PAY' as const, terminateInfo: null }, 7, { initiator: true, payer: true, terminationAuthor: false }],
    [{ initiatorId: 7, direction: 'PAY' as const, terminateInfo: { terminatedBy: null } }, 7, { initiator: true, payer: true, terminationAuthor: false }],
  ])('%j seen by %d', (contract, viewer, party) => expect(partyOf(contract, viewer)).toEqual(party));
});

describe('who may read or act on the acting customer\'s contracts (contractRights)', () => {
  it.each([
    [{ kind: 'personal' as const, merchantLevel: undefined }, 'act'],
    [{ kind: 'business' as const, merchantLevel: undefined }, 'act'],
    [{ kind: 'business' as const, merchantLevel: 2 }, 'act'],
    [{ kind: 'business' as const, merchantLevel: 1 }, 'read'],
    [{ kind: 'business' as const, merchantLevel: 0 }, 'none'],
    [{ kind: 'employee' as const, merchantLevel: 2 }, 'act'],
    [{ kind: 'employee' as const, merchantLevel: 1 }, 'read'],
    [{ kind: 'employee' as const, merchantLevel: 3 }, 'read'],
    [{ kind: 'employee' as const, merchantLevel: 0 }, 'none'],
    [{ kind: 'employee' as const, merchantLevel: undefined }, 'none'],
    [{ kind: 'admin' as const, merchantLevel: 1 }, 'read'],
    [{ kind: 'admin' as const, merchantLevel: 2 }, 'read'],
    [{ kind: 'admin' as const, merchantLevel: undefined }, 'read'],
  ])('%j → %s', (facts, rights) => expect(contractRights(facts)).toBe(rights));
});

describe('the list', () => {
  it('statuses, tabs, sizes', () => {
    expect(CONTRACT_STATUSES).toHaveLength(10);
    expect(isContractStatus('ACTIVE')).toBe(true);
    expect(isContractStatus('active')).toBe(false);
    expect(CONTRACT_TABS).toEqual(['total', 'requests', 'pending', 'active', 'ended', 'pay', 'receive']);
    expect([CONTRACT_PAGE_SIZE, CONTRACT_DEFAULT_PAGE_SIZE]).toEqual([1000, 100]);
    expect([tabDirection('pay'), tabDirection('receive'), tabDirection('total')]).toEqual(['PAY', 'RECEIVE', null]);
  });
  it.each([
    [{ status: 'UNSIGNED', direction: 'PAY' }, ['total', 'requests', 'pay']],
    [{ status: 'WAITING', direction: 'RECEIVE' }, ['total', 'requests', 'receive']],
    [{ status: 'NEED_IDENTIFICATION', direction: 'PAY' }, ['total', 'pending', 'pay']],
    [{ status: 'SIGNED', direction: 'RECEIVE' }, ['total', 'pending', 'receive']],
    [{ status: 'ACTIVE', direction: 'PAY' }, ['total', 'active', 'pay']],
    [{ status: 'TERMINATING', direction: 'RECEIVE' }, ['total', 'active', 'receive']],
    [{ status: 'EXPIRED', direction: 'PAY' }, ['total', 'ended', 'pay']],
    [{ status: 'TERMINATED', direction: 'PAY' }, ['total', 'ended', 'pay']],
    [{ status: 'CANCELLED', direction: 'RECEIVE' }, ['total', 'ended', 'receive']],
    [{ status: 'REJECTED', direction: 'RECEIVE' }, ['total', 'ended', 'receive']],
  ] as const)('%j counts in %j', (contract, tabs) => expect(tabsOf(contract)).toEqual(tabs));
  it.each([
    ['0', false],
    ['0.00', false],
    ['0.01', true],
    ['50', true],
    ['99.99', true],
    ['100', true],
    ['100.00', true],
    ['100.01', false],
    ['101', false],
    ['-1', false],
    ['1.234', false],
    ['1,5', false],
    ['', false],
    ['abc', false],
  ])('percentage %j: %s', (text, right) => expect(isPercentage(text)).toBe(right));
});

describe('the payer\'s identification (waitsForIdentification, identifiesNow; issue 59)', () => {
  it.each(CONTRACT_STATUSES.flatMap((status) => (['NEW', 'PROCESSING', 'FAILED', 'SUCCESS'] as const).map((identification) => [status, identification] as const)))(
    '%s with the identification %s: waits only while NEED_IDENTIFICATION and not passed',
    (status, identification) => {
      expect(waitsForIdentification(status, identification)).toBe(status === 'NEED_IDENTIFICATION' && identification !== 'SUCCESS');
    },
  );

  it.each([
    ['the payer who acts, not started', 'NEED_IDENTIFICATION', 'NEW', 'act', true],
    ['the payer who acts, failed', 'NEED_IDENTIFICATION', 'FAILED', 'act', true],
    ['the payer who acts, under way', 'NEED_IDENTIFICATION', 'PROCESSING', 'act', true],
    ['the payer, passed (the contract moves on)', 'NEED_IDENTIFICATION', 'SUCCESS', 'act', false],
    ['the payer who only reads', 'NEED_IDENTIFICATION', 'NEW', 'read', false],
    ['the beneficiary (no identificationStatus given)', 'NEED_IDENTIFICATION', null, 'act', false],
    ['the payer of a signed contract', 'SIGNED', 'SUCCESS', 'act', false],
    ['the payer before the signatures', 'WAITING', 'NEW', 'act', false],
  ] as const)('%s: %s', (_, status, identificationStatus, rights, expected) => {
    expect(identifiesNow({ status, identificationStatus }, rights)).toBe(expected);
  });
});
