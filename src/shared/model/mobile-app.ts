import { createContext, useContext } from 'react';

/** What the page may tell the native app from a screen (spec 000 s1: card-to-wallet, downloads, identity-verification start). */
export type MobileAppMessage =
  | { type: 'cardToWallet'; accountId: number }
  /** Show the app's approval screen for this operation (000 s1: wrapper mode handles approval pushes). */
  | { type: 'approvalPush'; operationId: string }
  /** A file for the phone to save or share (000 s1 downloads): the bytes travel, never a link that needs the token. */
  | { type: 'download'; fileName: string; mimeType: string; dataBase64: string }
  /** Start the identity provider's SDK in the app (000 s1 identity-verification start): the run and its SDK token. */
  | { type: 'identityVerificationStart'; workflowRunId: string; token: string };

export interface MobileApp {
  send: (message: MobileAppMessage) => void;
}

/**
 * The native app around the page in mobile-wrapper mode; null in a browser, so screens offer
 * what only the app can do (add a card to the phone's wallet) only inside it.
 */
export const MobileAppContext = createContext<MobileApp | null>(null);
MobileAppContext.displayName = 'MobileAppContext';

export const useMobileApp = (): MobileApp | null => useContext(MobileAppContext);
