import {
  anyTransferOffered,
  isMassTransferOffered,
  isTransferOffered,
  isTransferTypeOffered,
  offeredTransferTypes,
  type MassTransferType,
  type PermissionFlags,
  type TransferPermission,
  type TransferType,
} from '@machines/transfers/permissions.logic';

/** 001 s3 Permission flags, s6 transfer permission 'own' / '3d': one row per flag. */
describe('transfer permissions (flags → offered transfers)', () => {
  const cases: [string, PermissionFlags, TransferType, TransferPermission][] = [
    ['between own accounts', { withdrawOwn: { betweenAccounts: true } }, 'betweenAccounts', 'own'],
    ['p2p by sendMoneyUser', { sendMoneyUser: true }, 'p2p', '3d'],
    ['p2p by user-to-user', { sendToOthers: { userToUser: true } }, 'p2p', '3d'],
    ['own wire', { withdrawOwn: { wire: true } }, 'wire', 'own'],
    ['third-party wire', { sendToOthers: { wire: true } }, 'wire', '3d'],
    ['own bank EFT', { withdrawOwn: { bankEft: true } }, 'eft', 'own'],
    ['third-party EFT', { sendToOthers: { eft: true } }, 'eft', '3d'],
    ['own card OCT', { withdrawOwn: { cardOct: true } }, 'oct', 'own'],
    ['third-party card (credit card)', { sendToOthers: { creditCard: true } }, 'oct', '3d'],
    ['own crypto', { withdrawOwn: { crypto: true } }, 'crypto_eft', 'own'],
    ['third-party crypto', { sendToOthers: { crypto: true } }, 'crypto_eft', '3d'],
    ['own instant', { withdrawOwn: { instant: true } }, 'instant_payment', 'own'],
    ['third-party instant', { sendToOthers: { instant: true } }, 'instant_payment', '3d'],
    ['own Interac', { withdrawOwn: { interac: true } }, 'interac', 'own'],
    ['third-party Interac', { sendToOthers: { interac: true } }, 'interac', '3d'],
    ['global transfer', { sendToOthers: { globalTransfer: true } }, 'globalPay', '3d'],
    ['own prepaid card load', { withdrawOwn: { betweenAccounts: true } }, 'loadPrepaidCard', 'own'],
    ['someone else’s prepaid card', { sendToOthers: { loadPrepaidCard: true } }, 'loadPrepaidCard', '3d'],
  ];

  it.each(cases)('%s: offered for its permission only, and nothing else is', (_name, flags, type, permission) => {
    expect(isTransferOffered(flags, type, permission)).toBe(true);
    const other: TransferPermission = permission === 'own' ? '3d' : 'own';
    expect(isTransferOffered(flags, type, other)).toBe(false);
    expect(isTransferTypeOffered(flags, type)).toBe(true);
    const also = type === 'betweenAccounts' ? ['loadPrepaidCard'] : type === 'loadPrepaidCard' && permission === 'own' ? ['betweenAccounts'] : [];
    expect(offeredTransferTypes(flags).sort()).toEqual([type, ...also].sort());
    expect(anyTransferOffered(flags)).toBe(true);
  });

  it.each([
    ['no flags at all', undefined],
    ['null', null],
    ['an empty profile (every flag false by default)', {}],
    ['flags present but false', { sendMoneyUser: false, withdrawOwn: { betweenAccounts: false, wire: false }, sendToOthers: { wire: false }, massSending: { wire: false } }],
    ['flags that offer no transfer', { requestMoney: true, settlementAccount: true, addFundsWireThirdParty: true, addFundsBankThirdParty: true, fundingByCrypto: true, sendMoneyPaxumUser: true }],
  ])('%s: nothing is offered', (_name, flags) => {
    expect(offeredTransferTypes(flags as PermissionFlags | null | undefined)).toEqual([]);
    expect(anyTransferOffered(flags as PermissionFlags | null | undefined)).toBe(false);
  });

  const mass: [keyof NonNullable<PermissionFlags['massSending']>, MassTransferType][] = [
    ['wire', 'wire'],
    ['eft', 'eft'],
    ['creditCard', 'oct'],
    ['instant', 'instant_payment'],
    ['interac', 'interac'],
    ['user', 'p2p'],
    ['crypto', 'crypto_eft'],
    ['globalTransfer', 'globalPay'],
  ];
  it.each(mass)('mass sending %s offers the mass %s transfer only', (flag, type) => {
    const flags: PermissionFlags = { massSending: { [flag]: true } };
    for (const [, other] of mass) expect(isMassTransferOffered(flags, other)).toBe(other === type);
    expect(offeredTransferTypes(flags)).toEqual([]); // single transfers are not offered by a mass flag
    expect(anyTransferOffered(flags)).toBe(true);
  });
});
