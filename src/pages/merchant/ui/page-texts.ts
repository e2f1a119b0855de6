import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { MerchantPage as Page } from '@machines/merchant/merchant.rules';

/** Each child's name (the menu, the title). */
export const PAGE_TEXTS: Record<Page, { title: MessageDescriptor }> = {
  'security/verification': { title: msg`Identity verification` },
  'security/verification/history': { title: msg`Verification history` },
  'security/reputation': { title: msg`Reputation` },
  'ipn/history': { title: msg`IPN history` },
  'ipn/settings': { title: msg`IPN settings` },
  'buttons/my_saved_buttons': { title: msg`Saved buttons` },
  'buttons/pbn_settings': { title: msg`PBN settings` },
  'buttons/business_logos': { title: msg`Business logos` },
  'accounts/subscribers': { title: msg`Subscribers` },
  'internal/api_key': { title: msg`API keys` },
  'internal/api_log': { title: msg`API log` },
  'internal/webhook_log': { title: msg`Webhook log` },
};
