import { CardsListPage } from './cards-list-page';

/** The two list routes, one export each (lazyRoute takes an export by name). */
export const PhysicalCardsPage = () => <CardsListPage kind="physical" />;
export const VirtualCardsPage = () => <CardsListPage kind="virtual" />;
