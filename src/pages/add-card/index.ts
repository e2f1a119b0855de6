export { AddCardPage, ExternalCardList, ExternalCardsView } from './ui/add-card-page';
