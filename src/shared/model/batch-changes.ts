import { newsChannel } from './news';

/**
 * News of a global pay batch from the realtime channel (a recipient chose how to receive): the
 * session publishes the batch's id, and a batch statechart that follows it asks for its status at
 * once instead of waiting for its next poll.
 */
const batches = newsChannel<number>();

/** Subscribes to every batch's news. Returns the unsubscribe. */
export const watchBatchChanges = batches.watch;
export const publishBatchChange = batches.publish;
