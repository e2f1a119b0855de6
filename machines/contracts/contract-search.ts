import { createFilterMachine } from '../shared/filter.machine';
import type { FormErrors } from '../shared/form.machine';
import { msg } from '@lingui/core/macro';
import { CONTRACT_ORDERS, CONTRACT_TABS, TAB_STATUSES, tabDirection, type ContractOrder, type ContractStatus, type ContractTab } from './contract.rules';

/**
 * /revenue-split's address (issue 58; 000 s2, s7 GET /contract): the tab, the names searched, the
 * order, kept as text in the address (a reload or a link keeps them) and cleaned here: anything
 * unknown is left out, so an old or typed address opens the list as it can.
 */
export type ContractSearch = {
  tab?: ContractTab;
  companyName?: string;
  counterpartyName?: string;
  orderBy?: ContractOrder;
  orderDir?: 'ASC' | 'DESC';
};

export const NAME_QUERY_MAX = 255;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined => (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The address's search, cleaned: a known tab (total is the default, left out), names (at most 255 characters), a known order and direction. */
export function readContractSearch(search: Readonly<Record<string, unknown>>): ContractSearch {
  const tab = oneOf(CONTRACT_TABS, text(search.tab));
  const companyName = text(search.companyName).slice(0, NAME_QUERY_MAX);
  const counterpartyName = text(search.counterpartyName).slice(0, NAME_QUERY_MAX);
  const orderBy = oneOf(CONTRACT_ORDERS, text(search.orderBy));
  const orderDir = oneOf(['ASC', 'DESC'] as const, text(search.orderDir));
  return {
    ...(tab && tab !== 'total' ? { tab } : {}),
    ...(companyName ? { companyName } : {}),
    ...(counterpartyName ? { counterpartyName } : {}),
    ...(orderBy ? { orderBy } : {}),
    ...(orderDir ? { orderDir } : {}),
  };
}

/** GET /contract's query for the search (the page and size are the entity's): the tab's statuses (none for every status), the names, the order. */
export function contractListParams(search: ContractSearch): { statuses?: ContractStatus[]; companyName?: string; counterpartyName?: string; orderBy?: ContractOrder; orderDir?: 'ASC' | 'DESC' } {
  const tab = search.tab ?? 'total';
  const statuses = TAB_STATUSES[tab];
  return {
    ...(statuses.length < TAB_STATUSES.total.length ? { statuses: [...statuses] } : {}),
    ...(search.companyName ? { companyName: search.companyName } : {}),
    ...(search.counterpartyName ? { counterpartyName: search.counterpartyName } : {}),
    ...(search.orderBy ? { orderBy: search.orderBy } : {}),
    ...(search.orderDir ? { orderDir: search.orderDir } : {}),
  };
}

/** The contracts of a tab among those listed (pay and receive keep one direction; the service's statuses filter the others). */
export const inTab = <C extends { direction: 'PAY' | 'RECEIVE'; status: ContractStatus }>(contracts: readonly C[], tab: ContractTab): C[] => {
  const direction = tabDirection(tab);
  return contracts.filter((contract) => TAB_STATUSES[tab].includes(contract.status) && (direction === null || contract.direction === direction));
};

export const contractSearchMessages = {
  nameTooLong: msg`Use at most 255 characters.`,
};

/** The names' filter: each at most 255 characters. */
export function contractFilterErrors(values: Readonly<Record<string, string | undefined>>): FormErrors {
  const errors: FormErrors = {};
  for (const field of ['companyName', 'counterpartyName'] as const) if ((values[field] ?? '').trim().length > NAME_QUERY_MAX) errors[field] = { descriptor: contractSearchMessages.nameTooLong };
  return errors;
}

/** The list's filter (the company's and the counterparty's names): checked before Apply puts it into the address; Clear empties it; a change of the address is brought in. */
export const contractFilterMachine = createFilterMachine('contractFilter', contractFilterErrors);

/** The list's orders as one choice each (newest first is the default, left out of the address). */
export const ORDER_CHOICES = ['newest', 'oldest', 'company', 'companyDesc', 'incoming'] as const;
export type OrderChoice = (typeof ORDER_CHOICES)[number];
const CHOICE_SEARCH: Readonly<Record<OrderChoice, Pick<ContractSearch, 'orderBy' | 'orderDir'>>> = {
  newest: {},
  oldest: { orderBy: 'CREATED_AT', orderDir: 'ASC' },
  company: { orderBy: 'COMPANY_NAME', orderDir: 'ASC' },
  companyDesc: { orderBy: 'COMPANY_NAME', orderDir: 'DESC' },
  incoming: { orderBy: 'INCOMING_FIRST' },
};

/** The choice an address's order is (an order without a direction: CREATED_AT and COMPANY_NAME as the service's default DESC, … ). */
export function orderChoiceOf(search: ContractSearch): OrderChoice {
  if (search.orderBy === 'INCOMING_FIRST') return 'incoming';
  if (search.orderBy === 'COMPANY_NAME') return search.orderDir === 'ASC' ? 'company' : 'companyDesc';
  return search.orderDir === 'ASC' ? 'oldest' : 'newest';
}

/** The search with this order chosen (the tab and the names kept). */
export function withOrderChoice(search: ContractSearch, choice: OrderChoice): ContractSearch {
  const { orderBy: _by, orderDir: _dir, ...rest } = search;
  return { ...rest, ...CHOICE_SEARCH[choice] };
}
