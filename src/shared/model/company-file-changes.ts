import { newsChannel } from './news';

/**
 * News of the acting company's file from the realtime channel (issue 53: a company document
 * confirmed or refused): the session publishes it, and the company's pages read the file again at
 * once (the action list follows without a reload).
 */
const companyFile = newsChannel();

/** Subscribes to the news. Returns the unsubscribe. */
export const watchCompanyFileChanges = companyFile.watch;
export const publishCompanyFileChange = (): void => companyFile.publish();
