/**
 * Which transfers a customer is offered (001 s3 Permission flags, s6): the flags of the customer
 * profile (an absent flag is false) and the transfer permission — 'own' for the customer's own
 * beneficiaries (own-account withdrawals), '3d' for third parties (sending to others). Mass
 * (file) transfers have their own flags. One table, table-tested in tests/unit/transfer-permissions.test.ts.
 */
export interface PermissionFlags {
  sendMoneyPaxumUser?: boolean | undefined;
  sendMoneyUser?: boolean | undefined;
  requestMoney?: boolean | undefined;
  settlementAccount?: boolean | undefined;
  addFundsWireThirdParty?: boolean | undefined;
  addFundsBankThirdParty?: boolean | undefined;
  withdrawOwn?: Partial<Record<'crypto' | 'wire' | 'bankEft' | 'cardOct' | 'instant' | 'interac' | 'betweenAccounts', boolean>> | undefined;
  sendToOthers?: Partial<Record<'crypto' | 'wire' | 'eft' | 'creditCard' | 'instant' | 'interac' | 'userToUser' | 'globalTransfer' | 'loadPrepaidCard', boolean>> | undefined;
  massSending?: Partial<Record<'wire' | 'eft' | 'creditCard' | 'instant' | 'interac' | 'user' | 'crypto' | 'globalTransfer', boolean>> | undefined;
  fundingByCrypto?: boolean | undefined;
}

/** The kinds of transfer the app offers (001 s1, s7, s9: recent transfer types, p2p, between accounts, global pay, mass). */
export type TransferType = 'betweenAccounts' | 'p2p' | 'wire' | 'eft' | 'oct' | 'crypto_eft' | 'instant_payment' | 'interac' | 'globalPay' | 'loadPrepaidCard';
export type MassTransferType = 'wire' | 'eft' | 'oct' | 'instant_payment' | 'interac' | 'p2p' | 'crypto_eft' | 'globalPay';
export type TransferPermission = 'own' | '3d';

type Rule = (f: PermissionFlags) => boolean;
const never: Rule = () => false;

/** Per transfer type: the flag for the customer's own beneficiaries and the flag for third parties. */
export const TRANSFER_FLAGS: Readonly<Record<TransferType, Record<TransferPermission, Rule>>> = {
  betweenAccounts: { own: (f) => f.withdrawOwn?.betweenAccounts === true, '3d': never },
  p2p: { own: never, '3d': (f) => f.sendMoneyUser === true || f.sendToOthers?.userToUser === true },
  wire: { own: (f) => f.withdrawOwn?.wire === true, '3d': (f) => f.sendToOthers?.wire === true },
  eft: { own: (f) => f.withdrawOwn?.bankEft === true, '3d': (f) => f.sendToOthers?.eft === true },
  oct: { own: (f) => f.withdrawOwn?.cardOct === true, '3d': (f) => f.sendToOthers?.creditCard === true },
  crypto_eft: { own: (f) => f.withdrawOwn?.crypto === true, '3d': (f) => f.sendToOthers?.crypto === true },
  instant_payment: { own: (f) => f.withdrawOwn?.instant === true, '3d': (f) => f.sendToOthers?.instant === true },
  interac: { own: (f) => f.withdrawOwn?.interac === true, '3d': (f) => f.sendToOthers?.interac === true },
  globalPay: { own: never, '3d': (f) => f.sendToOthers?.globalTransfer === true },
  // Loading one's own prepaid card is a transfer between own accounts; someone else's needs its own flag.
  loadPrepaidCard: { own: (f) => f.withdrawOwn?.betweenAccounts === true, '3d': (f) => f.sendToOthers?.loadPrepaidCard === true },
};

export const MASS_TRANSFER_FLAGS: Readonly<Record<MassTransferType, Rule>> = {
  wire: (f) => f.massSending?.wire === true,
  eft: (f) => f.massSending?.eft === true,
  oct: (f) => f.massSending?.creditCard === true,
  instant_payment: (f) => f.massSending?.instant === true,
  interac: (f) => f.massSending?.interac === true,
  p2p: (f) => f.massSending?.user === true,
  crypto_eft: (f) => f.massSending?.crypto === true,
  globalPay: (f) => f.massSending?.globalTransfer === true,
};

/** Whether a transfer type is offered for a permission ('own' or '3d'); no flags: nothing is. */
export function isTransferOffered(flags: PermissionFlags | null | undefined, type: TransferType, permission: TransferPermission): boolean {
  return !!flags && TRANSFER_FLAGS[type][permission](flags);
}

/** Either permission. */
export const isTransferTypeOffered = (flags: PermissionFlags | null | undefined, type: TransferType): boolean =>
  isTransferOffered(flags, type, 'own') || isTransferOffered(flags, type, '3d');

export const isMassTransferOffered = (flags: PermissionFlags | null | undefined, type: MassTransferType): boolean => !!flags && MASS_TRANSFER_FLAGS[type](flags);

/** The transfer types offered at all (single or mass), in the table's order: the Transfers area shows when there is one. */
export function offeredTransferTypes(flags: PermissionFlags | null | undefined): TransferType[] {
  return (Object.keys(TRANSFER_FLAGS) as TransferType[]).filter((type) => isTransferTypeOffered(flags, type));
}

export const anyTransferOffered = (flags: PermissionFlags | null | undefined): boolean =>
  offeredTransferTypes(flags).length > 0 || (Object.keys(MASS_TRANSFER_FLAGS) as MassTransferType[]).some((t) => isMassTransferOffered(flags, t));
