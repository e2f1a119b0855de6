import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RepresentativeDocument } from '@machines/business/company-access.rules';

/** A document set that needs action (002 s4 the representative action flag), as its warning lists it. */
export const ACTION_DOCUMENT_TEXTS: Record<RepresentativeDocument, MessageDescriptor> = {
  address: msg`address document`,
  identity: msg`identity document`,
  control: msg`control document`,
};
