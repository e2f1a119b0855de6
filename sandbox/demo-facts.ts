/**
 * Facts of the demo data that handlers need too (registration creates customers like the seed's):
 * the brands and the permission flags every customer has unless the seed says otherwise. Here, not
 * in seed.ts, so no handler imports the seed (the seed submits through handlers).
 */
export const BRANDS = ['brand1', 'brand2', 'brand3', 'brand4', 'brand5', 'brand6'] as const;

/** Every permission flag on (001 s3): what demo users have unless they say otherwise. */
export const ALL_PERMISSION_FLAGS = {
  sendMoneyPaxumUser: true,
  sendMoneyUser: true,
  requestMoney: true,
  settlementAccount: true,
  addFundsWireThirdParty: true,
  addFundsBankThirdParty: true,
  withdrawOwn: { crypto: true, wire: true, bankEft: true, cardOct: true, instant: true, interac: true, betweenAccounts: true },
  sendToOthers: { crypto: true, wire: true, eft: true, creditCard: true, instant: true, interac: true, userToUser: true, globalTransfer: true, loadPrepaidCard: true },
  massSending: { wire: true, eft: true, creditCard: true, instant: true, interac: true, user: true, crypto: true, globalTransfer: true },
  fundingByCrypto: true,
};
