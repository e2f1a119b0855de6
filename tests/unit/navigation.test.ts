// @vitest-environment node
import { ACCESS_LEVEL, isAreaVisible, rightLevelFrom, visibleAreas, type NavFacts, type NavRule } from '@machines/app/navigation.logic';

type Feature = 'contracts' | 'registration';
const facts = (over: Partial<NavFacts<Feature>> = {}): NavFacts<Feature> => ({
  customerType: 'personal',
  isAdmin: false,
  features: { contracts: true, registration: true },
  rightLevel: () => undefined,
  balanceInfo: undefined,
  transfersOffered: true,
  ...over,
});

describe('which areas the navigation shows (ordered rules)', () => {
  it.each<[string, NavRule<Feature>, Partial<NavFacts<Feature>>, boolean]>([
    ['a plain row for a personal customer', {}, {}, true],
    ['1. business-only row, personal customer', { customerTypes: ['business'] }, {}, false],
    ['1. business-only row, business customer', { customerTypes: ['business'] }, { customerType: 'business' }, true],
    ['2. brand switch off', { brandFeature: 'contracts' }, { features: { contracts: false, registration: true } }, false],
    ['2. brand switch on', { brandFeature: 'contracts' }, {}, true],
    ['2 before 3: admin row behind a switch that is off', { forAdmins: true, brandFeature: 'contracts' }, { isAdmin: true, features: { contracts: false, registration: true } }, false],
    ['3. admin, customer row', {}, { isAdmin: true }, false],
    ['3. admin, admin row', { forAdmins: true }, { isAdmin: true }, true],
    ['3 before 4: admin row without balance info', { forAdmins: true }, { isAdmin: true, balanceInfo: 0 }, true],
    ['4. no balance info, ordinary row', {}, { balanceInfo: 0 }, false],
    ['4. no balance info, documents row', { withoutBalanceInfo: true }, { balanceInfo: 0 }, true],
    ['4. balance info read', {}, { balanceInfo: 1 }, true],
    ['4 before 5: documents row with a right that is too low and no balance info', { withoutBalanceInfo: true, right: { name: 'documents', min: ACCESS_LEVEL.read } }, { balanceInfo: 0, rightLevel: () => 0 }, false],
    ['5. right below minimum (read < full)', { right: { name: 'apiKeys', min: ACCESS_LEVEL.full } }, { rightLevel: () => ACCESS_LEVEL.read }, false],
    ['5. right at minimum (full)', { right: { name: 'apiKeys', min: ACCESS_LEVEL.full } }, { rightLevel: () => ACCESS_LEVEL.full }, true],
    ['5. right above minimum', { right: { name: 'transfers', min: ACCESS_LEVEL.read } }, { rightLevel: () => ACCESS_LEVEL.initiate }, true],
    ['5. right level 0', { right: { name: 'transfers', min: ACCESS_LEVEL.read } }, { rightLevel: () => 0 }, false],
    ['5. right not listed is no limit', { right: { name: 'transfers', min: ACCESS_LEVEL.full } }, {}, true],
    ['5 before 6: transfers row, right too low, transfers offered', { transfers: true, right: { name: 'transfers', min: ACCESS_LEVEL.full } }, { rightLevel: () => ACCESS_LEVEL.read }, false],
    ['6. transfers row, no transfer offered by the flags', { transfers: true }, { transfersOffered: false }, false],
    ['6. transfers row, a transfer offered', { transfers: true }, { transfersOffered: true }, true],
    ['6. other rows do not depend on the flags', {}, { transfersOffered: false }, true],
  ])('%s', (_name, rule, over, visible) => {
    expect(isAreaVisible(rule, facts(over))).toBe(visible);
  });

  it('keeps the table order and filters rows', () => {
    const rows = [
      { id: 'home' },
      { id: 'approvals', customerTypes: ['business'] as const },
      { id: 'settings' },
    ];
    expect(visibleAreas(rows, facts()).map((r) => r.id)).toEqual(['home', 'settings']);
    expect(visibleAreas(rows, facts({ customerType: 'business' })).map((r) => r.id)).toEqual(['home', 'approvals', 'settings']);
  });

  it.each([
    ['accessRights first', { accessRights: { transfers: 1 }, permissions: { transfers: 2 } }, 1],
    ['then permissions', { permissions: { transfers: 2 } }, 2],
    ['neither', { accessRights: {} }, undefined],
    ['no access info', null, undefined],
  ])('right levels: %s', (_name, access, level) => {
    expect(rightLevelFrom(access)('transfers')).toBe(level);
  });
});
