// @vitest-environment node
import {
  ACCESS_AREAS,
  ACCESS_RIGHTS,
  CHANGE_EXPIRY_DAYS,
  FULL_ACCESS,
  HIDDEN_ACCESS_RIGHT,
  POSITION,
  POSITION_IDS,
  REPRESENTATIVE_DOCUMENTS,
  accessListFor,
  changeExpiresAt,
  changeStatusAt,
  cleanEmailCode,
  confirmationOf,
  decideRefusal,
  deleteModeOffered,
  deleteRefusal,
  personDeleteRefusal,
  editRefusal,
  emailActions,
  emailStateOf,
  fullUserCount,
  hasFullRights,
  isAccessLevel,
  isDirector,
  isEmailCodeComplete,
  isLastFullUser,
  isShareholder,
  isUltimateOwner,
  lastFullUserProblem,
  levelOptions,
  mayAssignLevel,
  mayManage,
  newEmailProblem,
  positionIdsOf,
  presetAccess,
  presetOf,
  representativeActions,
  representativeNeedsAction,
  rolesOf,
  sameAccess,
  type AccessArea,
  type AccessList,
  type ChangeStatus,
  type CompanyUserFacts,
  type DeleteMode,
  type PeopleEditor,
  type RepresentativeDocument,
  type RepresentativeDocumentStatuses,
  type UserAccess,
} from '@machines/business/company-access.rules';

/**
 * The company's people and who may do what (issue 54): levels, presets, roles by position id, the
 * representative action flag, who edits, removes and deletes whom, the last full-access user,
 * permission changes (no self-approval, expiry) and the company's e-mails, each branch and boundary.
 */

const DAY_MS = 86_400_000;
const list = (balanceInfo: number, transfers: number, history: number, merchant: number): AccessList => ({ balanceInfo, transfers, history, merchant });
const access = (accessRights: number, accessList: AccessList = accessListFor(accessRights)): UserAccess => ({ accessRights, accessList });
const user = (userId: number, accessRights: number): CompanyUserFacts => ({ userId, ...access(accessRights) });
const editor = (over: Partial<PeopleEditor> = {}): PeopleEditor => ({ userId: 1, isAdmin: false, accessRights: FULL_ACCESS, ...over });
const NOT_FULL_LEVELS = [0, 1, 3, 4, 5] as const;
const NON_WAITING = ['applied', 'declined', 'expired', 'failed'] as const;

