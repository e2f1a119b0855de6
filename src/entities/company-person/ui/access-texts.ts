import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AccessArea, ChangeKind, ChangeStatus, Preset, Role } from '@machines/business/company-access.rules';

/** The access levels' names (002 s3 Access right levels). */
export const LEVEL_TEXTS: Record<number, MessageDescriptor> = {
  0: msg`No access`,
  1: msg`Read`,
  2: msg`Full access`,
  3: msg`Initiate`,
  4: msg`Confirmed`,
  5: msg`Uploading`,
};

/** The areas of a user's access list. */
export const AREA_TEXTS: Record<AccessArea, MessageDescriptor> = {
  balanceInfo: msg`Balances and company file`,
  transfers: msg`Transfers`,
  history: msg`History and statements`,
  merchant: msg`Merchant tools`,
};

export const PRESET_TEXTS: Record<Preset, MessageDescriptor> = {
  admin: msg`Admin`,
  viewer: msg`Viewer`,
  preparer: msg`Preparer`,
  custom: msg`Custom`,
};

export const PRESET_NOTES: Record<Preset, MessageDescriptor> = {
  admin: msg`Full access to everything, including users and access.`,
  viewer: msg`Reads balances, transfers and history; changes nothing.`,
  preparer: msg`Prepares transfers that a user with full access approves.`,
  custom: msg`Choose each level yourself.`,
};

export const ROLE_TEXTS: Record<Role, MessageDescriptor> = {
  director: msg`Director`,
  shareholder: msg`Shareholder`,
  ultimateOwner: msg`Ultimate beneficial owner`,
  authorisedUser: msg`Authorised user`,
  other: msg`Other`,
};

export const CHANGE_KIND_TEXTS: Record<ChangeKind, MessageDescriptor> = {
  rights: msg`Access change`,
  addUser: msg`New user`,
  removeUser: msg`Access removed`,
  primaryEmail: msg`New primary e-mail`,
};

export const CHANGE_STATUS_TEXTS: Record<ChangeStatus, MessageDescriptor> = {
  awaitingApproval: msg`Waiting for approval`,
  applied: msg`Applied`,
  declined: msg`Declined`,
  expired: msg`Expired`,
  failed: msg`Could not be applied`,
};
