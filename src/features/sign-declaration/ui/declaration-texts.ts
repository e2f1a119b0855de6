import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { DeclarationKind } from '@machines/company/company-file.rules';

/** Each statement the company signs: its title and what the signer confirms for the company. */
export const DECLARATION_TEXTS: Record<DeclarationKind, { title: MessageDescriptor; text: MessageDescriptor }> = {
  resolution: {
    title: msg`Board resolution`,
    text: msg`The board of directors of the company authorises opening and operating this account, and authorises the persons named as users of the account to act for the company with the access each of them is given.`,
  },
  studio: {
    title: msg`Studio declaration`,
    text: msg`The company operates a webcam studio. Every performer is at least 18 years old and has consented to perform and to be broadcast. The company verifies the identity and age of every performer before they perform and keeps records of these checks and consents.`,
  },
  streamingPlatform: {
    title: msg`Streaming platform declaration`,
    text: msg`The company operates a streaming platform. It verifies the age and identity of every broadcaster before they can broadcast, removes illegal content as soon as it learns of it, and keeps records of these checks.`,
  },
  prohibitedEscortStatement: {
    title: msg`Statement on escort services`,
    text: msg`The company does not offer, advertise or facilitate escort services or sexual services for payment, and does not use this account for payments related to them.`,
  },
};
