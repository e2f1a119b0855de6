export { DeclarationCard } from './ui/declaration-card';
export type { DeclarationCardProps } from './ui/declaration-card';
export { declarationSignLogic } from './model/declaration-actors';
export type { DeclarationSignLogic } from './model/declaration-actors';
