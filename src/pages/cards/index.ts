export { CardsListPage, CardsListPageView, CardsListView, CardsLinks } from './ui/cards-list-page';
export type { CardListKind } from './ui/cards-list-page';
export { CardDetailPage, CardPinPage, CardDetailView, CardPageView } from './ui/card-detail-page';
export { PhysicalCardsPage, VirtualCardsPage } from './ui/list-pages';
