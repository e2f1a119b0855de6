import Big from 'big.js';
import { hasFullMerchantAccess, mayUseMerchantArea, type MerchantFacts } from '../merchant/merchant.rules.ts';

/**
 * Smart (revenue-split) contracts (spec 000 s1 brand 1 only, s3 Contract, s4 statuses and actions,
 * s9 list sizes; issue 58) as pure rules shared by the pages, the lifecycle statechart and the
 * sandbox. The spec names the statuses and the actions but leaves which status leads to which, and
 * who may do what, "not shown": both are decided here (docs/decisions.md "Smart contracts (issue
 * 58)") and table-tested.
 */

export const CONTRACT_STATUSES = ['UNSIGNED', 'WAITING', 'NEED_IDENTIFICATION', 'SIGNED', 'ACTIVE', 'TERMINATING', 'EXPIRED', 'TERMINATED', 'CANCELLED', 'REJECTED'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const isContractStatus = (text: string): text is ContractStatus => (CONTRACT_STATUSES as readonly string[]).includes(text);

/** Ended for good: nothing more happens to the contract. */
export const FINAL_STATUSES: readonly ContractStatus[] = ['EXPIRED', 'TERMINATED', 'CANCELLED', 'REJECTED'];
export const isFinalStatus = (status: ContractStatus): boolean => FINAL_STATUSES.includes(status);

/** What a party does (000 s4: cancel, reject, terminate with a note, cancel termination, terminate now, sign). */
export const CONTRACT_ACTIONS = ['sign', 'cancel', 'reject', 'terminate', 'terminateCancel', 'terminateNow'] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

/**
 * What happens to a contract: a party's action, or the service's own news (the other party signed,
 * the payer's identification ended, activeFrom or activeTo reached, a termination's notice over).
 */
export type ContractEvent =
  | { type: 'sign'; bothSigned: boolean; identificationNeeded: boolean; started: boolean }
  | { type: 'cancel' }
  | { type: 'reject' }
  | { type: 'terminate' }
  | { type: 'terminateCancel' }
  | { type: 'terminateNow' }
  | { type: 'identified'; started: boolean }
  | { type: 'activeFromReached' }
  | { type: 'activeToReached' }
  | { type: 'terminationDue' };

/**
 * Which status an event leads to, or null when it does not apply in that status:
 * - UNSIGNED: the first signature → WAITING; both at once (a party signing last) as below.
 * - UNSIGNED, WAITING: the last signature → NEED_IDENTIFICATION while the payer's identification has
 *   not succeeded, else SIGNED, or ACTIVE at once when activeFrom has come (`started`); cancel (the
 *   initiator) → CANCELLED; reject (the counterparty) → REJECTED.
 * - NEED_IDENTIFICATION: identified → SIGNED, or ACTIVE when activeFrom has come.
 * - SIGNED: activeFrom reached → ACTIVE.
 * - ACTIVE: terminate → TERMINATING; activeTo reached → EXPIRED.
 * - TERMINATING: cancel termination → ACTIVE; terminate now, or the notice over → TERMINATED;
 *   activeTo reached first → EXPIRED.
 * Final statuses take nothing.
 */
export function nextStatus(status: ContractStatus, event: ContractEvent): ContractStatus | null {
  const signedOrStarted = (started: boolean): ContractStatus => (started ? 'ACTIVE' : 'SIGNED');
  switch (status) {
    case 'UNSIGNED':
    case 'WAITING':
      if (event.type === 'sign') {
        if (!event.bothSigned) return status === 'UNSIGNED' ? 'WAITING' : null;
        return event.identificationNeeded ? 'NEED_IDENTIFICATION' : signedOrStarted(event.started);
      }
      if (event.type === 'cancel') return 'CANCELLED';
      if (event.type === 'reject') return 'REJECTED';
      return null;
    case 'NEED_IDENTIFICATION':
      return event.type === 'identified' ? signedOrStarted(event.started) : null;
    case 'SIGNED':
      return event.type === 'activeFromReached' ? 'ACTIVE' : null;
    case 'ACTIVE':
      if (event.type === 'terminate') return 'TERMINATING';
      if (event.type === 'activeToReached') return 'EXPIRED';
      return null;
    case 'TERMINATING':
      if (event.type === 'terminateCancel') return 'ACTIVE';
      if (event.type === 'terminateNow' || event.type === 'terminationDue') return 'TERMINATED';
      if (event.type === 'activeToReached') return 'EXPIRED';
      return null;
    default:
      return null;
  }
}

/** Who the viewer is in a contract: its initiator or the counterparty; the payer (sender) or the beneficiary; the author of a termination under way. */
export interface ContractParty {
  initiator: boolean;
  payer: boolean;
  /** The viewer asked for the termination now under way (terminateInfo.terminatedBy). */
  terminationAuthor: boolean;
}

/**
 * The viewer's part in a contract: initiator when initiatorId is theirs; payer when the contract's
 * direction, as the service answers it for them, is PAY (they are the sender); the termination's
 * author when terminateInfo.terminatedBy is theirs.
 */
export function partyOf(contract: { initiatorId: number; direction: 'PAY' | 'RECEIVE'; terminateInfo?: { terminatedBy?: number | null } | null }, viewerId: number): ContractParty {
  return { initiator: contract.initiatorId === viewerId, payer: contract.direction === 'PAY', terminationAuthor: contract.terminateInfo?.terminatedBy === viewerId };
}

/**
 * What a party may do in a status (the same table the service enforces):
 * - sign: UNSIGNED and WAITING, either party (whether this one still has to sign is the service's
 *   checkSigner: `canSign`);
 * - cancel: UNSIGNED and WAITING, the initiator (withdrawing their offer);
 * - reject: UNSIGNED and WAITING, the counterparty (declining it);
 * - terminate (with a note): ACTIVE, either party;
 * - terminateCancel and terminateNow: TERMINATING, the termination's author only.
 * Nothing in NEED_IDENTIFICATION, SIGNED or a final status (identification is the payer's own flow).
 */
export function mayAct(action: ContractAction, status: ContractStatus, party: ContractParty): boolean {
  switch (action) {
    case 'sign':
      return status === 'UNSIGNED' || status === 'WAITING';
    case 'cancel':
      return (status === 'UNSIGNED' || status === 'WAITING') && party.initiator;
    case 'reject':
      return (status === 'UNSIGNED' || status === 'WAITING') && !party.initiator;
    case 'terminate':
      return status === 'ACTIVE';
    case 'terminateCancel':
    case 'terminateNow':
      return status === 'TERMINATING' && party.terminationAuthor;
  }
}

/** The actions a party may take in a status, in the page's order; Sign only when the service says this viewer can sign. */
export function allowedActions(status: ContractStatus, party: ContractParty, canSign: boolean): ContractAction[] {
  return CONTRACT_ACTIONS.filter((action) => mayAct(action, status, party) && (action !== 'sign' || canSign));
}

/**
 * What a user may do with the acting customer's contracts (a decision: the spec is silent; a
 * revenue split shares the merchant's takings, so it follows the merchant area's right, 000 s6):
 * - `act` (sign, cancel, reject, terminate, …): full merchant access (the customer themselves, or a
 *   company user at level 2);
 * - `read`: any other merchant level but none, and admins (they support customers; they never
 *   commit one);
 * - `none`: merchant level none (the list and the detail are refused; the navigation hides them).
 */
export type ContractRights = 'none' | 'read' | 'act';
export function contractRights(facts: MerchantFacts): ContractRights {
  if (facts.kind === 'admin') return 'read';
  if (hasFullMerchantAccess(facts)) return 'act';
  return mayUseMerchantArea(facts) ? 'read' : 'none';
}

// ---- the list --------------------------------------------------------------------------------------

/** The list's tabs: the meta counts of 000 s3 (total, requests, pending, active, ended, pay, receive). */
/**
 * The payer's identification (000 s4; issue 59): a contract waits for it while NEED_IDENTIFICATION
 * and the identification has not succeeded (the sandbox's identification calls refuse otherwise).
 */
export const waitsForIdentification = (status: ContractStatus, identification: string | null | undefined): boolean => status === 'NEED_IDENTIFICATION' && identification !== 'SUCCESS';

/**
 * Whether the viewer identifies for this contract now, on its page: its payer (the only party the
 * service gives an identificationStatus), allowed to act on the customer's contracts, while the
 * contract waits for the identification.
 */
export const identifiesNow = (contract: { status: ContractStatus; identificationStatus?: string | null }, rights: ContractRights): boolean =>
  rights === 'act' && contract.identificationStatus != null && waitsForIdentification(contract.status, contract.identificationStatus);

export const CONTRACT_TABS = ['total', 'requests', 'pending', 'active', 'ended', 'pay', 'receive'] as const;
export type ContractTab = (typeof CONTRACT_TABS)[number];

/**
 * The statuses each tab asks for (a decision: the spec gives the counts, not their meaning):
 * requests, the ones still to be signed (UNSIGNED, WAITING); pending, signed and not running yet
 * (NEED_IDENTIFICATION, SIGNED); active, running (ACTIVE, TERMINATING); ended, the final ones; total,
 * pay and receive, every status (pay and receive by the direction instead).
 */
export const TAB_STATUSES: Readonly<Record<ContractTab, readonly ContractStatus[]>> = {
  total: CONTRACT_STATUSES,
  requests: ['UNSIGNED', 'WAITING'],
  pending: ['NEED_IDENTIFICATION', 'SIGNED'],
  active: ['ACTIVE', 'TERMINATING'],
  ended: FINAL_STATUSES,
  pay: CONTRACT_STATUSES,
  receive: CONTRACT_STATUSES,
};

/** The direction a tab keeps (pay and receive), else none. */
export const tabDirection = (tab: ContractTab): 'PAY' | 'RECEIVE' | null => (tab === 'pay' ? 'PAY' : tab === 'receive' ? 'RECEIVE' : null);

/** Which tabs' counts a contract adds to (the service's meta and the sandbox's counts follow this). */
export function tabsOf(contract: { status: ContractStatus; direction: 'PAY' | 'RECEIVE' }): ContractTab[] {
  return CONTRACT_TABS.filter((tab) => TAB_STATUSES[tab].includes(contract.status) && (tabDirection(tab) ?? contract.direction) === contract.direction);
}

export const CONTRACT_ORDERS = ['COMPANY_NAME', 'INCOMING_FIRST', 'CREATED_AT'] as const;
export type ContractOrder = (typeof CONTRACT_ORDERS)[number];
/** 000 s9: lists default to page 1 and 100 a page; the client asks for 1000. */
export const CONTRACT_PAGE_SIZE = 1000;
export const CONTRACT_DEFAULT_PAGE_SIZE = 100;

/** 000 s9: a contract's percentage is above 0 and at most 100; as exact decimal text (at most two places), never a float. */
export function isPercentage(text: string): boolean {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return false;
  const value = new Big(text);
  return value.gt(0) && value.lte(100);
}
