import { notFound, redirect, type ParsedLocation } from '@tanstack/react-router';
import type { CardsTarget } from '@machines/cards/card.logic';
import { safeInAppPath } from '@machines/auth/redirect.logic';
import { authSecretHeld, holdAuthSecret } from '@/shared/api';
import type { RouterContext } from './context';

/**
 * Every route guard of the app, in one file (spec 000 s2). Routes call these from `beforeLoad`;
 * no route writes its own redirect rules.
 */
type GuardArgs = { context: RouterContext; location: ParsedLocation };

/** An in-app path only: "/x", never "//host" or an absolute address (open-redirect safe). */
export function safeRedirect(target: unknown): string | null {
  return safeInAppPath(target);
}

/** `?redirect=` kept only when it is a safe in-app path. */
export function redirectSearch(search: Record<string, unknown>): { redirect?: string } {
  const target = safeRedirect(search.redirect);
  return target ? { redirect: target } : {};
}

/**
 * Login required: waits until the session has settled (token and customer info after a reload),
 * else sends the visitor to login and remembers where they were going.
 */
export async function requireSession({ context, location }: GuardArgs): Promise<void> {
  if (!(await context.session.settled())) {
    throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  }
}

/** The main app: login required, and while KYC is needed every page leads to /kyc (spec 000 s2). */
export async function requireAppAccess(args: GuardArgs): Promise<void> {
  await requireSession(args);
  if (args.context.session.needsKyc()) throw redirect({ to: '/kyc', replace: true });
}

/**
 * Registration routes (002 s1, s2): only where the brand allows registration (four brands switch it
 * off: their /register pages lead to the sign-in), and only for visitors (a signed-in customer goes home).
 */
export function requireRegistration({ context }: { context: RouterContext }): void {
  if (!context.brand.registration()) throw redirect({ to: '/login', replace: true });
  sendSignedInHome({ context });
}

/** Pages for visitors only (/login, /scp, /activate without a link): a signed-in visitor goes home. */
export function sendSignedInHome({ context }: { context: RouterContext }): void {
  if (context.session.isAuthenticated()) throw redirect({ to: '/home', replace: true });
}

/** Where a cards rule leads, as a redirect (the card id as a path parameter). */
function toCards(target: CardsTarget): never {
  if (target.to === '/cards/$accountId') throw redirect({ to: '/cards/$accountId', params: { accountId: String(target.accountId) }, replace: true });
  throw redirect({ to: target.to, replace: true });
}

/**
 * The customer's accounts for a cards guard; null when they cannot be read now (the page then
 * shows the failure with a retry instead of sending the customer elsewhere).
 */
async function accountsOrNull(context: RouterContext) {
  try {
    return await context.accounts.list();
  } catch {
    return null;
  }
}

/** The cards rules arrive with the cards pages (the same chunk), not in every page's first load. */
const cardRules = () => import(/* webpackChunkName: "page-cards" */ '@machines/cards/card.logic');

/** /cards (000 s2, 001 s2): the physical or the virtual list, a single card's detail, or home. */
export async function cardsLandingGuard({ context }: { context: RouterContext }): Promise<void> {
  const [accounts, { cardsLanding }] = await Promise.all([accountsOrNull(context), cardRules()]);
  toCards(accounts ? cardsLanding(accounts) : { to: '/cards/physical' });
}

/** /cards/physical and /cards/virtual: straight to the detail when the list holds one card. */
export function cardListGuard(kind: 'physical' | 'virtual') {
  return async ({ context }: { context: RouterContext }): Promise<void> => {
    const [accounts, { cardListTarget }] = await Promise.all([accountsOrNull(context), cardRules()]);
    const target = accounts ? cardListTarget(accounts, kind) : null;
    if (target) toCards(target);
  };
}

/** /cards/{accountId} and /card/{accountId}/pin: only the customer's own listed cards. */
export async function cardDetailGuardFor({ context, params }: { context: RouterContext; params: { accountId: string } }): Promise<void> {
  const [accounts, { cardDetailGuard }] = await Promise.all([accountsOrNull(context), cardRules()]);
  const target = accounts ? cardDetailGuard(accounts, Number(params.accountId)) : null;
  if (target) toCards(target);
}

/** A representative link's secret as the address gives it (8–200 URL-safe characters), else none. */
export function representativeSearch(search: Record<string, unknown>): { authSecret?: string } {
  const secret = search.authSecret;
  return typeof secret === 'string' && /^[A-Za-z0-9._~-]{8,200}$/.test(secret) ? { authSecret: secret } : {};
}

/**
 * /self-certification-representative (002 s2): the authSecret in the query is held (in memory)
 * and taken out of the address at once; without one given or held the visitor goes to login.
 */
export function requireRepresentativeSecret({ search }: { search: { authSecret?: string } }): void {
  if (search.authSecret) {
    holdAuthSecret(search.authSecret);
    throw redirect({ to: '/self-certification-representative', search: {}, replace: true });
  }
  if (!authSecretHeld()) throw redirect({ to: '/login', replace: true });
}

/** The merchant rules arrive with the merchant pages (the same chunk), not in every page's first load. */
const merchantRules = () => import(/* webpackChunkName: "page-merchant" */ '@machines/merchant/merchant.rules');

/**
 * /merchant/<page> (001 s2, s6; issue 55): /merchant/ itself leads to security/verification; a
 * child that does not exist is the 404 page; a user
 * without merchant access goes home; an internal page (API keys, API log, webhook log) without full
 * access leads to the saved buttons. The page asked for otherwise.
 */
export async function merchantPageGuard({ context, page }: { context: RouterContext; page: string }): Promise<void> {
  const { isMerchantPage, merchantPageFor, MERCHANT_HOME } = await merchantRules();
  // /merchant and /merchant/ themselves: the identity verification (001 s2).
  if (page === '' || page === '/') throw redirect({ to: '/merchant/$', params: { _splat: MERCHANT_HOME }, replace: true });
  if (!isMerchantPage(page)) throw notFound();
  const shown = merchantPageFor(page, context.session.merchantFacts());
  if (shown === null) throw redirect({ to: '/home', replace: true });
  if (shown !== page) throw redirect({ to: '/merchant/$', params: { _splat: shown }, replace: true });
}

/** The contract rules arrive with the contract pages (the same chunk), not in every page's first load. */
const contractRules = () => import(/* webpackChunkName: "page-revenue-split" */ '@machines/contracts/contract.rules');

/**
 * /revenue-split and a contract's page (000 s1, s2; issue 58): only where the brand has contracts
 * (elsewhere the 404 page, and no contract call is made); a user without any merchant level
 * (contractRights none: the navigation shows no entry) goes home.
 */
export async function contractsGuard({ context, act = false }: { context: RouterContext; act?: boolean }): Promise<void> {
  if (!context.brand.contracts()) throw notFound();
  const { contractRights } = await contractRules();
  const rights = contractRights(context.session.merchantFacts());
  if (rights === 'none') throw redirect({ to: '/home', replace: true });
  // Making a contract (/revenue-split/new) needs full merchant access; a reader goes to the list.
  if (act && rights !== 'act') throw redirect({ to: '/revenue-split', replace: true });
}
