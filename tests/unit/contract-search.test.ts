// @vitest-environment node
import { contractFilterErrors, contractListParams, contractSearchMessages, inTab, ORDER_CHOICES, orderChoiceOf, readContractSearch, withOrderChoice } from '@machines/contracts/contract-search';
import type { ContractStatus } from '@machines/contracts/contract.rules';

/** /revenue-split's address and the list's request (issue 58): every branch. */
describe('readContractSearch', () => {
  it.each([
    [{}, {}],
    [{ tab: 'total' }, {}],
    [{ tab: 'requests' }, { tab: 'requests' }],
    [{ tab: 'REQUESTS' }, {}],
    [{ tab: 'nope', orderBy: 'AMOUNT', orderDir: 'up' }, {}],
    [{ companyName: '  Aurora  ', counterpartyName: '' }, { companyName: 'Aurora' }],
    [{ counterpartyName: 'm'.repeat(300) }, { counterpartyName: 'm'.repeat(255) }],
    [{ orderBy: 'INCOMING_FIRST', orderDir: 'ASC' }, { orderBy: 'INCOMING_FIRST', orderDir: 'ASC' }],
    [{ tab: ['pay'], companyName: 7 }, {}],
  ])('%j → %j', (search, clean) => expect(readContractSearch(search)).toEqual(clean));
});

describe('contractListParams', () => {
  it.each([
    [{}, {}],
    [{ tab: 'total' as const }, {}],
    [{ tab: 'pay' as const }, {}],
    [{ tab: 'receive' as const }, {}],
    [{ tab: 'requests' as const }, { statuses: ['UNSIGNED', 'WAITING'] }],
    [{ tab: 'pending' as const }, { statuses: ['NEED_IDENTIFICATION', 'SIGNED'] }],
    [{ tab: 'active' as const }, { statuses: ['ACTIVE', 'TERMINATING'] }],
    [{ tab: 'ended' as const, companyName: 'Aur', counterpartyName: 'Mia', orderBy: 'COMPANY_NAME' as const, orderDir: 'ASC' as const }, { statuses: ['EXPIRED', 'TERMINATED', 'CANCELLED', 'REJECTED'], companyName: 'Aur', counterpartyName: 'Mia', orderBy: 'COMPANY_NAME', orderDir: 'ASC' }],
  ])('%j → %j', (search, params) => expect(contractListParams(search)).toEqual(params));
});

describe('inTab', () => {
  const c = (id: number, status: ContractStatus, direction: 'PAY' | 'RECEIVE') => ({ id, status, direction });
  const all = [c(1, 'ACTIVE', 'PAY'), c(2, 'ACTIVE', 'RECEIVE'), c(3, 'UNSIGNED', 'PAY'), c(4, 'EXPIRED', 'RECEIVE')];
  it.each([
    ['total', [1, 2, 3, 4]],
    ['pay', [1, 3]],
    ['receive', [2, 4]],
    ['requests', [3]],
    ['active', [1, 2]],
    ['ended', [4]],
    ['pending', []],
  ] as const)('%s: %j', (tab, ids) => expect(inTab(all, tab).map((x) => x.id)).toEqual(ids));
});

describe('contractFilterErrors', () => {
  it.each([
    [{}, {}],
    [{ companyName: 'x'.repeat(255), counterpartyName: '' }, {}],
    [{ companyName: 'x'.repeat(256) }, { companyName: { descriptor: contractSearchMessages.nameTooLong } }],
    [{ counterpartyName: `  ${'x'.repeat(255)}  ` }, {}],
    [{ counterpartyName: 'x'.repeat(256) }, { counterpartyName: { descriptor: contractSearchMessages.nameTooLong } }],
  ])('%j → %j', (values, errors) => expect(contractFilterErrors(values)).toEqual(errors));
});

describe('the order as one choice (orderChoiceOf, withOrderChoice)', () => {
  it.each([
    [{}, 'newest'],
    [{ orderBy: 'CREATED_AT' as const }, 'newest'],
    [{ orderBy: 'CREATED_AT' as const, orderDir: 'DESC' as const }, 'newest'],
    [{ orderDir: 'DESC' as const }, 'newest'],
    [{ orderDir: 'ASC' as const }, 'oldest'],
    [{ orderBy: 'CREATED_AT' as const, orderDir: 'ASC' as const }, 'oldest'],
    [{ orderBy: 'COMPANY_NAME' as const, orderDir: 'ASC' as const }, 'company'],
    [{ orderBy: 'COMPANY_NAME' as const }, 'companyDesc'],
    [{ orderBy: 'COMPANY_NAME' as const, orderDir: 'DESC' as const }, 'companyDesc'],
    [{ orderBy: 'INCOMING_FIRST' as const }, 'incoming'],
    [{ orderBy: 'INCOMING_FIRST' as const, orderDir: 'ASC' as const }, 'incoming'],
  ])('%j → %s', (search, choice) => expect(orderChoiceOf(search)).toBe(choice));

  it('each choice, made on any search, is read back as itself; the tab and the names stay, the old order goes', () => {
    const base = { tab: 'active' as const, companyName: 'Aurora', orderBy: 'INCOMING_FIRST' as const, orderDir: 'DESC' as const };
    for (const choice of ORDER_CHOICES) {
      const next = withOrderChoice(base, choice);
      expect(orderChoiceOf(next)).toBe(choice);
      expect(next).toMatchObject({ tab: 'active', companyName: 'Aurora' });
    }
    expect(withOrderChoice(base, 'newest')).toEqual({ tab: 'active', companyName: 'Aurora' });
    expect(withOrderChoice({}, 'incoming')).toEqual({ orderBy: 'INCOMING_FIRST' });
  });
});
