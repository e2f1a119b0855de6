import type { MerchantPage } from '@machines/merchant/merchant.rules';

/** What the page hands a menu group's content (each group is a chunk of its own, loaded when one of its pages opens). */
export interface GroupContentProps {
  page: MerchantPage;
  canManage: boolean;
  /** The address's search: a page's filters, cleaned by that page's rules. */
  search: Record<string, string>;
  onSearch: (next: Readonly<Record<string, string | undefined>>) => void;
}
