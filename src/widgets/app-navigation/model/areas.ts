import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ACCESS_LEVEL, type NavRule } from '@machines/app/navigation.logic';
import type { useBrand } from '@/shared/model';

type Feature = keyof ReturnType<typeof useBrand>['config']['features'];

export interface NavArea extends NavRule<Feature> {
  id: string;
  /** The area's entry route. */
  to: '/home' | '/cards' | '/transfer/account' | '/transfer/approved' | '/history' | '/profile' | '/setting' | '/company' | '/merchant' | '/revenue-split' | '/messages';
  label: MessageDescriptor;
}

/**
 * The areas of the main navigation, in menu order: one row per area that exists. An area's issue
 * adds its row (and widens `to`); the row's rule says for whom it shows (machines/app/navigation.logic.ts).
 */
export const NAV_AREAS: readonly NavArea[] = [
  { id: 'home', to: '/home', label: msg`Home` },
  { id: 'cards', to: '/cards', label: msg`Cards` },
  { id: 'transfers', to: '/transfer/account', label: msg`Transfers`, right: { name: 'transfers', min: ACCESS_LEVEL.full }, transfers: true },
  // Business approvals: approvers (full access, confirmed) and initiate-only users (their own requests).
  { id: 'approvals', to: '/transfer/approved', label: msg`Approvals`, customerTypes: ['business'], right: { name: 'transfers', min: ACCESS_LEVEL.full } },
  { id: 'history', to: '/history', label: msg`History` },
  { id: 'profile', to: '/profile', label: msg`Profile` },
  // The company's own file (issue 53): its documents, information, financial details, declarations.
  { id: 'company', to: '/company', label: msg`Company`, customerTypes: ['business'] },
  // The merchant area (issue 55): any merchant level but none (reads); its internal pages need full access.
  { id: 'merchant', to: '/merchant', label: msg`Merchant tools`, right: { name: 'merchant', min: ACCESS_LEVEL.read } },
  // Smart contracts (issue 58): brand 1 only; they share a merchant's takings, so the merchant right opens them (contractRights).
  { id: 'contracts', to: '/revenue-split', label: msg`Revenue split`, brandFeature: 'contracts', right: { name: 'merchant', min: ACCESS_LEVEL.read } },
  // Support tickets (issue 60): the customer's own, or the company's for a business user acting for it.
  { id: 'messages', to: '/messages', label: msg`Messages` },
  { id: 'settings', to: '/setting', label: msg`Security and devices` },
];
