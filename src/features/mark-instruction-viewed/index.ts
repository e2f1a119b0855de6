export { MarkViewedButton } from './ui/mark-viewed-button';
export type { MarkViewedButtonProps } from './ui/mark-viewed-button';
export { markViewedLogic } from './model/mark-viewed-actors';
export type { MarkViewedLogic } from './model/mark-viewed-actors';
