import { createRoute } from '@tanstack/react-router';
import { lazyRoute } from '../lazy-route';
import { mainLayout } from '../layouts';
import { cardDetailGuardFor, cardListGuard, cardsLandingGuard } from '../guards';

/**
 * Cards (000 s2, 001 s2): /cards leads to a list or a card, the lists skip to a single card, a
 * card's pages are only for the customer's own prepaid, non-closed cards (guards.ts, rules in
 * machines/cards/card.logic.ts). /add-card and /confirm-card/{cardId} are the cards at other banks.
 */
const cardsRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'cards',
  beforeLoad: cardsLandingGuard,
});

const physicalRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'cards/physical',
  beforeLoad: cardListGuard('physical'),
  component: lazyRoute(() => import(/* webpackChunkName: "page-cards" */ '@/pages/cards'), 'PhysicalCardsPage'),
});

const virtualRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'cards/virtual',
  beforeLoad: cardListGuard('virtual'),
  component: lazyRoute(() => import(/* webpackChunkName: "page-cards" */ '@/pages/cards'), 'VirtualCardsPage'),
});

const applyRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'cards/apply',
  validateSearch: (search: Record<string, unknown>): { accountId?: string } => (typeof search.accountId === 'string' ? { accountId: search.accountId } : {}),
  component: lazyRoute(() => import(/* webpackChunkName: "page-card-apply" */ '@/pages/card-apply'), 'CardApplyPage'),
});

const detailRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'cards/$accountId',
  beforeLoad: cardDetailGuardFor,
  component: lazyRoute(() => import(/* webpackChunkName: "page-cards" */ '@/pages/cards'), 'CardDetailPage'),
});

const pinRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'card/$accountId/pin',
  beforeLoad: cardDetailGuardFor,
  component: lazyRoute(() => import(/* webpackChunkName: "page-cards" */ '@/pages/cards'), 'CardPinPage'),
});

const addCardRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'add-card',
  component: lazyRoute(() => import(/* webpackChunkName: "page-add-card" */ '@/pages/add-card'), 'AddCardPage'),
});

const confirmCardRoute = createRoute({
  getParentRoute: () => mainLayout,
  path: 'confirm-card/$cardId',
  validateSearch: (search: Record<string, unknown>): { back?: string } => (typeof search.back === 'string' ? { back: search.back } : {}),
  component: lazyRoute(() => import(/* webpackChunkName: "page-confirm-card" */ '@/pages/confirm-card'), 'ConfirmCardPage'),
});

export const cardRoutes = {
  main: [cardsRoute, physicalRoute, virtualRoute, applyRoute, detailRoute, pinRoute, addCardRoute, confirmCardRoute],
} as const;
