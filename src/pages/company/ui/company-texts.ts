import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CompanySection, RegistrationField, SourceOfWealthStanding } from '@machines/company/company-file.rules';

/** The sections' names, in the page's menu and titles. */
export const SECTION_TEXTS: Record<CompanySection, MessageDescriptor> = {
  documents: msg`Documents`,
  information: msg`Business information`,
  representatives: msg`Representatives`,
  'financial-details': msg`Financial details`,
  declarations: msg`Declarations`,
  'source-of-wealth': msg`Source of wealth`,
};

/** The registration facts (002 s3 Business), as the action list and the information section name them. */
export const REGISTRATION_FIELD_TEXTS: Record<RegistrationField, MessageDescriptor> = {
  name: msg`Company name`,
  registrationCountryCode: msg`Country of registration`,
  registrationNumber: msg`Registration number`,
  registrationDate: msg`Registration date`,
};

/** A document set's status (main.yaml CompanyDocumentSetStatus). */
export const SET_STATUS_TEXTS: Record<number, MessageDescriptor> = {
  0: msg`Not sent yet`,
  1: msg`Under review`,
  2: msg`Accepted`,
  3: msg`Refused`,
  4: msg`Expired`,
};

/** A source-of-wealth document's standing on the customer's day. */
export const STANDING_TEXTS: Record<SourceOfWealthStanding, MessageDescriptor> = {
  inReview: msg`Under review`,
  valid: msg`Accepted`,
  expiringSoon: msg`Expires soon: send a new one`,
  expired: msg`Expired: send a new one`,
  rejected: msg`Refused: send a new one`,
};
