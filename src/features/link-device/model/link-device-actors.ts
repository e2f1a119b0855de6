import { fromPromise } from 'xstate';
import { linkDeviceMachine } from '@machines/settings/link-device.machine';
import { sendStoreLinks } from '@/entities/device';
import { requestDeeplink } from '@/entities/security';
import { toFormFailure, toUiMessage } from '@/shared/api';

/**
 * The link-new-device statechart with the app's real calls: POST /auth/scp/request with the
 * session's bearer (the deeplink of the QR code) and POST /auth/stores-urls/send (the app's store
 * links by SMS). A failure is thrown as the message the popup shows.
 */
export const linkDeviceLogic = linkDeviceMachine.provide({
  actors: {
    requestDeeplink: fromPromise(async () => {
      try {
        return await requestDeeplink();
      } catch (error) {
        throw toUiMessage(error);
      }
    }),
    sendStoreLinks: fromPromise(async ({ input }) => {
      try {
        await sendStoreLinks(input.phoneNumber);
      } catch (error) {
        throw toFormFailure(error);
      }
    }),
  },
});