describe('the levels', () => {
  it('0 to 5; 2 is full; 5 is the hidden one', () => {
    expect(ACCESS_RIGHTS).toEqual([0, 1, 2, 3, 4, 5]);
    expect(FULL_ACCESS).toBe(2);
    expect(HIDDEN_ACCESS_RIGHT).toBe(5);
    expect(ACCESS_AREAS).toEqual(['balanceInfo', 'transfers', 'history', 'merchant']);
  });

  it.each([
    [0, true],
    [1, true],
    [2, true],
    [3, true],
    [4, true],
    [5, true],
    [-0, true],
    [6, false],
    [-1, false],
    [2.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    ['2', false],
    [null, false],
    [undefined, false],
    [true, false],
    [[2], false],
  ] as const)('isAccessLevel(%j) → %j', (value, expected) => {
    expect(isAccessLevel(value)).toBe(expected);
  });
});

describe('the levels a select offers (levelOptions)', () => {
  const choosable = [0, 1, 2, 3, 4].map((value) => ({ value, disabled: false }));
  it.each([[null], [0], [1], [2], [3], [4]] as const)('held %j → 0 to 4, all choosable, no 5', (held) => {
    expect(levelOptions(held)).toEqual(choosable);
  });
  it('held 5 → 0 to 4 choosable, then 5 shown but disabled', () => {
    expect(levelOptions(5)).toEqual([...choosable, { value: 5, disabled: true }]);
  });
  it.each([[6], [-1]] as const)('held %j (not a level) → 0 to 4 only', (held) => {
    expect(levelOptions(held)).toEqual(choosable);
  });
});

describe('whether a level may be given (mayAssignLevel)', () => {
  describe.each([[null], [0], [1], [2], [3], [4], [5]] as const)('held %j', (held) => {
    it.each([0, 1, 2, 3, 4, 5] as const)('level %j', (level) => {
      expect(mayAssignLevel(level, held)).toBe(level !== 5 || held === 5);
    });
  });

  it.each([
    ['6', 6],
    ['-1', -1],
    ['2.5', 2.5],
    ['NaN', Number.NaN],
    ['the string "2"', '2'],
    ['null', null],
    ['undefined', undefined],
  ] as const)('%s is never given, even when 5 is held', (_, level) => {
    expect(mayAssignLevel(level as unknown as number, 5)).toBe(false);
    expect(mayAssignLevel(level as unknown as number, null)).toBe(false);
  });
});

describe('the areas that follow from an access right (accessListFor)', () => {
  it.each([
    [0, list(0, 0, 0, 0)],
    [1, list(1, 1, 1, 0)],
    [2, list(2, 2, 2, 2)],
    [3, list(2, 3, 2, 0)],
    [4, list(2, 4, 2, 0)],
    [5, list(2, 5, 2, 0)],
    // Not levels: the code does not check, they fall to the last branch.
    [6, list(2, 6, 2, 0)],
    [-1, list(2, -1, 2, 0)],
  ] as const)('%j → %j', (accessRights, expected) => {
    expect(accessListFor(accessRights)).toEqual(expected);
  });

  it('each call gives a fresh object', () => {
    const first = accessListFor(2);
    first.merchant = 0;
    expect(accessListFor(2).merchant).toBe(2);
  });
});

describe('presets (presetAccess, presetOf, sameAccess)', () => {
  it.each([
    ['admin', access(2, list(2, 2, 2, 2))],
    ['viewer', access(1, list(1, 1, 1, 0))],
    ['preparer', access(3, list(2, 3, 2, 0))],
  ] as const)('%s gives %j', (preset, expected) => {
    expect(presetAccess(preset)).toEqual(expected);
  });

  it.each(['admin', 'viewer', 'preparer'] as const)('%s’s own access is %s again', (preset) => {
    expect(presetOf(presetAccess(preset))).toBe(preset);
  });

  describe.each(['admin', 'viewer', 'preparer'] as const)('a near miss of %s', (preset) => {
    it.each(ACCESS_AREAS)('one level off in %s → custom', (area: AccessArea) => {
      const wanted = presetAccess(preset);
      const near = { ...wanted, accessList: { ...wanted.accessList, [area]: wanted.accessList[area] === 0 ? 1 : wanted.accessList[area] - 1 } };
      expect(presetOf(near)).toBe('custom');
    });
    it('the same areas with another access right → custom', () => {
      const wanted = presetAccess(preset);
      expect(presetOf({ ...wanted, accessRights: wanted.accessRights === 4 ? 0 : 4 })).toBe('custom');
    });
  });

  it.each([
    ['none', access(0), 'custom'],
    ['initiate', access(4), 'custom'],
    ['uploading', access(5), 'custom'],
    ['a full right with no areas', access(2, list(0, 0, 0, 0)), 'custom'],
  ] as const)('%s → %s', (_, given, expected) => {
    expect(presetOf(given)).toBe(expected);
  });

  it('the same access, another object → same', () => {
    expect(sameAccess(access(3), access(3, list(2, 3, 2, 0)))).toBe(true);
    expect(sameAccess(access(0), access(0))).toBe(true);
  });
  it('another access right → not the same', () => {
    expect(sameAccess(access(3, list(2, 3, 2, 0)), access(4, list(2, 3, 2, 0)))).toBe(false);
  });
  it.each(ACCESS_AREAS)('another %s level → not the same', (area: AccessArea) => {
    const a = access(2);
    expect(sameAccess(a, { ...a, accessList: { ...a.accessList, [area]: 1 } })).toBe(false);
    expect(sameAccess({ ...a, accessList: { ...a.accessList, [area]: 1 } }, a)).toBe(false);
  });

  it.each([
    [0, false],
    [1, false],
    [2, true],
    [3, false],
    [4, false],
    [5, false],
  ] as const)('hasFullRights with %j → %j', (accessRights, expected) => {
    expect(hasFullRights({ accessRights })).toBe(expected);
  });
});

describe('roles by position id (rolesOf, positionIdsOf, isDirector, isShareholder, isUltimateOwner)', () => {
  it('the position ids', () => {
    expect(POSITION).toEqual({ director: 2, shareholder: 6, corporateShareholder: 9, ultimateOwner: 8 });
    expect([...POSITION_IDS].sort((a, b) => a - b)).toEqual([2, 6, 8, 9]);
  });

  describe.each([[true], [false]] as const)('isUser %j', (isUser) => {
    it.each([
      ['director alone', [2], ['director']],
      ['person shareholder alone', [6], ['shareholder']],
      ['company shareholder alone', [9], ['shareholder']],
      ['6 and 9: one shareholder', [6, 9], ['shareholder']],
      ['9 and 6: one shareholder', [9, 6], ['shareholder']],
      ['ultimate owner alone', [8], ['ultimateOwner']],
      ['all, given out of order: the fixed order', [8, 9, 2], ['director', 'shareholder', 'ultimateOwner']],
      ['director and ultimate owner', [8, 2], ['director', 'ultimateOwner']],
      ['shareholder and ultimate owner', [8, 6], ['shareholder', 'ultimateOwner']],
      ['director and shareholder, with an unknown id', [6, 1, 2], ['director', 'shareholder']],
      ['a repeated id once', [2, 2], ['director']],
    ] as const)('%s', (_, ids, expected) => {
      expect(rolesOf(ids, isUser)).toEqual(expected);
    });
  });

  it.each([
    ['no ids, a user', [], true, ['authorisedUser']],
    ['no ids, not a user', [], false, ['other']],
    ['unknown ids only, a user', [1, 3, 7, 10], true, ['authorisedUser']],
    ['unknown ids only, not a user', [1, 3, 7, 10], false, ['other']],
  ] as const)('%s', (_, ids, isUser, expected) => {
    expect(rolesOf(ids, isUser)).toEqual(expected);
  });

  it.each([
    [false, false, false, [], []],
    [true, false, false, [2], []],
    [false, true, false, [6], [9]],
    [false, false, true, [8], []],
    [true, true, false, [2, 6], [9]],
    [true, false, true, [2, 8], []],
    [false, true, true, [6, 8], [9]],
    [true, true, true, [2, 6, 8], [9]],
  ] as const)('director %j, shareholder %j, ultimate owner %j → a person %j, a company %j', (director, shareholder, ultimateOwner, person, company) => {
    expect(positionIdsOf({ director, shareholder, ultimateOwner }, 'person')).toEqual(person);
    expect(positionIdsOf({ director, shareholder, ultimateOwner }, 'company')).toEqual(company);
  });

  it.each([
    [[], false, false, false],
    [[2], true, false, false],
    [[6], false, true, false],
    [[9], false, true, false],
    [[8], false, false, true],
    [[2, 6, 8], true, true, true],
    [[1, 3, 7], false, false, false],
  ] as const)('%j → director %j, shareholder %j, ultimate owner %j', (ids, director, shareholder, ultimateOwner) => {
    expect(isDirector(ids)).toBe(director);
    expect(isShareholder(ids)).toBe(shareholder);
    expect(isUltimateOwner(ids)).toBe(ultimateOwner);
  });
});

describe('the representative action flag (representativeActions, representativeNeedsAction)', () => {
  const FIELD: Record<RepresentativeDocument, keyof RepresentativeDocumentStatuses> = {
    address: 'addressDocumentStatus',
    identity: 'identityDocumentStatus',
    control: 'controlDocumentStatus',
  };
  const statuses = (address: number | null, identity: number | null, control: number | null): RepresentativeDocumentStatuses => ({
    addressDocumentStatus: address,
    identityDocumentStatus: identity,
    controlDocumentStatus: control,
  });

  it('the documents, in order', () => {
    expect(REPRESENTATIVE_DOCUMENTS).toEqual(['address', 'identity', 'control']);
  });

  describe.each(REPRESENTATIVE_DOCUMENTS)('the %s document alone', (doc) => {
    it.each([
      [null, false],
      [0, true],
      [1, false],
      [2, false],
      [3, true],
      [4, true],
      [5, true],
      [-1, true],
    ] as const)('status %j → needs action: %j', (status, needs) => {
      const given = { ...statuses(null, null, null), [FIELD[doc]]: status };
      expect(representativeActions(given)).toEqual(needs ? [doc] : []);
      expect(representativeNeedsAction(given)).toBe(needs);
    });
  });

  it.each([
    ['all unset', statuses(null, null, null), []],
    ['all submitted', statuses(1, 1, 1), []],
    ['all confirmed', statuses(2, 2, 2), []],
    ['submitted, confirmed, unset', statuses(1, 2, null), []],
    ['all missing: in order', statuses(0, 0, 0), ['address', 'identity', 'control']],
    ['address missing, control refused', statuses(0, 2, 3), ['address', 'control']],
    ['identity expired, the rest confirmed', statuses(2, 4, 2), ['identity']],
    ['identity refused, address submitted, control unset', statuses(1, 3, null), ['identity']],
    ['control expired, the rest unset', statuses(null, null, 4), ['control']],
    ['each in its own way', statuses(3, 4, 0), ['address', 'identity', 'control']],
  ] as const)('%s → %j', (_, given, expected) => {
    expect(representativeActions(given)).toEqual(expected);
    expect(representativeNeedsAction(given)).toBe(expected.length > 0);
  });
});

describe('who edits a user (editRefusal, mayManage)', () => {
  it.each([
    ['an admin with full rights, on someone else', editor({ isAdmin: true }), 2, 'admin'],
    ['an admin with full rights, on themselves', editor({ isAdmin: true }), 1, 'admin'],
    ['an admin without full rights', editor({ isAdmin: true, accessRights: 0 }), 2, 'admin'],
    ...NOT_FULL_LEVELS.map((accessRights) => [`a user with ${accessRights}, on someone else`, editor({ accessRights }), 2, 'notFull'] as const),
    ...NOT_FULL_LEVELS.map((accessRights) => [`a user with ${accessRights}, on themselves`, editor({ accessRights }), 1, 'notFull'] as const),
    ['a full-access user, on themselves', editor(), 1, 'self'],
    ['a full-access user, on someone else', editor(), 2, null],
  ] as const)('%s → %j', (_, who, target, expected) => {
    expect(editRefusal(who, target)).toBe(expected);
  });

  it.each([
    ['an admin with full rights', editor({ isAdmin: true }), false],
    ['an admin without', editor({ isAdmin: true, accessRights: 1 }), false],
    ['a full-access user', editor(), true],
    ...NOT_FULL_LEVELS.map((accessRights) => [`a user with ${accessRights}`, editor({ accessRights }), false] as const),
  ] as const)('%s manages: %j', (_, who, expected) => {
    expect(mayManage(who)).toBe(expected);
  });
});

describe('the last full-access user (fullUserCount, lastFullUserProblem, isLastFullUser)', () => {
  it.each([
    ['nobody', [], 0],
    ['one full', [2], 1],
    ['one of each level', [0, 1, 2, 3, 4, 5], 1],
    ['two full among others', [2, 0, 2, 5], 2],
    ['three full', [2, 2, 2], 3],
    ['none full', [0, 1, 3, 4, 5], 0],
  ] as const)('%s → %j', (_, levels, expected) => {
    expect(fullUserCount(levels.map((accessRights) => ({ accessRights })))).toBe(expected);
  });

  const onlyFull = [user(1, 2), user(2, 1), user(3, 0)];
  const twoFull = [user(1, 2), user(2, 1), user(4, 2)];
  const noneFull = [user(2, 1), user(3, 0), user(5, 5)];

  it.each([
    ...NOT_FULL_LEVELS.map((level) => [`the only full user lowered to ${level}`, onlyFull, 1, access(level), 'lastFullUser'] as const),
    ['the only full user removed', onlyFull, 1, null, 'lastFullUser'],
    ['the only full user alone in the company, removed', [user(1, 2)], 1, null, 'lastFullUser'],
    ['the only full user kept full', onlyFull, 1, access(2), null],
    ['the only full user kept full with fewer areas', onlyFull, 1, access(2, list(1, 1, 1, 0)), null],
    ['one of two full users lowered', twoFull, 1, access(1), null],
    ['the other of two full users lowered', twoFull, 4, access(0), null],
    ['one of two full users removed', twoFull, 4, null, null],
    ['a non-full user removed', onlyFull, 2, null, null],
    ['a non-full user changed', onlyFull, 3, access(4), null],
    ['someone raised to full', onlyFull, 2, access(2), null],
    ['nobody full, a user removed', noneFull, 2, null, null],
    ['nobody full, a user lowered', noneFull, 2, access(0), null],
    ['nobody full, someone raised', noneFull, 3, access(2), null],
    ['an unknown user removed', onlyFull, 99, null, null],
    ['an unknown user given a level', onlyFull, 99, access(0), null],
  ] as const)('%s → %j', (_, users, target, next, expected) => {
    expect(lastFullUserProblem(users, target, next)).toBe(expected);
  });

  it('does not change the list it is given', () => {
    const users = [user(1, 2), user(2, 1)];
    const before = structuredClone(users);
    lastFullUserProblem(users, 1, access(0));
    lastFullUserProblem(users, 1, null);
    expect(users).toEqual(before);
  });

  it.each([
    ['the only full user', onlyFull, 1, true],
    ['the only user, full', [user(1, 2)], 1, true],
    ['a non-full user beside the only full one', onlyFull, 2, false],
    ['one of two full users', twoFull, 1, false],
    ['the other of two', twoFull, 4, false],
    ['nobody full', noneFull, 2, false],
    ['an unknown user', onlyFull, 99, false],
    ['no users', [], 1, false],
  ] as const)('%s → %j', (_, users, userId, expected) => {
    expect(isLastFullUser(users, userId)).toBe(expected);
  });
});

describe('deleting a representative (deleteRefusal, deleteModeOffered)', () => {
  const EDITORS = {
    admin: editor({ isAdmin: true }),
    full: editor(),
    notFull: editor({ accessRights: 1 }),
  } as const;
  type Kind = keyof typeof EDITORS;
  const expectedOf = (mode: DeleteMode, kind: Kind, isUser: boolean, documentCount: number) => {
    const allowed = mode === 'force' ? kind === 'admin' : kind === 'full';
    if (!allowed) return 'notAllowed';
    if (isUser) return 'isUser';
    if (mode === 'delete' && documentCount > 0) return 'hasDocuments';
    return null;
  };
  const cases = (['delete', 'force'] as const).flatMap((mode) =>
    (['admin', 'full', 'notFull'] as const).flatMap((kind) => [true, false].flatMap((isUser) => [0, 1].map((documentCount) => [mode, kind, isUser, documentCount, expectedOf(mode, kind, isUser, documentCount)] as const))),
  );

  it('the matrix holds 24 cases, each refusal among them', () => {
    expect(cases).toHaveLength(24);
    expect(new Set(cases.map((c) => c[4]))).toEqual(new Set(['notAllowed', 'isUser', 'hasDocuments', null]));
  });

  it.each(cases)('%s by %s, isUser %j, %j documents → %j', (mode, kind, isUser, documentCount, expected) => {
    expect(deleteRefusal(EDITORS[kind], { isUser, documentCount }, mode)).toBe(expected);
  });

  it.each(cases.filter((c) => c[1] !== 'notFull' && c[4] !== 'notAllowed'))('the person part (personDeleteRefusal): %s by %s, isUser %j, %j documents → %j', (mode, _kind, isUser, documentCount, expected) => {
    expect(personDeleteRefusal({ isUser, documentCount }, mode)).toBe(expected);
  });

  it.each([
    ['an admin without full rights forces', editor({ isAdmin: true, accessRights: 0 }), { isUser: false, documentCount: 3 }, 'force', null],
    ['an admin without full rights, a user', editor({ isAdmin: true, accessRights: 0 }), { isUser: true, documentCount: 0 }, 'force', 'isUser'],
    ['a full-access user, many documents', editor(), { isUser: false, documentCount: 12 }, 'delete', 'hasDocuments'],
    ...NOT_FULL_LEVELS.map((accessRights) => [`a user with ${accessRights} deletes`, editor({ accessRights }), { isUser: false, documentCount: 0 }, 'delete', 'notAllowed'] as const),
    ...NOT_FULL_LEVELS.map((accessRights) => [`a user with ${accessRights} forces`, editor({ accessRights }), { isUser: false, documentCount: 0 }, 'force', 'notAllowed'] as const),
  ] as const)('%s → %j', (_, who, person, mode, expected) => {
    expect(deleteRefusal(who, person, mode)).toBe(expected);
  });

  it.each([
    ['an admin with full rights', editor({ isAdmin: true }), 'force'],
    ['an admin without', editor({ isAdmin: true, accessRights: 0 }), 'force'],
    ['a full-access user', editor(), 'delete'],
    ...NOT_FULL_LEVELS.map((accessRights) => [`a user with ${accessRights}`, editor({ accessRights }), null] as const),
  ] as const)('%s is offered %j', (_, who, expected) => {
    expect(deleteModeOffered(who)).toBe(expected);
  });
});

describe('permission changes (confirmationOf, changeStatusAt, changeExpiresAt, decideRefusal)', () => {
  it.each([
    ['no users', [], 'approvalMode'],
    ['no full user', [0, 1, 3, 4, 5], 'approvalMode'],
    ['one full user', [2], 'approvalMode'],
    ['one full user among others', [2, 0, 1, 5], 'approvalMode'],
    ['two full users', [2, 2], 'anotherApprover'],
    ['two full users among others', [1, 2, 0, 2], 'anotherApprover'],
    ['three full users', [2, 2, 2], 'anotherApprover'],
  ] as const)('%s → %s', (_, levels, expected) => {
    expect(confirmationOf(levels.map((accessRights) => ({ accessRights })))).toBe(expected);
  });

  const createdAt = '2026-03-01T10:00:00.000Z';
  const created = Date.parse(createdAt);
  const WEEK = CHANGE_EXPIRY_DAYS * DAY_MS;

  it('a week is seven days', () => {
    expect(CHANGE_EXPIRY_DAYS).toBe(7);
  });

  it.each([
    ['before it was made', created - 1, 'awaitingApproval'],
    ['the moment it was made', created, 'awaitingApproval'],
    ['six days later', created + 6 * DAY_MS, 'awaitingApproval'],
    ['7 days minus 1 ms', created + WEEK - 1, 'awaitingApproval'],
    ['exactly 7 days', created + WEEK, 'expired'],
    ['7 days plus 1 ms', created + WEEK + 1, 'expired'],
    ['a year later', created + 365 * DAY_MS, 'expired'],
  ] as const)('waiting, %s → %s', (_, now, expected) => {
    expect(changeStatusAt({ status: 'awaitingApproval', createdAt }, now)).toBe(expected);
  });

  it('waiting, made with an offset: counted from the instant', () => {
    const made = '2026-03-01T12:00:00+02:00';
    expect(changeStatusAt({ status: 'awaitingApproval', createdAt: made }, created + WEEK - 1)).toBe('awaitingApproval');
    expect(changeStatusAt({ status: 'awaitingApproval', createdAt: made }, created + WEEK)).toBe('expired');
  });

  it('waiting, with a date that does not parse: never expires (NaN compares false)', () => {
    expect(changeStatusAt({ status: 'awaitingApproval', createdAt: 'not a date' }, created + 100 * WEEK)).toBe('awaitingApproval');
  });

  describe.each(NON_WAITING)('%s', (status) => {
    it.each([
      ['the moment it was made', created],
      ['7 days minus 1 ms', created + WEEK - 1],
      ['exactly 7 days', created + WEEK],
      ['a year later', created + 365 * DAY_MS],
    ])('stays %s, %s', (_, now) => {
      expect(changeStatusAt({ status, createdAt }, now)).toBe(status);
    });
  });

  it.each([
    [createdAt, '2026-03-08T10:00:00.000Z'],
    ['2026-03-01T12:00:00+02:00', '2026-03-08T10:00:00.000Z'],
    ['2026-12-28T23:59:59.999Z', '2027-01-04T23:59:59.999Z'],
    ['2028-02-25T00:00:00Z', '2028-03-03T00:00:00.000Z'],
    ['2026-03-27T01:30:00Z', '2026-04-03T01:30:00.000Z'],
  ] as const)('a change made %s expires %s', (made, expected) => {
    expect(changeExpiresAt(made)).toBe(expected);
  });

  it('a date that does not parse throws (toISOString of an invalid date)', () => {
    expect(() => changeExpiresAt('not a date')).toThrow(RangeError);
  });

  const change = (status: ChangeStatus, authorId = 7) => ({ authorId, status });
  it.each([
    ['an admin, waiting, someone else’s', editor({ isAdmin: true }), change('awaitingApproval'), 'admin'],
    ['an admin, their own', editor({ isAdmin: true, userId: 7 }), change('awaitingApproval'), 'admin'],
    ['an admin without full rights, not waiting', editor({ isAdmin: true, accessRights: 0 }), change('applied'), 'admin'],
    ...NON_WAITING.map((status) => [`a full non-author, ${status}`, editor(), change(status), 'notWaiting'] as const),
    ...NON_WAITING.map((status) => [`a not-full author, ${status} (not waiting first)`, editor({ userId: 7, accessRights: 1 }), change(status), 'notWaiting'] as const),
    ...NOT_FULL_LEVELS.map((accessRights) => [`a user with ${accessRights}, waiting`, editor({ accessRights }), change('awaitingApproval'), 'notFull'] as const),
    ['a not-full author, waiting (not full before own change)', editor({ userId: 7, accessRights: 3 }), change('awaitingApproval'), 'notFull'],
    ['the full author, waiting', editor({ userId: 7 }), change('awaitingApproval'), 'ownChange'],
    ['the full author, applied (not waiting first)', editor({ userId: 7 }), change('applied'), 'notWaiting'],
    ['another full user, waiting', editor({ userId: 1 }), change('awaitingApproval'), null],
  ] as const)('%s → %j', (_, who, given, expected) => {
    expect(decideRefusal(who, given)).toBe(expected);
  });
});

describe('company e-mails (emailStateOf, emailActions, newEmailProblem)', () => {
  it.each([
    ['Primary', true, 'primary'],
    ['Primary', false, 'primary'],
    [null, true, 'confirmed'],
    [null, false, 'unconfirmed'],
    ['Secondary', true, 'confirmed'],
    ['Secondary', false, 'unconfirmed'],
    ['primary', true, 'confirmed'],
    ['PRIMARY', false, 'unconfirmed'],
    [' Primary', true, 'confirmed'],
    ['', false, 'unconfirmed'],
  ] as const)('status %j, confirmed %j → %s', (status, confirmed, expected) => {
    expect(emailStateOf({ status, confirmed })).toBe(expected);
  });

  it.each([
    ['primary (confirmed)', { status: 'Primary', confirmed: true }, true, []],
    ['primary (unconfirmed)', { status: 'Primary', confirmed: false }, true, []],
    ['confirmed', { status: null, confirmed: true }, true, ['makePrimary', 'delete']],
    ['unconfirmed', { status: null, confirmed: false }, true, ['confirm', 'resend', 'delete']],
    ['primary (confirmed)', { status: 'Primary', confirmed: true }, false, []],
    ['primary (unconfirmed)', { status: 'Primary', confirmed: false }, false, []],
    ['confirmed', { status: null, confirmed: true }, false, []],
    ['unconfirmed', { status: null, confirmed: false }, false, []],
  ] as const)('%s, manage %j → %j', (_, email, manage, expected) => {
    expect(emailActions(email, manage)).toEqual(expected);
  });

  it.each([
    ['empty', '', [], 'required'],
    ['spaces', '   ', [], 'required'],
    ['empty, with an empty one known', '', [''], 'required'],
    ['5 characters', 'a@b.c', [], 'invalid'],
    ['5 characters once trimmed', '  a@b.c  ', [], 'invalid'],
    ['6 characters', 'ab@c.d', [], null],
    ['6 characters once trimmed', '  ab@c.d ', [], null],
    ['no @', 'abcdef.gh', [], 'invalid'],
    ['no .', 'abc@defgh', [], 'invalid'],
    ['invalid and known: invalid first', 'a@b.c', ['a@b.c'], 'invalid'],
    ['known exactly', 'ana@acme.ro', ['ana@acme.ro'], 'duplicate'],
    ['known in another case', 'Ana@Acme.RO', ['ana@acme.ro'], 'duplicate'],
    ['known with spaces around', ' ana@acme.ro ', ['  ANA@acme.ro  '], 'duplicate'],
    ['known among others', 'ana@acme.ro', ['bob@acme.ro', 'ana@acme.ro'], 'duplicate'],
    ['not known', 'ana@acme.ro', ['bob@acme.ro', 'ana@acme.com'], null],
    ['a space inside is not trimmed away', 'ana @acme.ro', ['ana@acme.ro'], null],
  ] as const)('%s (%j) → %j', (_, text, existing, expected) => {
    expect(newEmailProblem(text, existing)).toBe(expected);
  });
});

describe('a confirmation code (cleanEmailCode, isEmailCodeComplete)', () => {
  it.each([
    ['123456', '123456'],
    [' 12 34 56 ', '123456'],
    ['1\t2\n3 4  5 6', '123456'],
    ['', ''],
    ['   ', ''],
    ['ab c', 'abc'],
    ['12-34', '12-34'],
  ] as const)('%j → %j', (text, expected) => {
    expect(cleanEmailCode(text)).toBe(expected);
  });

  it.each([
    ['123456', true],
    ['000000', true],
    ['123 456', true],
    [' 1 2 3 4 5 6 ', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['abcdef', false],
    ['12-456', false],
    ['１２３４５６', false],
    ['', false],
  ] as const)('%j → complete: %j', (text, expected) => {
    expect(isEmailCodeComplete(text)).toBe(expected);
  });
});
