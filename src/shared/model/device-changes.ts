import { newsChannel } from './news';

/**
 * News of the customer's devices from the realtime channel (a phone linked by opening the QR
 * code's deeplink, issue 49): the session publishes it, and the device lists on /setting read
 * again at once (the "link a new phone" popup is still open over them).
 */
const devices = newsChannel();

/** Subscribes to the news. Returns the unsubscribe. */
export const watchDeviceChanges = devices.watch;
export const publishDeviceChange = (): void => devices.publish();
