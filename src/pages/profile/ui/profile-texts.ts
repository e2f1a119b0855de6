import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AddressNotice } from '@machines/verification/verification.rules';

/** An address status (002 s3: 0 unconfirmed, 1 confirmed, 2 pending, 3 rejected, 4 name mismatch). */
export const ADDRESS_STATUS_TEXTS: Record<number, MessageDescriptor> = {
  0: msg`Waiting for a proof`,
  1: msg`Confirmed`,
  2: msg`Proof under review`,
  3: msg`Proof refused`,
  4: msg`The name on the proof does not match yours`,
};

/** A username change request (002 s3: active (awaiting), failed, pending). */
export const USERNAME_REQUEST_TEXTS: Record<'active' | 'failed' | 'pending', MessageDescriptor> = {
  active: msg`Waiting for you to open the link we sent to this address`,
  pending: msg`We are checking the change`,
  failed: msg`The change did not go through. Withdraw it and try again.`,
};

/** What the profile says about an address (addressNotices, in its order). */
export const ADDRESS_NOTICE_TEXTS: Record<AddressNotice, MessageDescriptor> = {
  outOfDate: msg`The proof of this address is out of date. Please send a recent one.`,
  cardAddress: msg`A card is sent to this address: please send a proof of it.`,
  confirmStillHere: msg`Please confirm you still live here.`,
  proofToVerify: msg`To verify your account, please send a proof of this address.`,
};
