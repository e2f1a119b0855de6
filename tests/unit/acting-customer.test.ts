import { filterChoices, offersSelector, switchDecision, type ActingChoice } from '@machines/business/acting-customer.logic';

const acme: ActingChoice = { id: 10, name: 'Acme S.L.', username: 'billing@acme.example' };
const societe: ActingChoice = { id: 30, name: 'Société Générale de Fret', username: 'fret@sgf.example' };
const harbour: ActingChoice = { id: 20, name: 'harbour Freight Ltd', username: 'ops@harbour.example' };

describe('whether a choice of customer goes ahead (issue 52)', () => {
  it.each([
    ['the customer acted for now: nothing to do', 10, 10, [acme, harbour], 'same'],
    ['one of the list', 20, 10, [acme, harbour], 'switch'],
    ['not in the known list (a link to another company)', 99, 10, [acme, harbour], 'refused'],
    ['the list not read yet: the service decides', 99, 10, null, 'switch'],
    ['the first choice (own customer before)', 20, null, [acme, harbour], 'switch'],
    ['the same while the list is not known', 10, 10, null, 'same'],
    ['not an id: zero', 0, 10, null, 'refused'],
    ['not an id: negative', -5, 10, null, 'refused'],
    ['not an id: a fraction', 1.5, 10, null, 'refused'],
    ['an empty list refuses everyone', 20, 10, [], 'refused'],
  ] as const)('%s', (_, target, current, choices, expected) => {
    expect(switchDecision(target, current, choices)).toBe(expected);
  });
});

describe('who is offered the company selector (000 s3)', () => {
  it.each([
    ['a user with related accounts', { isHaveRelatedAccounts: true }, true],
    ['an admin', { isAdmin: true }, true],
    ['one company only', { isHaveRelatedAccounts: false }, false],
    ['nothing said', {}, false],
    ['no customer info', null, false],
  ] as const)('%s', (_, customer, expected) => {
    expect(offersSelector(customer)).toBe(expected);
  });
});

describe('the selector list for what is typed', () => {
  const all = [harbour, societe, acme];
  it('blank: all, the current first, then by name in any case', () => {
    expect(filterChoices(all, '  ', 20).map((c) => c.id)).toEqual([20, 10, 30]);
    expect(filterChoices(all, '', null).map((c) => c.id)).toEqual([10, 20, 30]);
  });
  it('by a part of the name, any case, accents as typed or not', () => {
    expect(filterChoices(all, 'FREIGHT', null).map((c) => c.id)).toEqual([20]);
    expect(filterChoices(all, 'societe', null).map((c) => c.id)).toEqual([30]);
    expect(filterChoices(all, 'Société', null).map((c) => c.id)).toEqual([30]);
  });
  it('by a part of the e-mail', () => {
    expect(filterChoices(all, '@acme', null).map((c) => c.id)).toEqual([10]);
  });
  it('nothing matches: empty', () => {
    expect(filterChoices(all, 'zzz', 10)).toEqual([]);
  });
  it('does not change the list it was given', () => {
    const list = [harbour, acme];
    filterChoices(list, '', 10);
    expect(list.map((c) => c.id)).toEqual([20, 10]);
  });
});
