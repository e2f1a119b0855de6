export { CardActions, CardActionsView } from './ui/card-actions';
export type { CardActionsProps, CardActionName, CardActionsActor } from './ui/card-actions';
export { cardActionsLogicFor } from './model/card-actions-actors';
export type { CardActionsLogic } from './model/card-actions-actors';
