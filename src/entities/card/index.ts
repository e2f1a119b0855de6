export {
  cardKeys,
  toCardState,
  runCardCommand,
  cardShowPin,
  cardGetPin,
  cardBlock,
  cardChangePin,
  cardSetAlias,
  cardReissue,
  cardActivationData,
  cardActivation,
  binInfo,
  cardOffersQuery,
  cardApply,
  externalCardsQuery,
  externalCardAdd,
  cardConfirmRequirementsQuery,
  cardConfirm,
} from './api/cards';
export type { ExternalCard, CardOffer } from './api/cards';
export { CardSummary, useCardName, expiryText } from './ui/card-summary';
