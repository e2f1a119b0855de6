import { newsChannel } from './news';

/**
 * News of the customer's verification from the realtime channel (a document confirmed or refused,
 * a username change request moved on): the session publishes it, and the verification statechart
 * and the profile read again at once instead of waiting for the tab to come back into view.
 */
const verification = newsChannel();

/** Subscribes to the news. Returns the unsubscribe. */
export const watchVerificationChanges = verification.watch;
export const publishVerificationChange = (): void => verification.publish();
