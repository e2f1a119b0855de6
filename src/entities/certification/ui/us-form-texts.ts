import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CertificationForm } from '@machines/certification/tax.rules';

/** The US forms a certification asks for (FATCA), as the customer reads them. */
export const US_FORM_TEXTS: Record<CertificationForm, MessageDescriptor> = {
  w9: msg`Form W-9`,
  w8ben: msg`Form W-8BEN`,
  w8bene: msg`Form W-8BEN-E`,
  lossOfNationality: msg`Certificate of loss of US nationality`,
};
