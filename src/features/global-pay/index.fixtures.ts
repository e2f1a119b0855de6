/**
 * The global pay stories' fixtures, for the stories of other slices (the pages that show the
 * editor and the summary). Stories only: the app imports `./index`, never this.
 */
export { draftBatch, draftPayments, manyPayments, methods, never, useStoryActor } from './ui/global-pay.fixtures';
