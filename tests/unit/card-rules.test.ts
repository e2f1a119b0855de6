import { describe, expect, it } from 'vitest';
import { CARD_STATUS_LABELS, CARD_STATUSES, cardDetailGuard, cardListTarget, cardMeta, cardsLanding, listedCards, type CardMeta } from '@machines/cards/card.logic';

const ACTIONS = ['balanceAvailable', 'block', 'showPin', 'historyAvailable', 'load', 'pause', 'unpause', 'enrollment', 'changePin', 'editName', 'details'] as const;
type Action = (typeof ACTIONS)[number];

/**
 * The status × action table of spec 001 s4, written out by hand for a physical prepaid card of an
 * enrollment type (2010): every status id, every action. A cell is 1 where the action is allowed.
 */
//                         balance block showPin history load pause unpause enroll changePin editName details
const TABLE: Record<number, [number, number, number, number, number, number, number, number, number, number, number]> = {
  0: /*  submitted     */ [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1],
  2: /*  active        */ [1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1],
  4: /*  canceled      */ [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  18: /* fraud         */ [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  19: /* printing      */ [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1],
  20: /* printed       */ [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1],
  21: /* shipped       */ [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1],
  23: /* pending       */ [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1],
  27: /* limited       */ [0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 1],
  38: /* expired       */ [1, 1, 1, 1, 0, 1, 0, 0, 1, 1, 1],
  41: /* processing    */ [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1],
  65: /* pending docs  */ [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1],
  71: /* paused        */ [1, 1, 1, 1, 0, 0, 1, 0, 1, 1, 1],
};

const pick = (meta: CardMeta) => ACTIONS.map((a: Action) => (meta[a] ? 1 : 0));

describe('card status × action (spec 001 s4)', () => {
  it('the table names every status id of the spec, each with a label', () => {
    const ids = Object.values(CARD_STATUSES).sort((a, b) => a - b);
    expect(Object.keys(TABLE).map(Number).sort((a, b) => a - b)).toEqual(ids);
    expect(Object.keys(CARD_STATUS_LABELS).map(Number).sort((a, b) => a - b)).toEqual(ids);
  });

  it.each(Object.entries(TABLE))('physical card, status %s', (status, row) => {
    expect(pick(cardMeta({ type: 2010, accountStatusId: Number(status), subType: 'PREPAID', cardIsVirtual: false }))).toEqual(row);
  });

  it.each(Object.entries(TABLE))('virtual card, status %s: no PIN, no enrollment, the rest as physical', (status, row) => {
    const expected = [...row];
    expected[ACTIONS.indexOf('showPin')] = 0;
    expected[ACTIONS.indexOf('changePin')] = 0;
    expected[ACTIONS.indexOf('enrollment')] = 0;
    expect(pick(cardMeta({ type: 2010, accountStatusId: Number(status), subType: 'PREPAID', cardIsVirtual: true }))).toEqual(expected);
  });

  it.each([
    [2010, true],
    [2012, true],
    [2013, false],
    [2100, false],
  ])('enrollment on an active physical card of type %i: %s', (type, allowed) => {
    expect(cardMeta({ type, accountStatusId: 2, cardIsVirtual: false }).enrollment).toBe(allowed);
  });

  it('the kind flags', () => {
    expect(cardMeta({ type: 2010, accountStatusId: 2, subType: 'DEBIT', cardIsVirtual: false })).toMatchObject({ debit: true, prepaid: false, physical: true, virtual: false });
    expect(cardMeta({ type: 2010, accountStatusId: 2, subType: 'PREPAID', cardIsVirtual: true })).toMatchObject({ debit: false, prepaid: true, physical: false, virtual: true });
    expect(cardMeta({ type: 2010, accountStatusId: 38 }).expired).toBe(true);
    expect(cardMeta({ type: 2010, accountStatusId: 2 }).expired).toBe(false);
  });
});

describe('cards routing (spec 000 s2)', () => {
  const card = (accountId: number, over: { virtual?: boolean; status?: number; subType?: 'PREPAID' | 'DEBIT' } = {}) => ({
    accountId,
    type: 2010,
    accountStatusId: over.status ?? 2,
    subType: over.subType ?? ('PREPAID' as const),
    cardIsVirtual: over.virtual ?? false,
    balance: '0',
    currencyCode: 'USD',
  });
  const payment = { accountId: 1, type: 1001, accountStatusId: 1, balance: '0', currencyCode: 'USD' };

  it('listed cards: prepaid, not closed (status 11 or a cancelled card), not debit', () => {
    expect(listedCards([payment, card(2), card(3, { status: 11 }), card(4, { status: 4 }), card(5, { subType: 'DEBIT' }), card(6, { virtual: true })]).map((c) => c.accountId)).toEqual([2, 6]);
  });

  it.each([
    ['no cards: the empty physical list (it offers to apply)', [payment], { to: '/cards/physical' }],
    ['only closed and debit cards', [card(3, { status: 11 }), card(5, { subType: 'DEBIT' })], { to: '/cards/physical' }],
    ['one physical card', [payment, card(2)], { to: '/cards/$accountId', accountId: 2 }],
    ['one physical and virtual ones: the physical list has one card', [card(2), card(6, { virtual: true }), card(7, { virtual: true })], { to: '/cards/$accountId', accountId: 2 }],
    ['two physical cards', [card(2), card(3)], { to: '/cards/physical' }],
    ['only one virtual card', [card(6, { virtual: true })], { to: '/cards/$accountId', accountId: 6 }],
    ['only virtual cards', [card(6, { virtual: true }), card(7, { virtual: true })], { to: '/cards/virtual' }],
  ] as const)('/cards with %s', (_name, accounts, target) => expect(cardsLanding(accounts)).toEqual(target));

  it.each([
    ['physical list with one card goes to it', [card(2), card(6, { virtual: true })], 'physical', { to: '/cards/$accountId', accountId: 2 }],
    ['physical list with several stays', [card(2), card(3)], 'physical', null],
    ['empty physical list goes to the virtual one', [card(6, { virtual: true }), card(7, { virtual: true })], 'physical', { to: '/cards/virtual' }],
    ['empty virtual list with one physical card goes to it', [card(2)], 'virtual', { to: '/cards/$accountId', accountId: 2 }],
    ['no cards at all: the virtual list stays (empty)', [payment], 'virtual', null],
    ['no cards at all: the physical list stays (empty)', [payment], 'physical', null],
  ] as const)('%s', (_name, accounts, kind, target) => expect(cardListTarget(accounts, kind)).toEqual(target));

  it.each([
    ['own listed card opens', [card(2), card(3)], 2, null],
    ['someone else’s card with several own: the cards list', [card(2), card(3)], 99, { to: '/cards/physical' }],
    ['a closed card of one’s own with several: the list', [card(2), card(3), card(4, { status: 11 })], 4, { to: '/cards/physical' }],
    ['a debit card: not a detail page', [card(2), card(3), card(5, { subType: 'DEBIT' })], 5, { to: '/cards/physical' }],
    ['a payment account id with one card: home', [payment, card(2)], 1, { to: '/home' }],
    ['no cards: home', [payment], 2, { to: '/home' }],
  ] as const)('/cards/{accountId}: %s', (_name, accounts, id, target) => expect(cardDetailGuard(accounts, id)).toEqual(target));
});
