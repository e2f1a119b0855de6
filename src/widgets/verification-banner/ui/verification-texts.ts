import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LimitReasonName, RequiredAction, VerificationStatus } from '@machines/verification/verification.rules';

/** What each status says to the customer (002 s4), short (the banner) and how to go on. */
export const STATUS_TEXTS: Record<VerificationStatus, { title: MessageDescriptor; body: MessageDescriptor }> = {
  checked: { title: msg`Your account is verified`, body: msg`Nothing is needed from you.` },
  limited: { title: msg`Your account is limited`, body: msg`Some operations are blocked until you send the documents we ask for.` },
  processing: { title: msg`We are checking your documents`, body: msg`Your documents are under review. We will let you know when we are done.` },
  verificationProcessing: { title: msg`We are verifying your account`, body: msg`Your documents are under review. This usually takes one or two working days.` },
  unverified: { title: msg`Verify your account`, body: msg`Send an identity document and a proof of address to use every feature.` },
  duplicateDocuments: { title: msg`Send your documents again`, body: msg`The documents you sent are already used by another account. Send documents of your own.` },
  duplicateDocumentsUploaded: { title: msg`We are checking your new documents`, body: msg`Thank you. The documents you sent again are under review.` },
  hasRequiredActions: { title: msg`Some details need your attention`, body: msg`Complete the items below to keep your account fully working.` },
  someCardDocumentRequired: { title: msg`A card needs a document`, body: msg`Send a proof of address for the address your card goes to.` },
  finalReview: { title: msg`Final review`, body: msg`Everything is in. We are doing a last check of your account.` },
};

export const REQUIRED_ACTION_TEXTS: Record<RequiredAction, MessageDescriptor> = {
  fatca: msg`Complete your tax certification (FATCA/CRS).`,
  address: msg`Add or confirm your address.`,
  proofOfResidence: msg`Send a current proof of residence.`,
  identity: msg`Send a valid identity document.`,
  phone: msg`Confirm your phone number.`,
  videoIdentity: msg`Repeat the video identification.`,
};

export const LIMIT_REASON_TEXTS: Record<LimitReasonName, MessageDescriptor> = {
  expiredDocuments: msg`Expired documents`,
  unpaidInvoice: msg`Unpaid invoice`,
  sanctions: msg`Sanctions screening`,
  adverseMedia: msg`Adverse media`,
  accountInvestigation: msg`Account investigation`,
};
